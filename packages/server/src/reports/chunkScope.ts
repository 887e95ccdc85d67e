import type { EntityId } from '@plinth/schema';
import { sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { CHANGE_CHUNK_IDS } from '../db/migrations/007_change_chunks.js';
import type { EffectiveCondition } from './conditionSql.js';
import type { ResolvedColumn, ResolvedStep } from './resolveColumns.js';

/**
 * Which chunks of {@link CHANGE_CHUNK_IDS} root records a write may have changed the answer for: a
 * result kept per root record stays true for the chunks whose markers did not move, while the
 * metamodel and the records its first-step links reach did not move either (decision 0025).
 */

/** What a kept result was computed under. */
export interface ChunkMarks {
  meta: string;
  /** The sum of the chunk markers of the types the links reach. */
  targets: string;
  /** `source:chunk` → version, of the root types' chunks and of the first-step links' chunks. */
  versions: Map<string, number>;
}

export interface ChunkScope {
  /** The root types whose records are chunked. */
  roots: readonly EntityId[];
  /** The relationships followed from the root records, by the end the root records are on. */
  links: ReadonlyArray<{ relId: EntityId; side: 'from' | 'to' }>;
  /** The types of the records those links reach: their records' own writes change every chunk. */
  targets: readonly EntityId[];
  /** The markers now, read in one statement (one snapshot). */
  readMarks(): Promise<ChunkMarks>;
  /**
   * The root chunks, ascending, whose results a change from `before` to `now` may have changed;
   * undefined when it may have changed every chunk's (the metamodel or a linked type moved).
   */
  staleChunks(before: ChunkMarks, now: ChunkMarks): number[] | undefined;
}

export interface ChunkScopeInput {
  ctx: RequestContext;
  rootTypeIds: readonly EntityId[];
  /** The types the query reads (runReport's typesRead); undefined when it may read any record. */
  typesRead: readonly EntityId[] | undefined;
  /** Every column the query reads: sorts, conditions, aggregates, searched columns. */
  columnsRead: readonly ResolvedColumn[];
  conditions: readonly EffectiveCondition[];
}

const relationshipOperators = new Set(['AnyOf', 'Equal', 'AnyExcept', 'NotEqual', 'IsNull', 'IsNotNull']);

/**
 * The chunk scope of a query, or undefined when its result for a root record may depend on more
 * than that record, its links at the first step and the records they reach: a calculation or a
 * rule with a calculation (typesRead undefined), a column or condition reaching past the first link
 * (a link two steps away is not in the root record's chunk), a current-user or structure-level
 * condition (they read links of other records).
 */
export function chunkScope(input: ChunkScopeInput): ChunkScope | undefined {
  const { ctx } = input;
  if (input.typesRead === undefined) return undefined;
  const links = new Map<string, { relId: EntityId; side: 'from' | 'to' }>();
  const targets = new Set<EntityId>();
  for (const c of input.columnsRead) {
    if (c.kind === 'field' && c.field.type === 'Calculation') return undefined;
    const steps: Array<Pick<ResolvedStep, 'relId' | 'direction' | 'typeId'>> =
      c.kind === 'relationship'
        ? [...c.path, { relId: c.rel.id, direction: c.direction, typeId: c.targetTypeId }]
        : c.path;
    if (steps.length > 1) return undefined;
    for (const s of steps) {
      const side = s.direction === 'fwd' ? 'from' : 'to';
      links.set(`${s.relId}:${side}`, { relId: s.relId, side });
      for (const t of ctx.schema.descendants(s.typeId)) targets.add(t);
    }
  }
  for (const c of input.conditions)
    if (c.column.kind === 'relationship' && !relationshipOperators.has(c.oper)) return undefined;

  const rootSet = new Set(input.rootTypeIds);
  const linkSides = new Map<EntityId, Set<'from' | 'to'>>();
  for (const l of links.values()) linkSides.set(l.relId, (linkSides.get(l.relId) ?? new Set()).add(l.side));
  const sources = [...rootSet, ...linkSides.keys()];
  const targetList = [...targets].sort((a, b) => a - b);

  const readMarks = async (): Promise<ChunkMarks> => {
    const t = ctx.tenantId;
    const targetSum =
      targetList.length === 0
        ? sql`SELECT 0 AS s, 0 AS c, 0 AS v`
        : sql`SELECT 0 AS s, 0 AS c, (SELECT coalesce(sum(version), 0) FROM change_chunks WHERE tenant_id = ${t} AND source_id IN (${sql.join(targetList)})) AS v`;
    const rows = (
      await sql<{ s: unknown; c: unknown; v: unknown }>`SELECT source_id AS s, chunk AS c, version AS v
        FROM change_chunks WHERE tenant_id = ${t} AND source_id IN (${sql.join(sources)})
        UNION ALL ${targetSum}
        UNION ALL SELECT -1 AS s, 0 AS c, meta_version AS v FROM tenants WHERE id = ${t}`.execute(ctx.db)
    ).rows;
    let meta = '';
    let targetsNow = '';
    const versions = new Map<string, number>();
    for (const r of rows) {
      const s = Number(r.s);
      if (s === -1) meta = String(r.v);
      else if (s === 0) targetsNow = String(Number(r.v));
      else versions.set(`${s}:${Number(r.c)}`, Number(r.v));
    }
    return { meta, targets: targetsNow, versions };
  };

  const staleChunks = (before: ChunkMarks, now: ChunkMarks): number[] | undefined => {
    if (before.meta !== now.meta || before.targets !== now.targets) return undefined;
    const stale = new Set<number>();
    const consider = (key: string) => {
      const [s, c] = key.split(':').map(Number) as [number, number];
      if (rootSet.has(s)) stale.add(c);
      const sides = linkSides.get(s);
      if (sides?.has('from') && c >= 0) stale.add(c);
      if (sides?.has('to') && c < 0) stale.add(-1 - c);
    };
    for (const [key, v] of now.versions) if (before.versions.get(key) !== v) consider(key);
    for (const key of before.versions.keys()) if (!now.versions.has(key)) consider(key);
    return [...stale].sort((a, b) => a - b);
  };

  return { roots: [...rootSet], links: [...links.values()], targets: targetList, readMarks, staleChunks };
}

/** A run of consecutive chunks, `lo` included and `hi` not. */
export interface ChunkRun {
  lo: number;
  hi: number;
}

/** Ascending chunk numbers as runs of consecutive chunks. */
export function chunkRuns(chunks: readonly number[]): ChunkRun[] {
  const runs: ChunkRun[] = [];
  for (const c of chunks) {
    const last = runs.at(-1);
    if (last && last.hi === c) last.hi = c + 1;
    else runs.push({ lo: c, hi: c + 1 });
  }
  return runs;
}

/** The chunk a record id falls in. */
export const chunkOfId = (id: number) => Math.floor(id / CHANGE_CHUNK_IDS);

/** The record ids of a run: from `lo` included to `hi` excluded. */
export const idsOfRun = (run: ChunkRun) => ({ lo: run.lo * CHANGE_CHUNK_IDS, hi: run.hi * CHANGE_CHUNK_IDS });
