import type { EntityId } from '@plinth/schema';
import { type CompiledQuery, sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { owns, tenantScope } from '../data/tenantScope.js';

/**
 * Results of report queries that visit every matching record (group buckets, grand totals, a
 * search's first rows), kept per process. An entry is keyed by the tenant and its statements' SQL
 * and parameters, so callers whose rules differ never share one, and is used while the change
 * markers, read before the statements run, are those it was computed under (decision 0021).
 *
 * A result is kept from the second time its key is set (decision 0148): results asked for once
 * only — each keystroke of a search, a filter tried once — never take the room of those asked for
 * again, and the memory they would hold is never taken.
 */
export class ReportResultCache {
  readonly #entries = new Map<string, CacheEntry>();
  /** Keys whose result was set once and not kept, the oldest first, at most `maxEntries`. */
  readonly #askedOnce = new Set<string>();
  #weight = 0;
  /**
   * Answers served from the cache, computed because none (or a stale one) was there, and of
   * those, refreshed from what was kept by reading only the chunks that moved (decision 0025).
   */
  readonly stats = { hits: 0, misses: 0, refreshed: 0 };

  /**
   * `maxEntries` entries at most, of `maxWeight` at most together (an entry's weight is what it
   * keeps for refreshes by chunk: partial rows, or a search's ids and chunk markers; plain entries
   * weigh nothing).
   */
  constructor(
    readonly maxEntries = 500,
    readonly maxWeight = 2_000_000,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The weight the entries hold. */
  get weight(): number {
    return this.#weight;
  }

  /** The cached rows for `key` if computed under `marker`; a hit becomes the most recent entry. */
  get(key: string, marker: string): unknown {
    const entry = this.#entries.get(key);
    if (entry) this.#remove(key, entry);
    if (!entry || entry.marker !== marker) {
      this.stats.misses++;
      return undefined;
    }
    this.#entries.set(key, entry);
    this.#weight += entry.weight;
    this.stats.hits++;
    return entry.rows;
  }

  /** The entry for `key` whatever its marker, without counting or reordering (for a refresh). */
  peek(key: string): Readonly<CacheEntry> | undefined {
    return this.#entries.get(key);
  }

  set(key: string, marker: string, rows: unknown, state?: unknown, weight = 0): void {
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    else if (!this.#askedOnce.delete(key)) {
      // Its first ask: the key is noted, the result not kept (decision 0148).
      this.#askedOnce.add(key);
      if (this.#askedOnce.size > this.maxEntries)
        this.#askedOnce.delete(this.#askedOnce.values().next().value!);
      return;
    }
    this.#entries.set(key, { marker, rows, state, weight });
    this.#weight += weight;
    // A Map iterates in insertion order: the first key is the least recently used.
    while (
      this.#entries.size > this.maxEntries ||
      (this.#weight > this.maxWeight && this.#entries.size > 1)
    ) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#remove(oldest, this.#entries.get(oldest)!);
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#askedOnce.clear();
    this.#weight = 0;
  }

  #remove(key: string, entry: CacheEntry) {
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }
}

interface CacheEntry {
  marker: string;
  rows: unknown;
  /** What a chunked refresh starts from (decision 0025), or `unchunked` when it cannot. */
  state?: unknown;
  weight: number;
}

const caches = new WeakMap<object, ReportResultCache>();

/**
 * The cache of report groups and totals for a database (one per process in production; tests run
 * several databases, whose tenants and markers may look alike, in one process).
 */
export function reportResultCache(db: object): ReportResultCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ReportResultCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The key of a set of statements for one tenant: their text and parameters themselves, a few
 * hundred characters a report, which a Map compares faster than a digest of them is made.
 */
export function resultKey(tenantId: number, statements: readonly CompiledQuery[]): string {
  return JSON.stringify([tenantId, ...statements.map((s) => [s.sql, s.parameters])]);
}

/**
 * The tenant's markers for `typeIds` (every type when undefined) as one string: its metamodel
 * version and the sum of the types' change counters, which only ever grow.
 */
export async function readMarker(
  ctx: RequestContext,
  typeIds: readonly EntityId[] | undefined,
): Promise<string> {
  const t = ctx.tenantId;
  const types =
    typeIds === undefined
      ? sql``
      : typeIds.length === 0
        ? sql` AND 1 = 0`
        : sql` AND type_id IN (${sql.join([...typeIds])})`;
  const result = await tenantScope(ctx).execute(sql<{ m: unknown; v: unknown }>`SELECT
      (SELECT meta_version FROM tenants WHERE id = ${t}) AS m,
      (SELECT coalesce(sum(version), 0) FROM change_markers WHERE ${owns(ctx, 'change_markers')}${types}) AS v`);
  const row = result.rows[0];
  return `${String(row?.m)}/${String(row?.v)}`;
}

/**
 * A result that can be brought up to date from the one kept before it (decision 0025): `refresh`
 * answers the rows from the kept state, reading only what moved (all of it without a state), or
 * undefined when this query cannot be answered that way after all.
 */
export interface ChunkedRefresh<T, S extends { weight: number } = { weight: number }> {
  /** `key` is the entry's: a refresh without a previous state may look for one kept elsewhere. */
  refresh(
    previous: S | undefined,
    key: string,
  ): Promise<{ rows: T; state: S; chunksRead: number | 'all' } | undefined>;
}

/**
 * Runs `compute` through the cache. Inside a transaction nothing is cached or read from the cache:
 * the transaction may see its own uncommitted writes, and its markers are not yet everyone's.
 *
 * With `chunked` (decision 0025) a stale entry is refreshed from its kept state per chunk, reading
 * only the chunks whose markers moved; `compute` answers only what chunks cannot.
 */
export async function cachedRows<T>(
  ctx: RequestContext,
  statements: readonly CompiledQuery[],
  typeIds: readonly EntityId[] | undefined,
  compute: () => Promise<T>,
  chunked?: ChunkedRefresh<T>,
): Promise<T> {
  if (ctx.db.isTransaction) return compute();
  const cache = reportResultCache(ctx.db);
  const key = resultKey(ctx.tenantId, statements);
  const marker = await readMarker(ctx, typeIds);
  if (!chunked) {
    const hit = cache.get(key, marker);
    if (hit !== undefined) return hit as T;
    const rows = await compute();
    cache.set(key, marker, rows);
    return rows;
  }
  const entry = cache.peek(key);
  if (entry?.marker === marker) return cache.get(key, marker) as T;
  cache.stats.misses++;
  if (entry?.state === UNCHUNKED) {
    const rows = await compute();
    cache.set(key, marker, rows, UNCHUNKED);
    return rows;
  }
  const refreshed = await chunked.refresh(entry?.state as { weight: number } | undefined, key);
  if (!refreshed) {
    const rows = await compute();
    cache.set(key, marker, rows, UNCHUNKED);
    return rows;
  }
  if (refreshed.chunksRead !== 'all') cache.stats.refreshed++;
  cache.set(key, marker, refreshed.rows, refreshed.state, refreshed.state.weight);
  return refreshed.rows as T;
}

/** The state of an entry whose query could not be answered by chunks: computed whole each time. */
const UNCHUNKED = 'unchunked';
