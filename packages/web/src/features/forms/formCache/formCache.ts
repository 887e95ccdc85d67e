import {
  type FormCacheKind,
  formCacheCapacity,
  formCacheKinds,
  formCacheMaxAgeMs,
  formCacheRecycleMs,
  formCacheRefreshMs,
  formCacheVersion,
} from './formCacheConstants';

/** The part of the Web Storage API the cache uses (localStorage in the browser). */
export interface FormCacheStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where storage failures go: they are logged, never thrown (spec 03 §7). */
export interface FormCacheLog {
  warn(message: string, error?: unknown): void;
}

/** One kept answer with its change marker and times (ms since the epoch). */
interface Entry {
  /** The cache version the entry was written by. */
  v: string;
  value: unknown;
  marker: string | null;
  /** When the server last sent the answer. */
  storedAt: number;
  /** When the server last confirmed it (its marker unchanged). */
  checkedAt: number;
  /** When it was last read, for evicting the least recently used. */
  usedAt: number;
}

/**
 * What the cache has for a key: nothing; a fresh answer to use as it is; or a stale one to use only
 * once the server confirms its change marker (or to show while asking).
 */
export type FormCacheLookup<T> =
  | { state: 'miss' }
  | { state: 'fresh'; value: T }
  | { state: 'stale'; value: T; marker: string };

export interface FormCacheOptions {
  /** localStorage by default; null keeps the cache in memory only. */
  storage?: FormCacheStorage | null;
  now?: () => number;
  log?: FormCacheLog;
  /** The storage keys' prefix. */
  prefix?: string;
}

const isEntry = (e: unknown): e is Entry =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as Entry).v === 'string' &&
  typeof (e as Entry).storedAt === 'number' &&
  typeof (e as Entry).checkedAt === 'number' &&
  ((e as Entry).marker === null || typeof (e as Entry).marker === 'string');

function defaultStorage(): FormCacheStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The browser's form cache (spec 03 §4, §9; decision 0075): forms, instance forms, type forms and
 * calculation dependencies, each kind in its own localStorage entry with its capacity (40, 200,
 * 200, 200). An answer is used as it is for 60 s after the server sent or confirmed it; then the
 * server is asked whether its change marker still holds (kept) or not (replaced). Nothing is kept
 * past 60 minutes, old entries are swept every 300,000 ms, entries of another cache version are
 * discarded, and everything is cleared when another account signs in. Storage failures are logged
 * and the cache carries on in memory.
 */
export class FormCache {
  readonly #storage: FormCacheStorage | null;
  readonly #now: () => number;
  readonly #log: FormCacheLog;
  readonly #prefix: string;
  readonly #buckets = new Map<FormCacheKind, Map<string, Entry>>();

  constructor(options: FormCacheOptions = {}) {
    this.#storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.#now = options.now ?? Date.now;
    this.#log = options.log ?? { warn: (message, error) => console.warn(message, error) };
    this.#prefix = options.prefix ?? 'plinth.formCache';
  }

  /**
   * Says who is signed in (`{tenantId}.{userId}`): when it is not the account the cache was filled
   * for, everything is cleared first.
   */
  setAccount(account: string): void {
    const key = `${this.#prefix}.account`;
    const previous = this.#read(key);
    if (previous === account) return;
    this.clear();
    this.#write(key, account);
  }

  get<T>(kind: FormCacheKind, key: string): FormCacheLookup<T> {
    const bucket = this.#bucket(kind);
    const entry = bucket.get(key);
    if (!entry) return { state: 'miss' };
    const now = this.#now();
    if (entry.v !== formCacheVersion || now - entry.storedAt >= formCacheMaxAgeMs) {
      this.drop(kind, key);
      return { state: 'miss' };
    }
    entry.usedAt = now;
    if (now - entry.checkedAt < formCacheRefreshMs) return { state: 'fresh', value: entry.value as T };
    if (entry.marker === null) {
      this.drop(kind, key);
      return { state: 'miss' };
    }
    return { state: 'stale', value: entry.value as T, marker: entry.marker };
  }

  /** Keeps an answer the server just sent, with its change marker (null: it cannot be revalidated). */
  put(kind: FormCacheKind, key: string, value: unknown, marker: string | null): void {
    const now = this.#now();
    const bucket = this.#bucket(kind);
    bucket.delete(key);
    bucket.set(key, { v: formCacheVersion, value, marker, storedAt: now, checkedAt: now, usedAt: now });
    this.#evict(kind, bucket);
    this.#save(kind);
  }

  /** The server confirmed the entry's change marker: fresh again for another refresh cycle. */
  confirm(kind: FormCacheKind, key: string): void {
    const entry = this.#bucket(kind).get(key);
    if (!entry) return;
    entry.checkedAt = this.#now();
    this.#save(kind);
  }

  drop(kind: FormCacheKind, key: string): void {
    if (this.#bucket(kind).delete(key)) this.#save(kind);
  }

  /** Drops every entry of every kind whose key satisfies `match` (a refreshed form's copies). */
  dropWhere(match: (kind: FormCacheKind, key: string, value: unknown) => boolean): void {
    for (const kind of formCacheKinds) {
      const bucket = this.#bucket(kind);
      let changed = false;
      for (const [key, entry] of bucket) {
        if (match(kind, key, entry.value)) {
          bucket.delete(key);
          changed = true;
        }
      }
      if (changed) this.#save(kind);
    }
  }

  clear(): void {
    for (const kind of formCacheKinds) {
      this.#buckets.set(kind, new Map());
      this.#remove(this.#storageKey(kind));
    }
  }

  /** Sweeps out entries past the maximum age or of another version, and keeps within capacity. */
  recycle(): void {
    const now = this.#now();
    for (const kind of formCacheKinds) {
      const bucket = this.#bucket(kind);
      const before = bucket.size;
      for (const [key, entry] of bucket) {
        if (entry.v !== formCacheVersion || now - entry.storedAt >= formCacheMaxAgeMs) bucket.delete(key);
      }
      const evicted = this.#evict(kind, bucket);
      if (bucket.size !== before || evicted) this.#save(kind);
    }
  }

  /** Recycles every 300,000 ms until the returned function is called. */
  startRecycling(timers: Pick<typeof globalThis, 'setInterval' | 'clearInterval'> = globalThis): () => void {
    const handle = timers.setInterval(() => this.recycle(), formCacheRecycleMs);
    return () => timers.clearInterval(handle);
  }

  /** How many entries of a kind are kept (for tests and diagnostics). */
  size(kind: FormCacheKind): number {
    return this.#bucket(kind).size;
  }

  #evict(kind: FormCacheKind, bucket: Map<string, Entry>): boolean {
    const capacity = formCacheCapacity[kind];
    if (bucket.size <= capacity) return false;
    const byUse = [...bucket.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [key] of byUse.slice(0, bucket.size - capacity)) bucket.delete(key);
    return true;
  }

  #storageKey(kind: FormCacheKind): string {
    return `${this.#prefix}.${kind}`;
  }

  #bucket(kind: FormCacheKind): Map<string, Entry> {
    let bucket = this.#buckets.get(kind);
    if (bucket) return bucket;
    bucket = new Map();
    this.#buckets.set(kind, bucket);
    const raw = this.#read(this.#storageKey(kind));
    if (raw === null) return bucket;
    let stored: unknown;
    try {
      stored = JSON.parse(raw);
    } catch (error) {
      this.#log.warn(`The form cache's ${kind} entries are not valid JSON; they are dropped.`, error);
      this.#remove(this.#storageKey(kind));
      return bucket;
    }
    let discarded = false;
    if (typeof stored === 'object' && stored !== null && !Array.isArray(stored)) {
      for (const [key, entry] of Object.entries(stored)) {
        if (isEntry(entry) && entry.v === formCacheVersion)
          bucket.set(key, {
            ...entry,
            usedAt: typeof entry.usedAt === 'number' ? entry.usedAt : entry.storedAt,
          });
        else discarded = true;
      }
    } else discarded = true;
    if (discarded) this.#save(kind);
    return bucket;
  }

  #save(kind: FormCacheKind): void {
    const bucket = this.#buckets.get(kind);
    if (!bucket) return;
    this.#write(this.#storageKey(kind), JSON.stringify(Object.fromEntries(bucket)));
  }

  #read(key: string): string | null {
    if (!this.#storage) return null;
    try {
      return this.#storage.getItem(key);
    } catch (error) {
      this.#log.warn(`The form cache could not read ${key}.`, error);
      return null;
    }
  }

  #write(key: string, value: string): void {
    if (!this.#storage) return;
    try {
      this.#storage.setItem(key, value);
    } catch (error) {
      this.#log.warn(`The form cache could not write ${key}.`, error);
    }
  }

  #remove(key: string): void {
    if (!this.#storage) return;
    try {
      this.#storage.removeItem(key);
    } catch (error) {
      this.#log.warn(`The form cache could not remove ${key}.`, error);
    }
  }
}
