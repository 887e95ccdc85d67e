import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, engines, startTestApp, type TestApp } from './support/testApp.js';

/** Issue 14, item 6: API tokens can be given an expiry and show when they were last used. */
describe.each(engines)('API token expiry on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const asToken = (token: string) => new Client(t.app, { bearer: token });

  it('refuses a token from its expiry on, and shows when each token was last used', async () => {
    const made = await t.admin.post('/spapi/data/v1/apiTokens', { name: 'Nightly import', expiresInDays: 2 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.expiresAt).toBe('2026-03-17T01:30:00.000Z');
    const forever = await t.admin.post('/spapi/data/v1/apiTokens', { name: 'Reporting' });
    expect(forever.body.expiresAt).toBeNull();

    let listed = (await t.admin.get('/spapi/data/v1/apiTokens')).body.tokens;
    expect(listed.find((x: any) => x.id === made.body.id)).toMatchObject({
      name: 'Nightly import',
      expiresAt: '2026-03-17T01:30:00.000Z',
      lastUsedAt: null,
    });

    t.clock.time = new Date('2026-03-16T09:00:00.000Z');
    expect((await asToken(made.body.token).get('/spapi/data/v1/apiTokens')).status).toBe(200);
    listed = (await t.admin.get('/spapi/data/v1/apiTokens')).body.tokens;
    expect(listed.find((x: any) => x.id === made.body.id).lastUsedAt).toBe('2026-03-16T09:00:00.000Z');

    t.clock.time = new Date('2026-03-17T01:30:00.001Z');
    const expired = await asToken(made.body.token).get('/spapi/data/v1/apiTokens');
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('unauthorized');
    // A token without an expiry goes on working.
    expect((await asToken(forever.body.token).get('/spapi/data/v1/apiTokens')).status).toBe(200);
  });

  it.each([0, -1, 3651, 1.5, '7'])('refuses an expiry of %j days', async (expiresInDays) => {
    const res = await t.admin.post('/spapi/data/v1/apiTokens', { name: 'Bad', expiresInDays });
    expect(res.status).toBe(400);
  });
});
