import type { EntityId } from '@plinth/schema';
import { sql } from 'kysely';
import { CHANGE_CHUNK_IDS } from '../db/migrations/007_change_chunks.js';
import { SQLITE_CHANGE_CHUNK_IDS } from '../db/migrations/021_sqlite_chunk_sequence.js';
import type { Engine } from '../db/tables.js';
import { type CallerHandle, unscoped } from './executor.js';
import { jsonRows, jsonRowsOf } from './sql/sqlFragments.js';

/**
 * The change markers of chunks of root records (decision 0025): triggers bump a chunk's marker in
 * the transaction of every write to its records or their links, so a result kept per chunk stays
 * true while its markers, the metamodel's and its targets' do not move. On SQLite a bump takes the
 * tenant's next version, so the markers moved since a read are read alone (decision 0152).
 */

/** How many record ids a chunk holds on the engine. */
export const chunkIdsOf = (engine: Engine) =>
  engine === 'sqlite' ? SQLITE_CHANGE_CHUNK_IDS : CHANGE_CHUNK_IDS;

/** What a kept result was computed under. */
export interface ChunkMarks {
  meta: string;
  /** The sum of the chunk markers of the types the links reach. */
  targets: string;
  /** `source:chunk` → version, of the root types' chunks and of the first-step links' chunks. */
  versions: ChunkVersions;
  /**
   * On SQLite, the tenant's highest marker version at the read: every marker that moves after it
   * takes a higher one (decision 0152).
   */
  lastVersion?: number;
  /** Of marks read since earlier ones: the earlier versions, and the keys of the markers read since. */
  moved?: { since: ChunkVersions; keys: readonly string[] };
}

/**
 * Chunk marker versions by `source:chunk`, never changed once made. Versions read since earlier
 * ones share their entries and hold the few markers that moved over them, so bringing a kept
 * result up to date after a write costs what moved rather than a copy of every marker; the moved
 * ones are folded in once they pass the square root of the rest, at a copy's cost.
 */
export class ChunkVersions implements Iterable<[string, number]> {
  readonly #base: ReadonlyMap<string, number>;
  readonly #moved: ReadonlyMap<string, number>;

  private constructor(base: ReadonlyMap<string, number>, moved: ReadonlyMap<string, number>) {
    this.#base = base;
    this.#moved = moved;
  }

  static of(entries: Iterable<readonly [string, number]>): ChunkVersions {
    return new ChunkVersions(new Map(entries), new Map());
  }

  get size(): number {
    let size = this.#base.size;
    for (const key of this.#moved.keys()) if (!this.#base.has(key)) size++;
    return size;
  }

  get(key: string): number | undefined {
    return this.#moved.get(key) ?? this.#base.get(key);
  }

  *[Symbol.iterator](): IterableIterator<[string, number]> {
    for (const [key, version] of this.#base) yield [key, this.#moved.get(key) ?? version];
    for (const entry of this.#moved) if (!this.#base.has(entry[0])) yield entry;
  }

  *keys(): IterableIterator<string> {
    for (const [key] of this) yield key;
  }

  /** These versions with `moved` set over them. */
  with(moved: Iterable<readonly [string, number]>): ChunkVersions {
    const next = new ChunkVersions(this.#base, new Map([...this.#moved, ...moved]));
    return next.#moved.size <= Math.max(16, Math.sqrt(this.#base.size)) ? next : ChunkVersions.of(next);
  }
}

/** The markers a kept result depends on. */
export interface ChunkSources {
  /** The root types whose records are chunked. */
  roots: ReadonlySet<EntityId>;
  /** The relationships followed from the root records, by the ends the root records are on. */
  linkSides: ReadonlyMap<EntityId, ReadonlySet<'from' | 'to'>>;
  /** The types of the records those links reach, ascending: their writes change every chunk. */
  targets: readonly EntityId[];
}

/**
 * The markers now, of the tenant, read in one statement (one snapshot): one row, the chunks'
 * markers in it as one JSON value (a row each cost more than reading them, decision 0141). Given
 * the marks a kept result was read under, on SQLite only the markers that moved since are read.
 */
export async function readChunkMarks(
  handle: CallerHandle,
  engine: Engine,
  tenantId: number,
  s: ChunkSources,
  since?: ChunkMarks,
): Promise<ChunkMarks> {
  const db = unscoped(handle);
  const t = tenantId;
  const sources = sql.join([...s.roots, ...s.linkSides.keys()]);
  const marks = jsonRows(engine, [sql.ref('source_id'), sql.ref('chunk'), sql.ref('version')]);
  const targetSum =
    s.targets.length === 0
      ? sql`0`
      : sql`(SELECT coalesce(sum(version), 0) FROM change_chunks WHERE tenant_id = ${t} AND source_id IN (${sql.join([...s.targets])}))`;
  const after = engine === 'sqlite' ? since?.lastVersion : undefined;
  // The moved markers through the version index: `+source_id` keeps the key's index out of it.
  const chunks =
    after === undefined
      ? sql`SELECT ${marks} FROM change_chunks WHERE tenant_id = ${t} AND source_id IN (${sources})`
      : sql`SELECT ${marks} FROM change_chunks INDEXED BY change_chunks_version
          WHERE tenant_id = ${t} AND version > ${after} AND +source_id IN (${sources})`;
  const lastVersion =
    engine === 'sqlite'
      ? sql`(SELECT coalesce(max(version), 0) FROM change_chunks WHERE tenant_id = ${t})`
      : sql`NULL`;
  const [row] = (
    await sql<{ chunks: unknown; targets: unknown; meta: unknown; last: unknown }>`SELECT
        (${chunks}) AS chunks,
        ${targetSum} AS targets,
        (SELECT meta_version FROM tenants WHERE id = ${t}) AS meta,
        ${lastVersion} AS last`.execute(db)
  ).rows;
  // Every marker; or, given earlier marks on SQLite, the markers moved since them.
  const markers = jsonRowsOf(row?.chunks).map(
    ([source, chunk, version]) => [`${Number(source)}:${Number(chunk)}`, Number(version)] as const,
  );
  const common = {
    meta: String(row?.meta ?? ''),
    targets: String(Number(row?.targets ?? 0)),
    ...(row?.last === null || row?.last === undefined ? {} : { lastVersion: Number(row.last) }),
  };
  if (after === undefined || !since) return { ...common, versions: ChunkVersions.of(markers) };
  return {
    ...common,
    versions: since.versions.with(markers),
    moved: { since: since.versions, keys: markers.map(([key]) => key) },
  };
}

/**
 * The root chunks, ascending, whose results a change from `before` to `now` may have changed;
 * undefined when it may have changed every chunk's (the metamodel or a linked type moved).
 */
export function staleChunks(s: ChunkSources, before: ChunkMarks, now: ChunkMarks): number[] | undefined {
  if (before.meta !== now.meta || before.targets !== now.targets) return undefined;
  const stale = new Set<number>();
  const consider = (key: string) => {
    const [source, c] = key.split(':').map(Number) as [number, number];
    if (s.roots.has(source)) stale.add(c);
    const sides = s.linkSides.get(source);
    if (sides?.has('from') && c >= 0) stale.add(c);
    if (sides?.has('to') && c < 0) stale.add(-1 - c);
  };
  if (now.moved?.since === before.versions) {
    for (const key of now.moved.keys) if (before.versions.get(key) !== now.versions.get(key)) consider(key);
  } else {
    for (const [key, v] of now.versions) if (before.versions.get(key) !== v) consider(key);
    for (const [key] of before.versions) if (now.versions.get(key) === undefined) consider(key);
  }
  return [...stale].sort((a, b) => a - b);
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
export const chunkOfId = (engine: Engine, id: number) => Math.floor(id / chunkIdsOf(engine));

/** The record ids of a run: from `lo` included to `hi` excluded. */
export function idsOfRun(engine: Engine, run: ChunkRun) {
  const n = chunkIdsOf(engine);
  return { lo: run.lo * n, hi: run.hi * n };
}
