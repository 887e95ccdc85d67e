import type { AggregateKind } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { Engine } from '../db/tables.js';
import { badRequest } from '../http/errors.js';
import type { ResolvedColumn } from './resolveColumns.js';

const numericTypes = new Set(['Int32', 'Decimal', 'Currency', 'AutoNumber']);
const orderedTypes = new Set([...numericTypes, 'Date', 'DateTime', 'Time', 'String']);

/** SQL of one aggregate over a column's value. Kinds that make no sense for the column's type are a 400. */
export function aggregateSql(
  engine: Engine,
  kind: AggregateKind,
  column: ResolvedColumn,
  value: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const fail = () => badRequest(`'${kind}' does not apply to the column '${column.title}'.`);
  const numeric = numericTypes.has(column.type);
  /** The value, with empty text as no value. */
  const present = column.type === 'String' ? sql`nullif(${value}, '')` : value;
  switch (kind) {
    case 'CountAll':
      return sql`count(*)`;
    case 'Count':
      return sql`count(${present})`;
    case 'CountUnique':
      // Blanks (no value, or empty text) count as one value of their own.
      return sql`(count(DISTINCT ${present}) + coalesce(max(CASE WHEN ${present} IS NULL THEN 1 ELSE 0 END), 0))`;
    case 'CountUniqueNoBlanks':
      return sql`count(DISTINCT ${present})`;
    case 'List':
      return engine === 'postgres'
        ? sql`string_agg(${present}::text, ', ')`
        : sql`group_concat(${present}, ', ')`;
    case 'Max':
    case 'Min':
      if (!orderedTypes.has(column.type) || column.kind !== 'field') throw fail();
      return kind === 'Max' ? sql`max(${value})` : sql`min(${value})`;
    case 'Sum':
    case 'Average':
    case 'StandardDeviation':
    case 'PopulationStandardDeviation':
    case 'Variance':
    case 'PopulationVariance': {
      if (!numeric || column.kind !== 'field') throw fail();
      const fn = {
        Sum: 'sum',
        Average: 'avg',
        StandardDeviation: 'stddev_samp',
        PopulationStandardDeviation: 'stddev_pop',
        Variance: 'var_samp',
        PopulationVariance: 'var_pop',
      }[kind];
      return sql`${sql.raw(fn)}(${value})`;
    }
  }
}

/** Aggregates answer numbers with at most 3 decimals (spec 02 §9); counts stay whole, lists text. */
export function aggregateValue(kind: AggregateKind, raw: unknown): string | number | null {
  if (raw === null || raw === undefined) return kind.startsWith('Count') ? 0 : null;
  if (kind === 'List') return String(raw);
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (typeof raw === 'string' && Number.isNaN(n)) return raw;
  if (kind.startsWith('Count')) return Math.round(n);
  return Math.round(n * 1000) / 1000;
}
