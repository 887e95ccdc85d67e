import { createHash } from 'node:crypto';
import { objectNumber } from '../util/objectNumbers.js';

/**
 * Answers of the compile call, kept for 30 seconds and swept every 10 seconds (spec 03 §4, §9).
 * Keys carry the tenant and its metamodel version, so a changed metamodel never answers from an old
 * entry. Only answers are cached: a refused (HTTP error) compile never is.
 */
export class CompileCache<V> {
  readonly #entries = new Map<string, { expires: number; value: V }>();
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = Date.now,
    readonly ttlMs = 30_000,
    sweepMs = 10_000,
    /** Bounds memory under a flood of distinct expressions. */
    private readonly maxEntries = 10_000,
  ) {
    this.#timer = setInterval(() => this.sweep(), sweepMs);
    this.#timer.unref();
  }

  /** The key of a request: tenant, metamodel version and a digest of the request (never the whole text). */
  static key(tenantId: number, metaVersion: number, request: unknown): string {
    const digest = createHash('sha256').update(JSON.stringify(request)).digest('base64url');
    return `${tenantId}|${metaVersion}|${digest}`;
  }

  /**
   * A number for a metamodel object, the same for as long as the object lives: the request's
   * schema is the tenant's metamodel at the caller's version (read with the session), and a new
   * version is a new object. Keying on it spares the compile call a database read of the version
   * (decision 0081).
   */
  static schemaVersion(schema: object): number {
    return objectNumber(schema);
  }

  get(key: string): V | undefined {
    const e = this.#entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: V): void {
    if (this.#entries.size >= this.maxEntries) this.sweep();
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { expires: this.now() + this.ttlMs, value });
  }

  /** Drops expired entries. */
  sweep(): void {
    const now = this.now();
    for (const [k, e] of this.#entries) if (e.expires <= now) this.#entries.delete(k);
  }

  get size(): number {
    return this.#entries.size;
  }

  close(): void {
    clearInterval(this.#timer);
  }
}
