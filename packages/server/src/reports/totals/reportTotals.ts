import { type RawBuilder, sql } from 'kysely';
import type { RequestContext } from '../../context.js';
import { tenantScope } from '../../data/tenantScope.js';
import { aggregateSql } from '../aggregateSql.js';
import type { PlanFacts, TotalsKind } from '../plan/planTypes.js';
import type { ReportSql } from '../reportSql.js';
import { cachedRows } from '../resultCache.js';
import { type GroupKey, groupedSql, MAX_GROUPS } from './groupKeys.js';
import type { SegmentState } from './partialRows.js';
import { segmentation } from './segmentedAggregates.js';

type Row = Record<string, unknown>;

/** The group buckets (`k{i}`, `kid{i}`, `cnt`, `a{i}_{j}`) and the grand total's one row, when asked. */
export interface ReportTotals {
  groups: Row[] | undefined;
  total: Row[] | undefined;
}

/**
 * The totals stage: groups and totals visit every matching record, so they are computed together,
 * once per change of the data they read, and kept in the result cache (decision 0021); after a
 * write only the chunks of records it touched are aggregated again (decision 0025).
 */
export async function readTotals(
  ctx: RequestContext,
  plan: PlanFacts,
  q: ReportSql,
  keys: readonly GroupKey[],
): Promise<ReportTotals> {
  if (plan.totals.length === 0) return { groups: undefined, total: undefined };
  // With a result limit, groups and totals count only the top N records.
  const limited =
    plan.limit === undefined
      ? q.where
      : sql<boolean>`e0.id IN (SELECT e0.id FROM ${q.from()} WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT ${plan.limit})`;
  const statements = plan.totals.map((kind) => totalsStatement(ctx, plan, q, keys, limited, kind));
  const tenant = tenantScope(ctx);
  const results = await cachedRows<Row[][]>(
    ctx,
    statements.map((s) => tenant.compile(s)),
    plan.typesRead,
    async () => {
      const out: Row[][] = [];
      for (const s of statements) out.push((await tenant.execute(s)).rows);
      return out;
    },
    // Made only when the kept result is stale: a hit costs no chunked form.
    {
      refresh: (previous, key) =>
        segmentation(ctx, plan, q, keys)?.refresh(previous as SegmentState | undefined, key) ??
        Promise.resolve(undefined),
    },
  );
  return { groups: results[plan.totals.indexOf('groups')], total: results[plan.totals.indexOf('total')] };
}

/** One statement of the totals: the buckets in the report's order of groups, or the grand total. */
function totalsStatement(
  ctx: RequestContext,
  plan: PlanFacts,
  q: ReportSql,
  keys: readonly GroupKey[],
  limited: RawBuilder<boolean>,
  kind: TotalsKind,
): RawBuilder<Row> {
  const aggSelect = (extra: RawBuilder<unknown>[] = []) => [
    ...extra,
    sql`count(*) AS cnt`,
    ...plan.aggregates.flatMap((a, i) =>
      a.kinds.map(
        (k, j) =>
          sql`${aggregateSql(ctx.engine, k, a.column, q.columnValue(a.column))} AS ${sql.id(`a${i}_${j}`)}`,
      ),
    ),
  ];
  if (kind === 'total') return sql<Row>`SELECT ${sql.join(aggSelect())} FROM ${q.from()} WHERE ${limited}`;
  const g = groupedSql(ctx, keys);
  return sql<Row>`SELECT ${sql.join(aggSelect(g.selects))} FROM ${q.from()} WHERE ${limited}
      GROUP BY ${g.groupBy} ORDER BY ${sql.join(g.orderBy)} LIMIT ${MAX_GROUPS}`;
}
