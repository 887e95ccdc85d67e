/**
 * Collects the keys asked for while the event loop is busy and fetches them in one go (on the next
 * turn, once every concurrent evaluation has reached its read), caching each answer.
 */
export class Batch<K, V> {
  readonly #cache = new Map<K, Promise<V>>();
  #queue: Array<{ key: K; resolve: (v: V) => void; reject: (e: unknown) => void }> = [];

  constructor(
    private readonly fetch: (keys: K[]) => Promise<Map<K, V>>,
    private readonly missing: V,
  ) {}

  load(key: K): Promise<V> {
    const known = this.#cache.get(key);
    if (known) return known;
    const promise = new Promise<V>((resolve, reject) => {
      if (this.#queue.length === 0) setImmediate(() => void this.#flush());
      this.#queue.push({ key, resolve, reject });
    });
    this.#cache.set(key, promise);
    return promise;
  }

  /** Seeds the cache with an answer already at hand. */
  prime(key: K, value: V): void {
    if (!this.#cache.has(key)) this.#cache.set(key, Promise.resolve(value));
  }

  async #flush(): Promise<void> {
    const queue = this.#queue;
    this.#queue = [];
    try {
      const found = await this.fetch([...new Set(queue.map((q) => q.key))]);
      for (const q of queue) q.resolve(found.has(q.key) ? found.get(q.key)! : this.missing);
    } catch (e) {
      for (const q of queue) {
        this.#cache.delete(q.key);
        q.reject(e);
      }
    }
  }
}
