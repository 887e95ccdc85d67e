import type { EntityId } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type ChunkMarks, type ChunkSources, readChunkMarks, staleChunks } from '../data/chunkMarkers.js';
import type { Engine } from '../db/tables.js';
import type { EffectiveCondition } from './conditionSql.js';
import type { ResolvedColumn, ResolvedStep } from './resolveColumns.js';

/**
 * Which chunks of root records a write may have changed a report's answer for: a result kept per
 * root record stays true for the chunks whose markers (data/chunkMarkers.ts) did not move, while
 * the metamodel and the records its first-step links reach did not move either (decision 0025).
 */
export interface ChunkScope {
  /** The root types whose records are chunked. */
  roots: readonly EntityId[];
  /** The relationships followed from the root records, by the end the root records are on. */
  links: ReadonlyArray<{ relId: EntityId; side: 'from' | 'to' }>;
  /** The types of the records those links reach: their records' own writes change every chunk. */
  targets: readonly EntityId[];
  /** The engine, whose chunks the markers count (data/chunkMarkers.ts's chunkIdsOf). */
  engine: Engine;
  /**
   * The markers now, read in one statement (one snapshot); given those a kept result was read
   * under, only the ones moved since where the engine can tell them.
   */
  readMarks(since?: ChunkMarks): Promise<ChunkMarks>;
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

  const linkSides = new Map<EntityId, Set<'from' | 'to'>>();
  for (const l of links.values()) linkSides.set(l.relId, (linkSides.get(l.relId) ?? new Set()).add(l.side));
  const sources: ChunkSources = {
    roots: new Set(input.rootTypeIds),
    linkSides,
    targets: [...targets].sort((a, b) => a - b),
  };
  return {
    roots: [...sources.roots],
    links: [...links.values()],
    targets: sources.targets,
    engine: ctx.engine,
    readMarks: (since) => readChunkMarks(ctx.db, ctx.engine, ctx.tenantId, sources, since),
    staleChunks: (before, now) => staleChunks(sources, before, now),
  };
}
