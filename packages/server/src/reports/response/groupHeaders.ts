import type { AggregateKind, ReportRunResponse } from '@plinth/schema';
import { aggregateValue } from '../aggregateSql.js';
import { groupKeyHasId } from '../plan/planSorts.js';
import type { PlannedAggregate, PlannedSort } from '../plan/planTypes.js';
import { fieldCell } from '../reportCells.js';
import type { ResolvedColumn } from '../resolveColumns.js';

type Row = Record<string, unknown>;
type Bucket = NonNullable<ReportRunResponse['rdata']>[number];

/** A group bucket's header values, as `rdata.hdrs` answers them, from its `k{i}` and `kid{i}`. */
export function headersOf(groups: readonly PlannedSort[], r: Row): Bucket['hdrs'] {
  return groups.map((g, i) => {
    if (groupKeyHasId(g.column)) {
      const id = r[`kid${i}`];
      return { vals: id == null ? [] : [{ eid: Number(id), val: (r[`k${i}`] as string | null) ?? null }] };
    }
    const value = normalise(g.column, r[`k${i}`]);
    return g.column.kind === 'field' ? fieldCell(g.column.field, value) : { val: value };
  });
}

/** The aggregates of a bucket or of the grand total, per column, from its `a{i}_{j}`. */
export function aggregatesOf(aggregates: readonly PlannedAggregate[], r: Row): Bucket['aggs'] {
  return Object.fromEntries(
    aggregates.map((a, i) => [
      a.column.id,
      a.kinds.map((kind: AggregateKind, j) => {
        const value = aggregateValue(kind, r[`a${i}_${j}`]);
        // A largest or smallest auto-number is shown through its display pattern, as its cells are.
        const text =
          (kind === 'Max' || kind === 'Min') && a.column.kind === 'field' && typeof value === 'number'
            ? fieldCell(a.column.field, value).text
            : undefined;
        return text === undefined ? { kind, value } : { kind, value, text };
      }),
    ]),
  );
}

/** SQL hands back numbers, booleans and text in engine-specific forms; answers use JSON's. */
export function normalise(column: ResolvedColumn, raw: unknown): string | number | boolean | null {
  if (raw === null || raw === undefined) return null;
  if (column.type === 'Bool') return raw === true || raw === 1 || raw === '1' || raw === 't';
  if (typeof raw === 'string' && ['Int32', 'Decimal', 'Currency', 'AutoNumber'].includes(column.type))
    return Number(raw);
  if (typeof raw === 'number' || typeof raw === 'string' || typeof raw === 'boolean') return raw;
  return String(raw);
}
