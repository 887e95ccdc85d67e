import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createReport, fieldColumn } from './reports/reportSupport.js';
import { defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Issue 14, item 4: anonymous calls to public reports are limited per address and per report,
 * answered 429 with Retry-After in the JSON error shape; signed-in callers are not limited.
 */
describe.each(engines)('public report rate limits on %s', (engine) => {
  let t: TestApp;
  let limited: FastifyInstance;
  let reportA: number;
  let reportB: number;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const { typeId } = await defineType(t.admin, 'Listing', []);
    await t.admin.put([{ id: 'new:l', typeId, fields: { name: 'One' } }]);
    const def = { rootTypeId: typeId, columns: [fieldColumn('name', 100)], isPublic: true };
    reportA = await createReport(t.admin, def, 'Public A');
    reportB = await createReport(t.admin, def, 'Public B');
    limited = await buildApp(t.services, {
      // The counts alone: the server's time and calls at once are tested below.
      publicLimits: {
        publicRatePerAddress: 5,
        publicRatePerReport: 8,
        publicRateWindowSeconds: 60,
        publicTimeShare: 1,
      },
    });
    const login = await limited.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { tenant: 'acme', username: 'admin', password: 'correct horse battery' },
    });
    cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  });
  afterAll(async () => {
    await limited.close();
    await t.close();
  });

  const call = (reportId: number, address: string, headers: Record<string, string> = {}) =>
    limited.inject({
      method: 'POST',
      url: `/spapi/data/v1/public/acme/report/${reportId}`,
      payload: {},
      remoteAddress: address,
      headers,
    });

  it('answers one address 429 with Retry-After past its limit; other addresses go on', async () => {
    for (let i = 0; i < 5; i += 1) expect((await call(reportA, '10.0.0.1')).statusCode).toBe(200);
    const refused = await call(reportA, '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({
      error: { code: 'too_many_requests', message: 'Too many requests. Try again later.' },
    });
    // The same address is refused on another report too: the limit is the address's.
    expect((await call(reportB, '10.0.0.1')).statusCode).toBe(429);
    expect((await call(reportA, '10.0.0.2')).statusCode).toBe(200);
  });

  it('limits one report across all addresses', async () => {
    // Report A has answered 6 calls so far (5 + 1 from 10.0.0.2); two more fill its limit of 8.
    expect((await call(reportA, '10.0.1.1')).statusCode).toBe(200);
    expect((await call(reportA, '10.0.1.2')).statusCode).toBe(200);
    const refused = await call(reportA, '10.0.1.3');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Report B's own budget is untouched by A's callers.
    expect((await call(reportB, '10.0.1.4')).statusCode).toBe(200);
  });

  it('never limits a signed-in caller, and a made-up cookie does not pass as one', async () => {
    for (let i = 0; i < 12; i += 1)
      expect((await call(reportA, '10.0.0.1', { cookie })).statusCode).toBe(200);
    expect((await call(reportA, '10.0.0.1', { cookie: 'plinth_session=forged' })).statusCode).toBe(429);
    const bearer = await call(reportA, '10.0.0.1', { authorization: 'Bearer not-a-token' });
    expect(bearer.statusCode).toBe(429);
  });

  it('works on only so many anonymous calls at once and refuses the rest at once', async () => {
    const busy = await buildApp(t.services, {
      publicLimits: {
        publicRatePerAddress: 1000,
        publicRatePerReport: 1000,
        publicRateWindowSeconds: 60,
        publicConcurrency: 1,
        publicTimeShare: 1,
      },
    });
    // A public call that takes as long as the test says: it stands for a long report run.
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    busy.post('/spapi/data/v1/public/:tenant/held/:reportId', async () => {
      await gate;
      return { ok: true };
    });
    const at = (
      address: string,
      options: { url?: string; headers?: Record<string, string>; payload?: unknown } = {},
    ) =>
      busy.inject({
        method: 'POST',
        url: options.url ?? `/spapi/data/v1/public/acme/report/${reportA}`,
        payload: (options.payload ?? {}) as object,
        remoteAddress: address,
        headers: { 'content-type': 'application/json', ...options.headers },
      });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
    try {
      // A caller still sending its body holds no place.
      const slowBody = new PassThrough();
      const slow = at('10.0.2.1', { payload: slowBody });
      await settle();
      expect((await at('10.0.2.2')).statusCode).toBe(200);

      const held = at('10.0.2.3', { url: '/spapi/data/v1/public/acme/held/1' });
      await settle();
      // The one place is taken: refused before any work, with a retry in a second.
      const refused = await at('10.0.2.4');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toMatchObject({ error: { code: 'too_many_requests' } });
      slowBody.end('{}');
      expect((await slow).statusCode).toBe(429);
      // A signed-in caller takes no place and is never refused for it.
      expect((await at('10.0.2.5', { headers: { cookie } })).statusCode).toBe(200);

      open();
      expect((await held).statusCode).toBe(200);
      // Every finished call gave its place back, answered or failed.
      expect((await at('10.0.2.6', { url: '/spapi/data/v1/public/acme/report/999999' })).statusCode).toBe(
        404,
      );
      for (let i = 0; i < 3; i += 1) expect((await at(`10.0.3.${i}`)).statusCode).toBe(200);
    } finally {
      open();
      await busy.close();
    }
  });

  it('gives anonymous calls only their share of the server time', async () => {
    // A tenth of the time: 100 ms to spend, and 1 ms more for every 10 ms that pass.
    const limitedTime = await buildApp(t.services, {
      publicLimits: {
        publicRatePerAddress: 1000,
        publicRatePerReport: 1000,
        publicRateWindowSeconds: 60,
        publicTimeShare: 0.1,
      },
    });
    limitedTime.post('/spapi/data/v1/public/:tenant/slow/:reportId', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { ok: true };
    });
    const at = (url: string, headers: Record<string, string> = {}) =>
      limitedTime.inject({ method: 'POST', url, payload: {}, remoteAddress: '10.0.5.1', headers });
    const report = `/spapi/data/v1/public/acme/report/${reportA}`;
    try {
      expect((await at(report)).statusCode).toBe(200);
      // 300 ms spent out of about 100: the next anonymous call is refused until it is earned back.
      expect((await at('/spapi/data/v1/public/acme/slow/1')).statusCode).toBe(200);
      const refused = await at(report);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3);
      // Signed-in callers spend none of it and are not refused.
      expect((await at(report, { cookie })).statusCode).toBe(200);
    } finally {
      await limitedTime.close();
    }
  });

  it('reads the limits from the environment and refuses nonsense', () => {
    const config = loadConfig({
      PLINTH_PUBLIC_RATE_PER_ADDRESS: '30',
      PLINTH_PUBLIC_RATE_PER_REPORT: '300',
      PLINTH_PUBLIC_RATE_WINDOW_SECONDS: '10',
      PLINTH_STATEMENT_TIMEOUT_MS: '2500',
      PLINTH_PUBLIC_CONCURRENCY: '4',
      PLINTH_PUBLIC_TIME_PERCENT: '25',
    });
    expect(config).toMatchObject({
      publicConcurrency: 4,
      publicTimeShare: 0.25,
      publicRatePerAddress: 30,
      publicRatePerReport: 300,
      publicRateWindowSeconds: 10,
      statementTimeoutMs: 2500,
    });
    expect(loadConfig({})).toMatchObject({
      publicConcurrency: 2,
      publicTimeShare: 0.1,
      publicRatePerAddress: 120,
      publicRatePerReport: 1200,
      publicRateWindowSeconds: 60,
      statementTimeoutMs: 10_000,
    });
    expect(() => loadConfig({ PLINTH_PUBLIC_RATE_PER_ADDRESS: '0' })).toThrow(
      "PLINTH_PUBLIC_RATE_PER_ADDRESS must be a whole number from 1 to 1000000, not '0'.",
    );
    expect(() => loadConfig({ PLINTH_STATEMENT_TIMEOUT_MS: '1e3' })).toThrow(/PLINTH_STATEMENT_TIMEOUT_MS/);
  });
});
