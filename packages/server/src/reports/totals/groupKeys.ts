import { type RawBuilder, sql } from 'kysely';
import type { RequestContext } from '../../context.js';
import { tenantScope } from '../../data/tenantScope.js';
import { groupKeyHasId } from '../plan/planSorts.js';
import type { PlanFacts, SortOrder } from '../plan/planTypes.js';
import { orderKeySql, type ReportSql, sortsAsText } from '../reportSql.js';
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

/** The keys' part of a grouped statement: what it selects, groups by and orders by. */
export interface GroupedSql {
  /** `lead` then the keys: `k{i}`, `o{i}` (see below) and `kid{i}`. */
  selects: RawBuilder<unknown>[];
  /** Every one of `selects`, by its position. */
  groupBy: RawBuilder<unknown>;
  /** The keys in the report's order of groups, as reportSql orders a group's rows. */
  orderBy: RawBuilder<unknown>[];
}

/**
 * The keys of a grouped statement, after `lead` (grouped too), grouped and ordered by their
 * positions in the select list: a key is written once. A key bound with parameters (a calculation:
 * its literals, the subquery reading through a link) could not be written twice, as PostgreSQL
 * tells expressions apart by their parameters' numbers: the GROUP BY's would be another
 * expression than the SELECT's, and the statement fails. Such a text key selects its `lower()` as
 * `o{i}` to order by; others' `lower()` is of an expression grouped by, as before.
 */
export function groupedSql(
  ctx: RequestContext,
  keys: readonly GroupKey[],
  lead: readonly RawBuilder<unknown>[] = [],
): GroupedSql {
  const selects = [...lead];
  const selected = (item: RawBuilder<unknown>) => {
    selects.push(item);
    return sql.lit(selects.length);
  };
  const orderBy: RawBuilder<unknown>[] = [];
  const tenant = tenantScope(ctx);
  for (const k of keys) {
    const value = selected(sql`${k.value} AS ${sql.id(`k${k.i}`)}`);
    if (sortsAsText(k.column)) {
      const bound = tenant.compile(k.value).parameters.length > 0;
      const lowered = bound
        ? selected(sql`lower(${k.value}) AS ${sql.id(`o${k.i}`)}`)
        : sql`lower(${k.value})`;
      orderBy.push(orderKeySql(lowered, k.order));
    }
    // Values that differ only in case, and same-named records, are groups of their own.
    orderBy.push(orderKeySql(value, k.order));
    if (k.id) orderBy.push(orderKeySql(selected(sql`${k.id} AS ${sql.id(`kid${k.i}`)}`), k.order));
  }
  return { selects, groupBy: sql.join(selects.map((_, n) => sql.lit(n + 1))), orderBy };
}
