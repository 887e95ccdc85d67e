import type { AggregateKind } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { Engine } from '../../db/tables.js';
import { aggregateSql } from '../aggregateSql.js';
import type { PlannedAggregate } from '../plan/planTypes.js';
import type { ResolvedColumn } from '../resolveColumns.js';

/** How a partial column merges across chunks. */
export type Merge = 'count' | 'sum' | 'min' | 'max';

export interface PartialColumn {
  sql: RawBuilder<unknown>;
  merge: Merge;
}

/** An aggregate the merge answers as `name`, from the partial column at `at` (and the next, for an average). */
export interface PartialOutput {
  name: string;
  kind: AggregateKind;
  at: number;
}

export interface Partials {
  /** p0 is the count of rows; each aggregate reads back from its own. */
  columns: PartialColumn[];
  outputs: PartialOutput[];
}

export const numericTypes = new Set(['Int32', 'Decimal', 'Currency', 'AutoNumber']);

/**
 * The partial columns a chunk's aggregates are merged from: a count, sum, min or max each (an
 * average is a sum and a count of values); undefined when an aggregate cannot be made of partials
 * (distinct counts, lists, deviations; min or max of text and dates, which compare by the engine's
 * collation that JavaScript cannot repeat).
 */
export function partialColumns(
  engine: Engine,
  aggregates: readonly PlannedAggregate[],
  value: (column: ResolvedColumn) => RawBuilder<unknown>,
): Partials | undefined {
  const columns: PartialColumn[] = [{ sql: sql`count(*)`, merge: 'count' }];
  const outputs: PartialOutput[] = [];
  for (const [i, a] of aggregates.entries()) {
    for (const [j, kind] of a.kinds.entries()) {
      const at = columns.length;
      const v = () => value(a.column);
      switch (kind) {
        case 'CountAll':
          columns.push({ sql: sql`count(*)`, merge: 'count' });
          break;
        case 'Count':
          columns.push({ sql: aggregateSql(engine, kind, a.column, v()), merge: 'count' });
          break;
        case 'Sum':
          columns.push({ sql: aggregateSql(engine, kind, a.column, v()), merge: 'sum' });
          break;
        case 'Average':
          columns.push({ sql: aggregateSql(engine, 'Sum', a.column, v()), merge: 'sum' });
          columns.push({ sql: sql`count(${v()})`, merge: 'count' });
          break;
        case 'Min':
        case 'Max':
          if (!numericTypes.has(a.column.type)) return undefined;
          columns.push({
            sql: aggregateSql(engine, kind, a.column, v()),
            merge: kind === 'Min' ? 'min' : 'max',
          });
          break;
        default:
          return undefined;
      }
      outputs.push({ name: `a${i}_${j}`, kind, at });
    }
  }
  return { columns, outputs };
}
