import type { EntityId } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { RequestContext } from '../../context.js';
import { type ChunkMarks, type ChunkRun, chunkIdsOf, chunkRuns, idsOfRun } from '../../data/chunkMarkers.js';
import { tenantScope } from '../../data/tenantScope.js';
import { type ChunkScope, chunkScope } from '../chunkScope.js';
import type { PlanFacts } from '../plan/planTypes.js';
import type { ReportSql } from '../reportSql.js';
import type { ChunkedRefresh } from '../resultCache.js';
import { type GroupKey, groupedSql, MAX_GROUPS } from './groupKeys.js';
import { regroupByTargets, type TargetKey, targetKeys, targetSelects } from './groupTargets.js';
import { loadKeptPartials, type PartialsForm, saveKeptPartials } from './keptPartials.js';
import { mergePartials } from './mergePartials.js';
import { type Partials, partialColumns } from './partialColumns.js';
import {
  dropChunk,
  emptySegmentState,
  ingestPartials,
  nextSegmentState,
  type SegmentState,
} from './partialRows.js';

/**
 * Group buckets and totals kept per chunk of root record ids (data/chunkMarkers.ts), so the first
 * read after a write recomputes only the chunks it touched, for queries with a chunkScope (decision
 * 0025); others keep the one statement of decision 0021.
 */

type Row = Record<string, unknown>;

/** The most partial rows (chunks × groups) one query keeps; beyond, it is answered whole. */
export const MAX_PARTIAL_ROWS = 200_000;

/**
 * Partials by related id read for the first time are read about this many record ids (of chunks
 * of root records that have been written) a statement: one statement over a million records
 * outlasts the statement timeout, and on SQLite holds the one connection all the while. A test may
 * lower it.
 */
export const firstRead = { idsPerStatement: 65_536 };

/**
 * How a query is computed and merged by chunks: `refresh` answers the rows the statements answer
 * from the partials of its previous state where their chunks have not moved, or undefined when the
 * query cannot be answered by chunks after all (too many partial rows, values partials cannot merge).
 */
export interface Segmentation
  extends Pick<ChunkScope, 'roots' | 'links' | 'targets'>,
    ChunkedRefresh<Row[][], SegmentState> {}

/**
 * The chunked form of a report's groups and totals, or undefined when the query cannot be split
 * by root record (see {@link chunkScope}), has a result limit, or has an aggregate partials cannot
 * make.
 */
export function segmentation(
  ctx: RequestContext,
  plan: PlanFacts,
  q: ReportSql,
  keys: readonly GroupKey[],
): Segmentation | undefined {
  if (plan.limit !== undefined || plan.totals.length === 0) return undefined;
  const scope = chunkScope({
    ctx,
    rootTypeIds: plan.rootTypeIds,
    typesRead: plan.typesRead,
    columnsRead: [
      ...plan.sorts.map((s) => s.column),
      ...plan.aggregates.map((a) => a.column),
      ...plan.conditions.map((c) => c.column),
      ...(plan.search && plan.searchColumns ? plan.searchColumns : []),
    ],
    conditions: plan.conditions,
  });
  if (!scope) return undefined;
  // By related id, the statement joins a related record only where a condition or aggregate reads it.
  const byId = targetKeys(q, keys) && q.withoutSorts();
  const targets = byId && targetKeys(byId, keys);
  const pq = (targets && byId) || q;
  const form: PartialsForm = targets ? 'targets' : 'keys';
  const partials = partialColumns(ctx.engine, plan.aggregates, (c) => pq.columnValue(c));
  if (!partials) return undefined;
  const readPartials = partialsReader(ctx, pq, keys, partials, targets);
  const width = partials.columns.length;
  // Groups by related id are ordered once named (regroupByTargets): a new one needs no full read.
  const ingest = (state: SegmentState, rows: readonly Row[], newGroups: boolean) =>
    ingestPartials(ctx.engine, keys, width, state, rows, newGroups || targets !== undefined);
  const answer = async (state: SegmentState, chunksRead: number | 'all') => ({
    rows: mergePartials(
      state,
      partials,
      plan.totals,
      MAX_GROUPS,
      targets && (await regroupByTargets(ctx, targets, state)),
    ),
    state,
    chunksRead,
  });
  const readAll = async (marks: ChunkMarks) => {
    const state = emptySegmentState(marks);
    // Groups by key come in the report's order, which only one statement over all can give.
    const runs = targets
      ? statementRuns(
          rootChunks(marks, scope.roots),
          Math.max(1, Math.floor(firstRead.idsPerStatement / chunkIdsOf(ctx.engine))),
        )
      : [undefined];
    for (const run of runs) {
      const rows = await readPartials(run);
      if (state.weight + rows.length > MAX_PARTIAL_ROWS || !ingest(state, rows, true)) return undefined;
    }
    return state;
  };
  const refreshFrom = async (previous: SegmentState | undefined) => {
    const marks = await scope.readMarks(previous);
    const stale = previous && scope.staleChunks(previous, marks);
    // Past a quarter of the chunks, one statement over all is cheaper than many ranges.
    if (previous && stale && stale.length <= Math.max(16, previous.chunks.size / 4)) {
      const state = nextSegmentState(previous, marks);
      let ok = true;
      for (const ch of stale) dropChunk(state, ch);
      // A group the kept order does not know yet: its place needs the whole statement.
      for (const run of chunkRuns(stale)) if (ok) ok = ingest(state, await readPartials(run), false);
      if (ok && state.weight <= MAX_PARTIAL_ROWS) return await answer(state, stale.length);
    }
    const state = await readAll(marks);
    return state ? await answer(state, 'all') : undefined;
  };
  return {
    roots: scope.roots,
    links: scope.links,
    targets: scope.targets,
    async refresh(kept, key) {
      // Partials another process or this one before its start kept (decision 0089).
      const stored = kept ? undefined : await loadKeptPartials(ctx, key, form);
      const previous = kept ?? stored;
      const answered = await refreshFrom(previous);
      // Stored again when read whole, or when chunks moved since the stored partials were read.
      if (answered && (answered.chunksRead === 'all' || (stored && answered.chunksRead > 0)))
        await saveKeptPartials(ctx, key, form, answered.state);
      return answered;
    },
  };
}

/** The chunks of root records the marks know of (every chunk a root record was written in), ascending. */
function rootChunks(marks: ChunkMarks, roots: readonly EntityId[]): number[] {
  const rootIds = new Set(roots.map(String));
  const chunks = new Set<number>();
  for (const key of marks.versions.keys()) {
    const [source, chunk] = key.split(':');
    if (rootIds.has(source!) && Number(chunk) >= 0) chunks.add(Number(chunk));
  }
  return [...chunks].sort((a, b) => a - b);
}

/**
 * Runs that together cover every record id, each holding at most `per` of the known chunks: a
 * record in a chunk without a marker still falls in one run, so nothing is left out.
 */
export function statementRuns(chunks: readonly number[], per: number): Array<ChunkRun | undefined> {
  if (chunks.length <= per) return [undefined];
  const runs: ChunkRun[] = [];
  for (let i = 0; i < chunks.length; i += per)
    runs.push({ lo: i === 0 ? 0 : chunks[i]!, hi: i + per < chunks.length ? chunks[i + per]! : 2 ** 40 });
  return runs;
}

/**
 * Reads partial rows of every chunk in the report's order of groups (by related id: in no order),
 * or of the chunks of a run.
 */
function partialsReader(
  ctx: RequestContext,
  q: ReportSql,
  keys: readonly GroupKey[],
  partials: Partials,
  targets: readonly TargetKey[] | undefined,
) {
  const chunk = sql`(e0.id / ${sql.lit(chunkIdsOf(ctx.engine))}) AS ch`;
  let lead: RawBuilder<unknown>[];
  let order: RawBuilder<unknown>[] | undefined;
  if (targets) lead = targetSelects(targets, chunk);
  else {
    // The chunk first: position 1, the last key of the order.
    const g = groupedSql(ctx, keys, [chunk]);
    lead = g.selects;
    order = [...g.orderBy, sql.lit(1)];
  }
  const groupBy = sql.join(lead.map((_, n) => sql.lit(n + 1)));
  const selects = [...lead, ...partials.columns.map((p, n) => sql`${p.sql} AS ${sql.id(`p${n}`)}`)];
  return async (run?: ChunkRun): Promise<Row[]> => {
    const ids = run && idsOfRun(ctx.engine, run);
    const where = ids ? sql`${q.where} AND e0.id >= ${ids.lo} AND e0.id < ${ids.hi}` : q.where;
    const ordered = order ? sql` ORDER BY ${sql.join(order)}` : sql``;
    const tail = run ? sql`` : sql`${ordered} LIMIT ${MAX_PARTIAL_ROWS + 1}`;
    const result = await tenantScope(ctx).execute(
      sql<Row>`SELECT ${sql.join(selects)} FROM ${q.from()} WHERE ${where} GROUP BY ${groupBy}${tail}`,
    );
    return result.rows;
  };
}
