import { describe, expect, it, vi } from 'vitest';
import { FormCache, type FormCacheStorage } from './formCache';
import {
  formCacheCapacity,
  formCacheMaxAgeMs,
  formCacheRecycleMs,
  formCacheRefreshMs,
  formCacheVersion,
} from './formCacheConstants';
import { loadThroughCache } from './loadThroughCache';

class MemoryStorage implements FormCacheStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

function setup(storage: FormCacheStorage | null = new MemoryStorage()) {
  let now = 1_000_000;
  const log = { warn: vi.fn() };
  const make = () => new FormCache({ storage, now: () => now, log });
  return {
    cache: make(),
    make,
    log,
    storage,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('the form cache', () => {
  it('has the constants of spec 03 §9', () => {
    expect(formCacheVersion).toBe('2.132');
    expect(formCacheCapacity).toEqual({ form: 40, instance: 200, typeForm: 200, calcDependencies: 200 });
    expect(formCacheRefreshMs).toBe(60_000);
    expect(formCacheMaxAgeMs).toBe(60 * 60 * 1000);
    expect(formCacheRecycleMs).toBe(300_000);
  });

  it('answers an entry fresh for 60 s, then stale with its marker until the server confirms it', () => {
    const { cache, advance } = setup();
    cache.put('form', '10', { name: 'Deal form' }, 'f10.v1.m3');
    expect(cache.get('form', '10')).toEqual({ state: 'fresh', value: { name: 'Deal form' } });
    advance(formCacheRefreshMs - 1);
    expect(cache.get('form', '10').state).toBe('fresh');
    advance(1);
    expect(cache.get('form', '10')).toEqual({
      state: 'stale',
      value: { name: 'Deal form' },
      marker: 'f10.v1.m3',
    });
    cache.confirm('form', '10');
    expect(cache.get('form', '10').state).toBe('fresh');
  });

  it('keeps nothing past 60 minutes however often it was confirmed', () => {
    const { cache, advance } = setup();
    cache.put('typeForm', '5', 'x', 'm');
    for (let i = 0; i < 59; i++) {
      advance(60_000);
      cache.confirm('typeForm', '5');
    }
    expect(cache.get('typeForm', '5').state).toBe('fresh');
    advance(60_000);
    expect(cache.get('typeForm', '5')).toEqual({ state: 'miss' });
  });

  it('drops a stale entry the server gave no marker for', () => {
    const { cache, advance } = setup();
    cache.put('instance', '7', 'x', null);
    advance(formCacheRefreshMs);
    expect(cache.get('instance', '7')).toEqual({ state: 'miss' });
  });

  it('keeps each kind within its capacity, dropping the least recently used', () => {
    const { cache, advance } = setup();
    for (let i = 0; i < 40; i++) {
      cache.put('form', String(i), i, 'm');
      advance(1);
    }
    cache.get('form', '0');
    advance(1);
    cache.put('form', '40', 40, 'm');
    expect(cache.size('form')).toBe(40);
    expect(cache.get('form', '0').state).toBe('fresh');
    expect(cache.get('form', '1')).toEqual({ state: 'miss' });
    for (let i = 0; i < 201; i++) cache.put('calcDependencies', String(i), i, 'm');
    expect(cache.size('calcDependencies')).toBe(200);
  });

  it('survives a reload through localStorage, and discards entries of another cache version', () => {
    const { cache, make, storage } = setup();
    cache.put('form', '10', { a: 1 }, 'm1');
    cache.put('form', '11', { a: 2 }, 'm2');
    expect(make().get('form', '10')).toEqual({ state: 'fresh', value: { a: 1 } });
    const stored = JSON.parse(storage!.getItem('plinth.formCache.form')!);
    stored['11'].v = '2.131';
    storage!.setItem('plinth.formCache.form', JSON.stringify(stored));
    const reloaded = make();
    expect(reloaded.get('form', '11')).toEqual({ state: 'miss' });
    expect(reloaded.get('form', '10').state).toBe('fresh');
    expect(Object.keys(JSON.parse(storage!.getItem('plinth.formCache.form')!))).toEqual(['10']);
  });

  it('is cleared when another account signs in, and kept for the same one', () => {
    const { cache, make } = setup();
    cache.setAccount('1.10');
    cache.put('form', '10', 'x', 'm');
    cache.setAccount('1.10');
    expect(cache.get('form', '10').state).toBe('fresh');
    const next = make();
    next.setAccount('1.11');
    expect(next.get('form', '10')).toEqual({ state: 'miss' });
    expect(make().get('form', '10')).toEqual({ state: 'miss' });
  });

  it('sweeps old entries every 300,000 ms', () => {
    const { cache, advance } = setup();
    const timers = { setInterval: vi.fn(() => 42), clearInterval: vi.fn() };
    const stop = cache.startRecycling(timers as never);
    expect(timers.setInterval).toHaveBeenCalledWith(expect.any(Function), 300_000);
    cache.put('instance', '1', 'x', 'm');
    advance(formCacheMaxAgeMs);
    (timers.setInterval.mock.calls[0] as unknown as [() => void])[0]();
    expect(cache.size('instance')).toBe(0);
    stop();
    expect(timers.clearInterval).toHaveBeenCalledWith(42);
  });

  it('logs storage failures and carries on in memory', () => {
    const broken: FormCacheStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const { cache, log } = setup(broken);
    expect(() => cache.setAccount('1.10')).not.toThrow();
    cache.put('form', '10', 'x', 'm');
    expect(cache.get('form', '10')).toEqual({ state: 'fresh', value: 'x' });
    expect(log.warn).toHaveBeenCalled();
  });

  it('drops unreadable stored JSON with a warning', () => {
    const storage = new MemoryStorage();
    storage.setItem('plinth.formCache.form', '{not json');
    const { cache, log } = setup(storage);
    expect(cache.get('form', '1')).toEqual({ state: 'miss' });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(storage.getItem('plinth.formCache.form')).toBeNull();
  });
});

describe('loadThroughCache', () => {
  it('reads once, answers fresh copies, revalidates stale ones by marker and replaces changed ones', async () => {
    const { cache, advance } = setup();
    const read = vi.fn(async (ifNoneMatch: string | undefined) => {
      if (ifNoneMatch === 'm1' && read.mock.calls.length === 2) return { notModified: true as const };
      return {
        notModified: false as const,
        value: `v${read.mock.calls.length}`,
        marker: `m${read.mock.calls.length}`,
      };
    });
    expect(await loadThroughCache(cache, 'form', '10', read)).toBe('v1');
    expect(await loadThroughCache(cache, 'form', '10', read)).toBe('v1');
    expect(read).toHaveBeenCalledTimes(1);
    advance(formCacheRefreshMs);
    expect(await loadThroughCache(cache, 'form', '10', read)).toBe('v1');
    expect(read).toHaveBeenLastCalledWith('m1');
    expect(await loadThroughCache(cache, 'form', '10', read)).toBe('v1');
    expect(read).toHaveBeenCalledTimes(2);
    advance(formCacheRefreshMs);
    expect(await loadThroughCache(cache, 'form', '10', read)).toBe('v3');
    expect(cache.get('form', '10')).toEqual({ state: 'fresh', value: 'v3' });
  });

  it('keeps nothing when the read fails', async () => {
    const { cache } = setup();
    await expect(
      loadThroughCache(cache, 'form', '10', async () => {
        throw new Error('offline');
      }),
    ).rejects.toThrow('offline');
    expect(cache.get('form', '10')).toEqual({ state: 'miss' });
  });
});
