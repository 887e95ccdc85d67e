import type { RawBuilder } from 'kysely';
import { groupKeyHasId } from '../plan/planSorts.js';
import type { PlanFacts, SortOrder } from '../plan/planTypes.js';
import type { ReportSql } from '../reportSql.js';
import type { ResolvedColumn } from '../resolveColumns.js';

/** The most groups one answer holds. */
export const MAX_GROUPS = 1000;

/**
 * A group key as SQL: its value, and the related record's id of a to-one relationship. Buckets
 * answer them as `k{i}` and `kid{i}`.
 */
export interface GroupKey {
  column: ResolvedColumn;
  order: SortOrder;
  value: RawBuilder<unknown>;
  id: RawBuilder<unknown> | undefined;
  i: number;
}

export function groupKeys(plan: PlanFacts, q: ReportSql): GroupKey[] {
  return plan.groups.map((g, i) => ({
    column: g.column,
    order: g.order,
    value: q.columnValue(g.column),
    id: groupKeyHasId(g.column) ? q.relatedIdOf(g.column) : undefined,
    i,
  }));
}
