import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompileCache, compileCacheExpiryMs, compileCacheSweepMs } from './compileCache';

describe('the compile cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers from the cache for 30 seconds, then asks again', async () => {
    const cache = new CompileCache<string>();
    const load = vi.fn(async () => 'answer');
    await cache.through('k', load);
    vi.advanceTimersByTime(compileCacheExpiryMs - 1);
    expect(await cache.through('k', load)).toBe('answer');
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await cache.through('k', load);
    expect(load).toHaveBeenCalledTimes(2);
    cache.clear();
  });

  it('sweeps expired entries every 10 seconds and stops its timer when empty', () => {
    const cache = new CompileCache<string>();
    cache.set('a', '1');
    vi.advanceTimersByTime(20_000);
    cache.set('b', '2');
    vi.advanceTimersByTime(compileCacheSweepMs); // 30 s: a expired
    expect(cache.size).toBe(1);
    vi.advanceTimersByTime(20_000); // 50 s: b expired
    expect(cache.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not keep a failed compile', async () => {
    const cache = new CompileCache<string>();
    await expect(cache.through('k', () => Promise.reject(new Error('503')))).rejects.toThrow('503');
    expect(cache.size).toBe(0);
    expect(await cache.through('k', async () => 'second')).toBe('second');
    cache.clear();
  });
});
