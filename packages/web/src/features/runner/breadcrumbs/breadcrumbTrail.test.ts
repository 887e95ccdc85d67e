import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BreadcrumbNameSealer } from './breadcrumbNames';
import {
  breadcrumbCleanupIntervalMs,
  breadcrumbMaxAgeMs,
  lastCleanupKey,
  openBreadcrumbStore,
} from './breadcrumbStore';
import { BreadcrumbTrail, breadcrumbLogMessages } from './breadcrumbTrail';
import { breadcrumbIdOf, trailOf, withTrail } from './trailUrl';

const day = 24 * 60 * 60 * 1000;

/** A sealer that works like the server's: opaque values, and a refusal for values it did not make. */
function fakeSealer() {
  const calls = { seal: 0, open: 0 };
  const sealer: BreadcrumbNameSealer = {
    async seal(names) {
      calls.seal++;
      return names.map((n) => `v1.${btoa(encodeURIComponent(n))}`);
    },
    async open(values) {
      calls.open++;
      return values.map((v) => {
        if (!v.startsWith('v1.')) throw new Error('A breadcrumb name is not valid');
        return decodeURIComponent(atob(v.slice(3)));
      });
    },
  };
  return { sealer, calls };
}

describe('the breadcrumb trail', () => {
  let now: number;
  let log: ReturnType<typeof vi.fn<(message: string, error: unknown) => void>>;
  const trail = (sealer: BreadcrumbNameSealer) =>
    new BreadcrumbTrail({ openStore: openBreadcrumbStore, sealer, now: () => now, log });

  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    window.localStorage.clear();
    now = Date.parse('2026-03-15T10:00:00Z');
    log = vi.fn<(message: string, error: unknown) => void>();
  });

  it("keeps visits in 'rn-app-runner' / 'breadcrumbs' with sealed names and stripped URLs", async () => {
    const { sealer } = fakeSealer();
    await trail(sealer).recordVisit({ url: '/apps/crm/home?cid=1&breadcrumbs=x1&testtoken=t', name: 'Home' });
    const store = await openBreadcrumbStore();
    const [record] = await store.getMany([breadcrumbIdOf('/apps/crm/home?cid=1')]);
    store.close();
    expect(record).toEqual({
      id: breadcrumbIdOf('/apps/crm/home?cid=1'),
      name: `v1.${btoa('Home')}`,
      url: '/apps/crm/home?cid=1',
      lastAccessed: now,
    });
    expect(log).not.toHaveBeenCalled();
  });

  it('reads a trail back in order, each link carrying the trail before it', async () => {
    const { sealer, calls } = fakeSealer();
    const t = trail(sealer);
    const home = { url: '/apps/crm/home', name: 'Home' };
    await t.recordVisit(home);
    const accountsUrl = withTrail('/apps/crm/accounts', home);
    await t.recordVisit({ url: accountsUrl, name: 'Accounts' });
    const recordUrl = withTrail('/apps/crm/_viewRecord?cid=7', { url: accountsUrl, name: 'Accounts' });

    const fresh = trail(sealer);
    const crumbs = await fresh.load(recordUrl);
    expect(crumbs.map((c) => c.name)).toEqual(['Home', 'Accounts']);
    expect(crumbs[0]!.href).toBe('/apps/crm/home');
    expect(trailOf(crumbs[1]!.href)).toEqual([breadcrumbIdOf('/apps/crm/home')]);
    expect(crumbs[1]!.href.startsWith('/apps/crm/accounts?breadcrumbs=')).toBe(true);
    // Names once opened are not asked for again.
    const opens = calls.open;
    await fresh.load(recordUrl);
    expect(calls.open).toBe(opens);
  });

  it('seals a name seen before in this session without another call', async () => {
    const { sealer, calls } = fakeSealer();
    const t = trail(sealer);
    await t.recordVisit({ url: '/apps/crm/home', name: 'Home' });
    await t.recordVisit({ url: '/apps/crm/home', name: 'Home' });
    expect(calls.seal).toBe(1);
  });

  it('leaves out pages whose record is gone, and has no trail without the parameter', async () => {
    const { sealer } = fakeSealer();
    const t = trail(sealer);
    await t.recordVisit({ url: '/apps/crm/home', name: 'Home' });
    const url = `/apps/crm/x?breadcrumbs=gone1.${breadcrumbIdOf('/apps/crm/home')}`;
    expect((await t.load(url)).map((c) => c.name)).toEqual(['Home']);
    expect(await t.load('/apps/crm/x')).toEqual([]);
  });

  it('falls back to an empty trail and logs when names do not open', async () => {
    const { sealer } = fakeSealer();
    await trail(sealer).recordVisit({ url: '/apps/crm/home', name: 'Home' });
    const refusing: BreadcrumbNameSealer = {
      seal: sealer.seal,
      open: async () => {
        throw new Error('400 A breadcrumb name is not valid');
      },
    };
    const url = withTrail('/apps/crm/y', { url: '/apps/crm/home', name: 'Home' });
    expect(await trail(refusing).load(url)).toEqual([]);
    expect(log).toHaveBeenCalledWith(breadcrumbLogMessages.initFailed, expect.any(Error));
  });

  it('falls back to an empty trail when the store cannot be opened, and logs a failed update', async () => {
    const { sealer } = fakeSealer();
    const broken = new BreadcrumbTrail({
      openStore: () => Promise.reject(new Error('IndexedDB is disabled')),
      sealer,
      log,
    });
    expect(await broken.load('/apps/crm/x?breadcrumbs=abc')).toEqual([]);
    expect(await broken.recordVisit({ url: '/apps/crm/x', name: 'X' })).toBe(false);
    expect(log).toHaveBeenCalledWith(breadcrumbLogMessages.initFailed, expect.any(Error));
    expect(log).toHaveBeenCalledWith(breadcrumbLogMessages.updateFailed, expect.any(Error));
  });

  it('removes entries not visited for 90 days, at most once every 7 days', async () => {
    const { sealer } = fakeSealer();
    const start = now;
    await trail(sealer).recordVisit({ url: '/apps/crm/old', name: 'Old' });
    now = start + 3 * day;
    await trail(sealer).recordVisit({ url: '/apps/crm/recent', name: 'Recent' });
    expect(window.localStorage.getItem(lastCleanupKey)).toBe(String(start));
    const url = `/apps/crm/z?breadcrumbs=${breadcrumbIdOf('/apps/crm/old')}.${breadcrumbIdOf('/apps/crm/recent')}`;

    // 90 days and a moment after the old visit: expired, and the last cleanup is over a week ago.
    now = start + breadcrumbMaxAgeMs + 1;
    expect((await trail(sealer).load(url)).map((c) => c.name)).toEqual(['Recent']);
    expect(window.localStorage.getItem(lastCleanupKey)).toBe(String(now));

    // Another visit ages out soon after, but no cleanup runs again within 7 days.
    await trail(sealer).recordVisit({ url: '/apps/crm/old', name: 'Old' });
    const cleanedAt = now;
    now = start + 3 * day + breadcrumbMaxAgeMs + 1;
    expect(now - cleanedAt).toBeLessThan(breadcrumbCleanupIntervalMs);
    expect((await trail(sealer).load(url)).map((c) => c.name)).toEqual(['Old', 'Recent']);
    now = cleanedAt + breadcrumbCleanupIntervalMs;
    expect((await trail(sealer).load(url)).map((c) => c.name)).toEqual(['Old']);
  });
});
