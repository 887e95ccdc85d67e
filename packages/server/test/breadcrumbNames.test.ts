import { breadcrumbBatchMax, breadcrumbNameMax } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { contextFor } from '../src/auth/contextFor.js';
import { tenantKey } from '../src/breadcrumbs/tenantKeys.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

const encrypt = (c: Client, names: unknown) => c.post('/spapi/data/v1/breadcrumbs/encrypt', { names });
const decrypt = (c: Client, values: unknown) => c.post('/spapi/data/v1/breadcrumbs/decrypt', { values });

describe.each(engines)('breadcrumb names on %s', (engine) => {
  let t: TestApp;
  let other: Client;
  let colleague: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    other = (await t.addTenant('globex')).admin;
    await t.addUser('colleague', []);
    colleague = await t.login('colleague');
  });
  afterAll(() => t.close());

  it('seals names so they read as nothing, and opens them again in order', async () => {
    const names = ['Home', "Opportunity 'Big deal' — ünïcode ✓", ''];
    const sealed = await encrypt(t.admin, names);
    expect(sealed.status, JSON.stringify(sealed.body)).toBe(200);
    expect(sealed.body.values).toHaveLength(3);
    for (const v of sealed.body.values) expect(v).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed.body.values[0]).not.toContain('Home');
    const opened = await decrypt(t.admin, sealed.body.values);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ names });
  });

  it('seals the same name differently each time (a random IV)', async () => {
    const a = await encrypt(t.admin, ['Home', 'Home']);
    expect(a.body.values[0]).not.toBe(a.body.values[1]);
  });

  it("does not open a value of another tenant: tenant A's name is refused for tenant B", async () => {
    const sealed = await encrypt(t.admin, ['Acme secret plan']);
    const answer = await decrypt(other, sealed.body.values);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('bad_request');
    expect(answer.body.error.message).toMatch(/breadcrumb name is not valid/);
    // …and the other tenant's own names open for it.
    const theirs = await encrypt(other, ['Globex home']);
    expect((await decrypt(other, theirs.body.values)).body.names).toEqual(['Globex home']);
  });

  it('does not open a value sealed for another user of the same tenant', async () => {
    const sealed = await encrypt(t.admin, ['Admin only']);
    expect((await decrypt(colleague, sealed.body.values)).status).toBe(400);
  });

  it('refuses a changed, cut or made-up value with a clear 400, never a 500', async () => {
    const [value] = (await encrypt(t.admin, ['Accounts'])).body.values as string[];
    const body = value!.slice(3);
    const flipped = `v1.${body.slice(0, -2)}${body.at(-2) === 'A' ? 'B' : 'A'}${body.at(-1)}`;
    for (const bad of [flipped, value!.slice(0, 20), 'v1.', 'v1.!!!!', 'v2.abc', 'plain text', `${value}x`]) {
      const answer = await decrypt(t.admin, [bad]);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.error.code).toBe('bad_request');
    }
    // The position of the bad value is named.
    const mixed = await decrypt(t.admin, [value, flipped]);
    expect(mixed.body.error.details).toEqual([{ path: '/values/1' }]);
  });

  it('refuses bad input with a 400 JSON error: wrong shapes, too many, too long', async () => {
    const cases: Array<[string, unknown]> = [
      ['/spapi/data/v1/breadcrumbs/encrypt', {}],
      ['/spapi/data/v1/breadcrumbs/encrypt', { names: [] }],
      ['/spapi/data/v1/breadcrumbs/encrypt', { names: [1] }],
      ['/spapi/data/v1/breadcrumbs/encrypt', { names: 'Home' }],
      ['/spapi/data/v1/breadcrumbs/encrypt', { names: ['a'], extra: 1 }],
      ['/spapi/data/v1/breadcrumbs/encrypt', { names: Array(breadcrumbBatchMax + 1).fill('a') }],
      ['/spapi/data/v1/breadcrumbs/encrypt', { names: ['x'.repeat(breadcrumbNameMax + 1)] }],
      ['/spapi/data/v1/breadcrumbs/decrypt', { values: [''] }],
      ['/spapi/data/v1/breadcrumbs/decrypt', { values: [null] }],
      ['/spapi/data/v1/breadcrumbs/decrypt', { values: ['v1.'.padEnd(5000, 'A')] }],
    ];
    for (const [url, body] of cases) {
      const answer = await t.admin.post(url, body);
      expect(answer.status, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(answer.body.error.code).toBe('bad_request');
    }
    // The longest name of the most multi-byte characters still seals and opens.
    const longest = ['✓'.repeat(breadcrumbNameMax), '😀'.repeat(breadcrumbNameMax / 2)];
    const sealed = await encrypt(t.admin, longest);
    expect(sealed.status).toBe(200);
    expect((await decrypt(t.admin, sealed.body.values)).body.names).toEqual(longest);
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/spapi/data/v1/breadcrumbs/encrypt',
      payload: { names: ['Home'] },
    });
    expect(answer.statusCode).toBe(401);
  });

  it("makes one key when several callers ask for a new tenant's key at once", async () => {
    const { tenantId, adminId } = await t.addTenant('initech');
    const initech = await contextFor(t.services, tenantId, adminId);
    const keys = await Promise.all(Array.from({ length: 4 }, () => tenantKey(initech, 'breadcrumbs')));
    expect(keys[0]).toHaveLength(32);
    for (const key of keys) expect(key.equals(keys[0]!)).toBe(true);
    const acme = await tenantKey(await contextFor(t.services, t.tenantId, t.adminId), 'breadcrumbs');
    expect(acme.equals(keys[0]!)).toBe(false);
  });

  it('keeps the key across restarts and shares it with a second process on the database', async () => {
    const sealed = await encrypt(t.admin, ['Kept']);
    // A second app on the same database, as a restarted or second process would be.
    const second = await buildApp(t.services, { validateResponses: true });
    try {
      const login = await second.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { tenant: 'acme', username: 'admin', password: 'correct horse battery' },
      });
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const answer = await second.inject({
        method: 'POST',
        url: '/spapi/data/v1/breadcrumbs/decrypt',
        headers: { cookie, 'x-csrf-token': JSON.parse(login.body).csrfToken },
        payload: { values: sealed.body.values },
      });
      expect(JSON.parse(answer.body)).toEqual({ names: ['Kept'] });
    } finally {
      await second.close();
    }
  });
});
