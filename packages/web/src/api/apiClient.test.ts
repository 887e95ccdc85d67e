import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiClient, ApiError } from './apiClient';

function fakeFetch(answers: Array<{ status: number; body: unknown; headers?: Record<string, string> }>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const impl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const answer = answers.shift()!;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      ...(answer.headers ? { headers: answer.headers } : {}),
    });
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 'tok' };

describe('ApiClient', () => {
  it('signs in, then sends the CSRF token on non-GET calls only', async () => {
    const { impl, calls } = fakeFetch([
      { status: 200, body: me },
      { status: 200, body: { entities: [], pageSize: 20, hasMore: false } },
      { status: 200, body: me },
    ]);
    const client = new ApiClient({ fetch: impl });
    await client.login({ tenant: 'demo', username: 'admin', password: 'pw' });
    await client.entitiesOfType({ typeId: 'crm:contact', query: 'name', pageSize: 20 });
    await client.me();
    const headers = calls.map((c) => c.init.headers as Record<string, string>);
    expect(calls[1]!.url).toBe('/spapi/data/v1/entity/ofType');
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({
      typeId: 'crm:contact',
      query: 'name',
      includeDerived: true,
      startIndex: 0,
      pageSize: 20,
    });
    expect(headers[1]!['x-csrf-token']).toBe('tok');
    expect(headers[2]!['x-csrf-token']).toBeUndefined();
  });

  it('reads the tenant settings once per session, and again after a failure or a new sign-in', async () => {
    const settings = {
      tenantName: 'Demo',
      currencySymbol: '$',
      nameFieldLabel: 'Name',
      timeZone: 'UTC',
      locale: 'en-AU',
      financialYearStartMonth: 7,
      confirmExternalLinks: true,
    };
    const { impl, calls } = fakeFetch([
      { status: 500, body: { error: { code: 'internal', message: 'Down.' } } },
      { status: 200, body: settings },
      { status: 200, body: me },
      { status: 200, body: { ...settings, currencySymbol: '€' } },
    ]);
    const client = new ApiClient({ fetch: impl });
    await expect(client.tenantSettings()).rejects.toThrow('Down.');
    const [a, b] = await Promise.all([client.tenantSettings(), client.tenantSettings()]);
    expect(a).toEqual(settings);
    expect(b).toBe(a);
    await client.login({ tenant: 'demo', username: 'admin', password: 'pw' });
    expect((await client.tenantSettings()).currencySymbol).toBe('€');
    expect(calls.filter((c) => c.url === '/spapi/data/v1/tenantSettings')).toHaveLength(3);
  });

  it('turns the error shape into an ApiError with the server message', async () => {
    const { impl } = fakeFetch([
      {
        status: 401,
        body: {
          error: { code: 'unauthorized', message: 'The tenant, user name or password is not correct.' },
        },
      },
    ]);
    const client = new ApiClient({ fetch: impl });
    const failure = await client
      .login({ tenant: 'demo', username: 'a', password: 'b' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 401,
      code: 'unauthorized',
      message: 'The tenant, user name or password is not correct.',
    });
  });

  it('rejects an answer that breaks the contract', async () => {
    const { impl } = fakeFetch([{ status: 200, body: { entities: 'nope' } }]);
    const client = new ApiClient({ fetch: impl });
    await expect(client.getEntities({ ids: [1] })).rejects.toThrow();
  });

  it('refuses a request that breaks the contract before sending it', async () => {
    const { impl, calls } = fakeFetch([]);
    const client = new ApiClient({ fetch: impl });
    await expect(client.entitiesOfType({ typeId: 'not an alias!' })).rejects.toThrow();
    expect(calls).toHaveLength(0);
  });

  it("reads a choice type's values and the template report ids with GET", async () => {
    const value = { id: 5, name: 'High', order: 1, colour: '#c0392b', iconImageId: 7, isRetired: false };
    const { impl, calls } = fakeFetch([
      { status: 200, body: { values: [value] } },
      { status: 200, body: { reportIds: [31, 32] } },
    ]);
    const client = new ApiClient({ fetch: impl });
    expect(await client.enumValues('crm:stage')).toEqual([value]);
    expect(await client.templateReportIds()).toEqual([31, 32]);
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ['GET', '/spapi/data/v1/schema/type/crm%3Astage/enumValues'],
      ['GET', '/spapi/data/v1/report/templateIds'],
    ]);
  });

  it('asks again after a 429 once its Retry-After has passed, at most twice, and not for long waits', async () => {
    const read = (impl: typeof fetch) =>
      new ApiClient({ fetch: impl }).call('POST', '/spapi/data/v1/public/demo/report/1', z.any(), {});
    vi.useFakeTimers();
    try {
      const busy = {
        status: 429,
        body: { error: { code: 'busy', message: 'Busy.' } },
        headers: { 'retry-after': '1' },
      };
      const ok = { status: 200, body: me };
      const twice = fakeFetch([busy, busy, ok]);
      const answer = read(twice.impl);
      await vi.advanceTimersByTimeAsync(2000);
      await expect(answer).resolves.toMatchObject({ username: 'admin' });
      expect(twice.calls).toHaveLength(3);

      const thrice = fakeFetch([busy, busy, busy, ok]);
      const refused = read(thrice.impl).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(3000);
      expect(await refused).toMatchObject({ status: 429 });
      expect(thrice.calls).toHaveLength(3);

      const long = fakeFetch([{ ...busy, headers: { 'retry-after': '60' } }, ok]);
      await expect(read(long.impl)).rejects.toMatchObject({ status: 429 });
      expect(long.calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not ask a refused sign-in again', async () => {
    const busy = {
      status: 429,
      body: { error: { code: 'busy', message: 'Busy.' } },
      headers: { 'retry-after': '1' },
    };
    const { impl, calls } = fakeFetch([busy, { status: 200, body: me }]);
    await expect(
      new ApiClient({ fetch: impl }).login({ tenant: 'demo', username: 'a', password: 'b' }),
    ).rejects.toMatchObject({ status: 429 });
    expect(calls).toHaveLength(1);
  });
});
