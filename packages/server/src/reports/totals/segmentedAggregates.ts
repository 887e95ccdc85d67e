import type { AggregateKind, EntityId, ReportQuery } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { CHANGE_CHUNK_IDS } from '../db/migrations/007_change_chunks.js';
import { aggregateSql } from './aggregateSql.js';
import {
  type ChunkMarks,
  type ChunkRun,
  type ChunkScope,
  chunkRuns,
  chunkScope,
  idsOfRun,
} from './chunkMarkers.js';
import type { EffectiveCondition } from './conditionSql.js';
import type { ReportSql } from './reportSql.js';
import type { ResolvedColumn } from './resolveColumns.js';
import type { ChunkedRefresh } from './resultCache.js';

/**
 * Group buckets and totals kept per chunk of root records, so that the first read after a write
 * recomputes only the chunks the write touched (decision 0025).
 *
 * The records a report aggregates are split by id into chunks of {@link CHANGE_CHUNK_IDS}. Each
 * chunk's partial aggregates (count, sum, count of values, min, max per group) are read once by
 * one statement grouped by chunk and group, and kept with the chunks' change markers
 * (`change_chunks`, bumped by triggers). After a write, the markers say which chunks moved: only
 * those are read again (`e0.id` in the chunk's range, through the primary key), and the answer is
 * merged from the partials. Anything else the query reads must be unchanged — the metamodel and
 * the records of the types its joins reach — or every chunk is read again.
 *
 * That holds only for queries whose result per root record depends on nothing but that record,
 * its links at the first step and the records they reach: see {@link segmentation}. Others, and
 * aggregates that partials cannot make (distinct counts, lists, deviations), keep the one
 * statement of decision 0021.
 */

type Row = Record<string, unknown>;

/** The most partial rows (chunks × groups) one query keeps; beyond, it is answered whole. */
export const MAX_PARTIAL_ROWS = 200_000;

/** How a partial column merges across chunks. */
type Merge = 'count' | 'sum' | 'min' | 'max';

interface PartialColumn {
  sql: RawBuilder<unknown>;
  merge: Merge;
}

/** A group key of the report as runReport builds it: its value, and the related id of a to-one relationship. */
export interface SegmentKey {
  column: ResolvedColumn;
  order: 'Ascending' | 'Descending';
  value: RawBuilder<unknown>;
  id: RawBuilder<unknown> | undefined;
  i: number;
}

export interface SegmentInput {
  ctx: RequestContext;
  plan: ReportSql;
  rootTypeIds: readonly EntityId[];
  keys: readonly SegmentKey[];
  aggregates: ReadonlyArray<{ column: ResolvedColumn; kinds: readonly AggregateKind[] }>;
  /** The statements runReport answers, in order: their rows are what the merge gives back. */
  statements: ReadonlyArray<'groups' | 'total'>;
  maxGroups: number;
  /** What else the query reads: its sorts, conditions and (public views) searched columns. */
  sorts: ReadonlyArray<{ column: ResolvedColumn }>;
  conditions: readonly EffectiveCondition[];
  searchColumns: readonly ResolvedColumn[] | undefined;
  query: ReportQuery;
  /** The types the query reads (runReport's typesRead); undefined when it may read any record. */
  typesRead: readonly EntityId[] | undefined;
  limited: boolean;
}

/** What a set of partials was computed under (its chunk marks), and the partials per chunk. */
export interface SegmentState extends ChunkMarks {
  /** Every group seen, in the report's order of groups. */
  groups: Array<{ norm: string; keys: Row }>;
  groupIndex: Map<string, number>;
  /** Per chunk: the groups present and their partial values (NaN for no value). */
  chunks: Map<number, { groups: Int32Array; values: Float64Array }>;
  /** Partial rows held (the cache's weight of the entry). */
  weight: number;
}

/**
 * How a query is computed and merged by chunks: `refresh` answers the rows the statements answer
 * from the partials of its previous state where their chunks have not moved, or undefined when the
 * query cannot be answered by chunks after all (too many partial rows, values partials cannot merge).
 */
export interface Segmentation
  extends Pick<ChunkScope, 'roots' | 'links' | 'targets'>,
    ChunkedRefresh<Row[][], SegmentState> {}

const numericTypes = new Set(['Int32', 'Decimal', 'Currency', 'AutoNumber']);

/**
 * The chunked form of a report's groups and totals, or undefined when the query cannot be split
 * by root record (see {@link chunkScope}), has a result limit, or has an aggregate partials cannot
 * make.
 */
export function segmentation(input: SegmentInput): Segmentation | undefined {
  const { ctx, plan, keys } = input;
  if (input.limited || input.statements.length === 0) return undefined;
  const scope = chunkScope({
    ctx,
    rootTypeIds: input.rootTypeIds,
    typesRead: input.typesRead,
    columnsRead: [
      ...input.sorts.map((s) => s.column),
      ...input.aggregates.map((a) => a.column),
      ...input.conditions.map((c) => c.column),
      ...(input.query.quickSearch?.trim() && input.searchColumns ? input.searchColumns : []),
    ],
    conditions: input.conditions,
  });
  if (!scope) return undefined;

  // Partial columns: p0 is the count of rows; each aggregate reads back from its own.
  const value = (column: ResolvedColumn) => plan.columnValue(column);
  const partials: PartialColumn[] = [{ sql: sql`count(*)`, merge: 'count' }];
  const outputs: Array<{ name: string; kind: AggregateKind; at: number }> = [];
  for (const [i, a] of input.aggregates.entries()) {
    for (const [j, kind] of a.kinds.entries()) {
      const at = partials.length;
      const v = () => value(a.column);
      switch (kind) {
        case 'CountAll':
          partials.push({ sql: sql`count(*)`, merge: 'count' });
          break;
        case 'Count':
          partials.push({ sql: aggregateSql(ctx.engine, kind, a.column, v()), merge: 'count' });
          break;
        case 'Sum':
          partials.push({ sql: aggregateSql(ctx.engine, kind, a.column, v()), merge: 'sum' });
          break;
        case 'Average':
          // The average of chunks is their sum over their count of values.
          partials.push({ sql: aggregateSql(ctx.engine, 'Sum', a.column, v()), merge: 'sum' });
          partials.push({ sql: sql`count(${v()})`, merge: 'count' });
          break;
        case 'Min':
        case 'Max':
          // Text and dates compare by the engine's collation, which JavaScript cannot repeat.
          if (!numericTypes.has(a.column.type)) return undefined;
          partials.push({
            sql: aggregateSql(ctx.engine, kind, a.column, v()),
            merge: kind === 'Min' ? 'min' : 'max',
          });
          break;
        default:
          return undefined;
      }
      outputs.push({ name: `a${i}_${j}`, kind, at });
    }
  }
  const width = partials.length;

  const chunkOf = sql`(e0.id / ${sql.lit(CHANGE_CHUNK_IDS)})`;
  const keySelects = keys.flatMap((k) => [
    sql`${k.value} AS ${sql.id(`k${k.i}`)}`,
    ...(k.id ? [sql`${k.id} AS ${sql.id(`kid${k.i}`)}`] : []),
  ]);
  const keyNames = keys.flatMap((k) => [`k${k.i}`, ...(k.id ? [`kid${k.i}`] : [])]);
  const groupBy = [chunkOf, ...keys.flatMap((k) => [k.value, ...(k.id ? [k.id] : [])])];
  const order = [...keys.flatMap((k) => plan.orderKeys(k.column, k.order, true)), chunkOf];
  const selects = [
    sql`${chunkOf} AS ch`,
    ...keySelects,
    ...partials.map((p, n) => sql`${p.sql} AS ${sql.id(`p${n}`)}`),
  ];
  /** Partial rows of every chunk in the report's order of groups, or of the chunks from `lo` to `hi`. */
  const readPartials = async (run?: ChunkRun) => {
    const ids = run && idsOfRun(run);
    const where = ids ? sql`${plan.where} AND e0.id >= ${ids.lo} AND e0.id < ${ids.hi}` : plan.where;
    const tail = run ? sql`` : sql` ORDER BY ${sql.join(order)} LIMIT ${MAX_PARTIAL_ROWS + 1}`;
    return (
      await sql<Row>`SELECT ${sql.join(selects)} FROM ${plan.from()} WHERE ${where} GROUP BY ${sql.join(groupBy)}${tail}`.execute(
        ctx.db,
      )
    ).rows;
  };

  const numericKey = keys.map((k) => numericTypes.has(k.column.type));
  /** A group's identity: equal for the values SQL groups together, whatever form the driver gives. */
  const normOf = (r: Row) =>
    JSON.stringify(
      keys.flatMap((k, n) => {
        const v = r[`k${k.i}`];
        const main =
          v === null || v === undefined
            ? null
            : numericKey[n] && (typeof v === 'string' || typeof v === 'bigint')
              ? Number(v)
              : typeof v === 'boolean'
                ? Number(v)
                : v;
        return k.id ? [main, r[`kid${k.i}`] == null ? null : Number(r[`kid${k.i}`])] : [main];
      }),
    );
  /** A partial value as a number (NaN for none), or undefined when it is not a number. */
  const numberOf = (raw: unknown): number | undefined => {
    if (raw === null || raw === undefined) return Number.NaN;
    if (typeof raw === 'number') return raw;
    if (typeof raw === 'bigint') return Number(raw);
    // PostgreSQL answers numeric and bigint as text; SQLite's text is a value of another kind.
    if (typeof raw === 'string' && ctx.engine === 'postgres') {
      const n = Number(raw);
      return Number.isNaN(n) ? undefined : n;
    }
    return undefined;
  };

  /** Adds partial rows to a state; false when a value cannot be merged or a group is new to a kept order. */
  const ingest = (state: SegmentState, rows: readonly Row[], newGroups: boolean): boolean => {
    const byChunk = new Map<number, { groups: number[]; values: number[] }>();
    for (const r of rows) {
      const norm = normOf(r);
      let g = state.groupIndex.get(norm);
      if (g === undefined) {
        if (!newGroups) return false;
        g = state.groups.length;
        const keyValues: Row = {};
        for (const name of keyNames) keyValues[name] = r[name];
        state.groups.push({ norm, keys: keyValues });
        state.groupIndex.set(norm, g);
      }
      const ch = Number(r.ch);
      let c = byChunk.get(ch);
      if (!c) {
        c = { groups: [], values: [] };
        byChunk.set(ch, c);
      }
      c.groups.push(g);
      for (let n = 0; n < width; n++) {
        const v = numberOf(r[`p${n}`]);
        if (v === undefined) return false;
        c.values.push(v);
      }
    }
    for (const [ch, c] of byChunk) {
      state.weight += c.groups.length;
      state.chunks.set(ch, { groups: Int32Array.from(c.groups), values: Float64Array.from(c.values) });
    }
    return true;
  };

  /** The rows the statements answer, merged from every chunk's partials. */
  const merge = (state: SegmentState): Row[][] => {
    const n = state.groups.length;
    const acc = new Float64Array((n + 1) * width);
    const comp = new Float64Array((n + 1) * width);
    const seen = new Uint8Array((n + 1) * width);
    for (let g = 0; g <= n; g++)
      for (let p = 0; p < width; p++) {
        const m = partials[p]!.merge;
        acc[g * width + p] = m === 'count' ? 0 : Number.NaN;
      }
    const add = (g: number, p: number, v: number) => {
      if (Number.isNaN(v)) return;
      const at = g * width + p;
      const m = partials[p]!.merge;
      if (m === 'min' || m === 'max') {
        const cur = acc[at]!;
        if (Number.isNaN(cur) || (m === 'min' ? v < cur : v > cur)) acc[at] = v;
        return;
      }
      // Neumaier's summation: a sum of many partials keeps the precision of the engine's own.
      if (m === 'sum' && !seen[at]) {
        acc[at] = 0;
        seen[at] = 1;
      }
      const s = acc[at]!;
      const t = s + v;
      comp[at]! += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
      acc[at] = t;
    };
    for (const c of state.chunks.values()) {
      for (let r = 0; r < c.groups.length; r++) {
        const g = c.groups[r]!;
        for (let p = 0; p < width; p++) {
          const v = c.values[r * width + p]!;
          add(g, p, v);
          add(n, p, v); // the grand total
        }
      }
    }
    const valueAt = (g: number, p: number) => {
      const at = g * width + p;
      const v = acc[at]! + comp[at]!;
      return Number.isNaN(v) ? null : v;
    };
    const rowOf = (g: number): Row => {
      const row: Row = { cnt: valueAt(g, 0) ?? 0 };
      for (const o of outputs) {
        if (o.kind === 'Average') {
          const count = valueAt(g, o.at + 1) ?? 0;
          const sum = valueAt(g, o.at);
          row[o.name] = count === 0 || sum === null ? null : sum / count;
        } else row[o.name] = valueAt(g, o.at);
      }
      return row;
    };
    const groupRows: Row[] = [];
    for (let g = 0; g < n && groupRows.length < input.maxGroups; g++) {
      const row = rowOf(g);
      if (row.cnt === 0) continue;
      groupRows.push({ ...state.groups[g]!.keys, ...row });
    }
    const total = rowOf(n);
    return input.statements.map((kind) => (kind === 'groups' ? groupRows : [total]));
  };

  const readAll = async (marks: ChunkMarks) => {
    const rows = await readPartials();
    if (rows.length > MAX_PARTIAL_ROWS) return undefined;
    const state: SegmentState = {
      ...marks,
      groups: [],
      groupIndex: new Map(),
      chunks: new Map(),
      weight: 0,
    };
    return ingest(state, rows, true) ? state : undefined;
  };

  return {
    roots: scope.roots,
    links: scope.links,
    targets: scope.targets,
    async refresh(previous) {
      const marks = await scope.readMarks();
      const stale = previous && scope.staleChunks(previous, marks);
      // Past a quarter of the chunks, one statement over all is cheaper than many ranges.
      if (previous && stale && stale.length <= Math.max(16, previous.chunks.size / 4)) {
        const state: SegmentState = {
          ...previous,
          ...marks,
          groups: [...previous.groups],
          groupIndex: new Map(previous.groupIndex),
          chunks: new Map(previous.chunks),
        };
        for (const ch of stale) {
          const old = state.chunks.get(ch);
          if (old) state.weight -= old.groups.length;
          state.chunks.delete(ch);
        }
        let ok = true;
        for (const run of chunkRuns(stale)) {
          // A group the kept order does not know yet: its place needs the whole statement.
          ok = ingest(state, await readPartials(run), false);
          if (!ok) break;
        }
        if (ok && state.weight <= MAX_PARTIAL_ROWS)
          return { rows: merge(state), state, chunksRead: stale.length };
      }
      const state = await readAll(marks);
      return state ? { rows: merge(state), state, chunksRead: 'all' } : undefined;
    },
  };
}
