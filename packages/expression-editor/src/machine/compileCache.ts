/** Compile answers are kept this long (spec 03 §9). */
export const compileCacheExpiryMs = 30_000;
/** Expired answers are dropped this often (spec 03 §9). */
export const compileCacheSweepMs = 10_000;

interface Entry<T> {
  readonly value: T;
  readonly at: number;
}

/**
 * The browser's compile cache (spec 03 §4): an answer is reused for 30 s and a sweep every 10 s
 * drops the expired ones. Only answers are stored, so a failed compile is never cached. The clock
 * is passed in for tests; the sweep timer starts with the first entry and stops when empty.
 */
export class CompileCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private sweepTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly now: () => number = () => Date.now()) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at >= compileCacheExpiryMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    this.entries.set(key, { value, at: this.now() });
    this.sweepTimer ??= setInterval(() => this.sweep(), compileCacheSweepMs);
  }

  /** Drops the expired entries; stops the timer when nothing is left. */
  sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries)
      if (now - entry.at >= compileCacheExpiryMs) this.entries.delete(key);
    if (this.entries.size === 0) this.clear();
  }

  clear(): void {
    this.entries.clear();
    if (this.sweepTimer !== undefined) clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
  }

  /**
   * A compile answer through the cache: asked once per key while fresh; a failure (HTTP or
   * cancelled) is passed on and not kept.
   */
  async through(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = await load();
    this.set(key, value);
    return value;
  }
}
