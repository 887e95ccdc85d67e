import type { RunnerAppResponse } from '@plinth/schema';
import { describe, expect, it, vi } from 'vitest';
import { prefetchRunnerApp, takePrefetchedRunnerApp } from './runnerPrefetch';

const app = { slug: 'crm', includedPage: null } as unknown as RunnerAppResponse;

describe('the prefetched app call of an app page’s address', () => {
  it('asks for the app with the page it opens on, and hands the answer over once', async () => {
    const api = { app: vi.fn(async () => app) };
    prefetchRunnerApp(api, 'crm', { kind: 'default' }, 1000);
    expect(api.app).toHaveBeenCalledWith('crm', undefined, { kind: 'default' });
    await expect(takePrefetchedRunnerApp('CRM', { kind: 'default' }, 1500)).resolves.toBe(app);
    expect(takePrefetchedRunnerApp('crm', { kind: 'default' }, 1600)).toBeUndefined();
  });

  it('is not used for another app, another page or after it grew old', () => {
    const api = { app: vi.fn(async () => app) };
    prefetchRunnerApp(api, 'crm', { kind: 'default' }, 0);
    expect(takePrefetchedRunnerApp('hr', { kind: 'default' }, 10)).toBeUndefined();
    prefetchRunnerApp(api, 'crm', { kind: 'slug', slug: 'accounts' }, 0);
    expect(takePrefetchedRunnerApp('crm', { kind: 'slug', slug: 'contacts' }, 10)).toBeUndefined();
    prefetchRunnerApp(api, 'crm', { kind: 'slug', slug: 'accounts' }, 0);
    expect(takePrefetchedRunnerApp('crm', { kind: 'default' }, 10)).toBeUndefined();
    prefetchRunnerApp(api, 'crm', { kind: 'default' }, 0);
    expect(takePrefetchedRunnerApp('crm', { kind: 'default' }, 60_000)).toBeUndefined();
  });

  it('drops a failure once it arrives, so a runner after sign-in asks itself', async () => {
    const refused = Object.assign(new Error('Sign in first.'), { status: 401 });
    const api = { app: vi.fn(() => Promise.reject(refused)) };
    const taken = prefetchRunnerApp(api, 'crm', { kind: 'default' }, 0);
    await expect(taken).rejects.toBe(refused);
    expect(takePrefetchedRunnerApp('crm', { kind: 'default' }, 10)).toBeUndefined();
  });
});
