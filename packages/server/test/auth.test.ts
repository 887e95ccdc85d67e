import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from './support/crmSchema.js';
import {
  ADMIN_PASSWORD,
  type Answer,
  Client,
  engines,
  startTestApp,
  type TestApp,
} from './support/testApp.js';

const PUT = '/spapi/data/v1/entity/put';

describe.each(engines)('auth on %s', (engine) => {
  let t: TestApp;
  let account: number;

  const login = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/auth/login', payload: body as object });
  const count = async () =>
    Number(
      (
        await t.services.db
          .selectFrom('entities')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', t.tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const session = async (username = 'admin') => {
    const res = await login({ tenant: 'acme', username, password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    const c = res.cookies.find((x) => x.name === 'plinth_session')!;
    return { res, cookie: `plinth_session=${c.value}`, csrf: JSON.parse(res.body).csrfToken as string };
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    account = (await defineType(t.admin, 'Account', [])).typeId;
    await t.addTenant('globex');
  });
  afterAll(() => t.close());

  describe('login', () => {
    it('answers a wrong password, an unknown user and an unknown tenant alike: 401, one message', async () => {
      const answers = await Promise.all([
        login({ tenant: 'acme', username: 'admin', password: 'wrong password' }),
        login({ tenant: 'acme', username: 'nobody', password: ADMIN_PASSWORD }),
        login({ tenant: 'nowhere', username: 'admin', password: ADMIN_PASSWORD }),
        // A user of another tenant is unknown here.
        login({ tenant: 'acme', username: 'admin', password: `${ADMIN_PASSWORD} ` }),
      ]);
      for (const a of answers) {
        expect(a.statusCode).toBe(401);
        expect(a.cookies).toEqual([]);
        expect(a.body).toBe(answers[0]!.body);
      }
      expect(JSON.parse(answers[0]!.body)).toEqual({
        error: { code: 'unauthorized', message: expect.any(String) },
      });
    });

    it('sets the session cookie HttpOnly and SameSite=Lax, and answers the CSRF token', async () => {
      const { res, csrf } = await session();
      const c = res.cookies.find((x) => x.name === 'plinth_session')!;
      expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const header = ([] as string[]).concat(res.headers['set-cookie'] as string | string[]);
      const raw = header.find((h) => h.startsWith('plinth_session='))!;
      expect(raw).toMatch(/;\s*HttpOnly/i);
      expect(raw).toMatch(/;\s*SameSite=Lax/i);
      expect(csrf).toMatch(/^[\w-]{20,}$/);
      expect(c.value).not.toContain(csrf);
      expect(JSON.parse(res.body)).toMatchObject({ tenantId: t.tenantId, userId: t.adminId, isAdmin: true });
    });

    it('refuses a malformed login body with 400 and no cookie', async () => {
      for (const body of [
        {},
        { tenant: 'acme', username: 'admin' },
        { tenant: 'acme', username: 'admin', password: 1 },
      ]) {
        const res = await login(body);
        expect(res.statusCode).toBe(400);
        expect(res.cookies).toEqual([]);
      }
    });
  });

  describe('CSRF', () => {
    it('refuses an unsafe cookie request without the CSRF header or with a wrong one: 403, nothing written', async () => {
      const { cookie, csrf } = await session();
      const before = await count();
      const body = { entities: [{ id: 'new:a', typeId: account, fields: { name: 'Forged' } }] };
      for (const headers of [
        {},
        { 'x-csrf-token': '' },
        { 'x-csrf-token': 'wrong' },
        { 'x-csrf-token': `${csrf}x` },
        { 'x-csrf-token': csrf.slice(1) },
        { 'x-xsrf-token': csrf },
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: PUT,
          headers: { cookie, ...headers },
          payload: body,
        });
        expect(res.statusCode).toBe(403);
        expect(JSON.parse(res.body).error.code).toBe('forbidden');
      }
      // Another session's token does not fit this session.
      const other = await session();
      const cross = await t.app.inject({
        method: 'POST',
        url: PUT,
        headers: { cookie, 'x-csrf-token': other.csrf },
        payload: body,
      });
      expect(cross.statusCode).toBe(403);
      for (const method of ['DELETE'] as const) {
        const res = await t.app.inject({
          method,
          url: `/spapi/data/v1/entity/${t.adminId}`,
          headers: { cookie },
        });
        expect(res.statusCode).toBe(403);
      }
      expect(await count()).toBe(before);
      const ok = await t.app.inject({
        method: 'POST',
        url: PUT,
        headers: { cookie, 'x-csrf-token': csrf },
        payload: body,
      });
      expect(ok.statusCode).toBe(200);
      expect(await count()).toBe(before + 1);
    });

    it('lets safe cookie requests through without the header', async () => {
      const { cookie } = await session();
      const res = await t.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie } });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('logout', () => {
    it('ends the session: the cookie answers 401 afterwards', async () => {
      const { cookie, csrf } = await session();
      const c = new Client(t.app, { cookie, csrf });
      expect((await c.get('/auth/me')).status).toBe(200);
      // Without its CSRF token another site cannot end the session.
      for (const headers of [{}, { 'x-csrf-token': 'wrong' }]) {
        const forged = await t.app.inject({
          method: 'POST',
          url: '/auth/logout',
          headers: { cookie, ...headers },
        });
        expect(forged.statusCode).toBe(403);
        expect(JSON.parse(forged.body).error.code).toBe('forbidden');
      }
      expect((await c.get('/auth/me')).status).toBe(200);
      const out = await c.post('/auth/logout');
      expect(out.status).toBe(200);
      const cleared = ([] as string[]).concat(out.headers['set-cookie'] as string | string[]);
      expect(cleared.some((h) => /^plinth_session=;/.test(h))).toBe(true);
      const after = await c.get('/auth/me');
      expect(after.status).toBe(401);
      expect(after.body.error.code).toBe('unauthorized');
      expect((await c.put([{ id: 'new:a', typeId: account, fields: { name: 'After logout' } }])).status).toBe(
        401,
      );
      // Signing out again, or without a session, just clears the cookies.
      expect((await c.post('/auth/logout')).status).toBe(200);
      expect((await new Client(t.app, {}).post('/auth/logout')).status).toBe(200);
    });
  });

  describe('session lifetime', () => {
    it('ends a session after 14 days', async () => {
      const { cookie } = await session();
      const start = t.clock.time;
      try {
        t.clock.time = new Date(start.getTime() + 13 * 86_400_000);
        expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie } })).statusCode).toBe(
          200,
        );
        t.clock.time = new Date(start.getTime() + 14 * 86_400_000 + 1_000);
        const late = await t.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie } });
        expect(late.statusCode).toBe(401);
        expect(JSON.parse(late.body).error.code).toBe('unauthorized');
      } finally {
        t.clock.time = start;
      }
    });

    it('ends the sessions and tokens of a deleted user', async () => {
      const id = await t.addUser('leaver', []);
      const c = await t.login('leaver');
      const token = (await c.post('/spapi/data/v1/apiTokens', { name: 'mine' })).body.token as string;
      expect((await new Client(t.app, { bearer: token }).get('/auth/me')).status).toBe(200);
      expect((await t.admin.post('/spapi/data/v1/entity/delete', { ids: [id] })).status).toBe(200);
      expect((await c.get('/auth/me')).status).toBe(401);
      expect((await new Client(t.app, { bearer: token }).get('/auth/me')).status).toBe(401);
      const relogin = await login({ tenant: 'acme', username: 'leaver', password: ADMIN_PASSWORD });
      expect(relogin.statusCode).toBe(401);
      for (const table of ['sessions', 'api_tokens', 'credentials'] as const) {
        const left = await t.services.db
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', id)
          .execute();
        expect(left).toEqual([]);
      }
    });
  });

  describe('API tokens', () => {
    it('are created, used as Bearer without CSRF, listed, revoked, and stored only as hashes', async () => {
      const created = await t.admin.post('/spapi/data/v1/apiTokens', { name: 'Integration' });
      expect(created.status).toBe(200);
      const secret: string = created.body.token;
      expect(secret).toMatch(/^plt_[\w-]{30,}$/);

      const bearer = new Client(t.app, { bearer: secret });
      const me = await bearer.get('/auth/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ userId: t.adminId, tenantId: t.tenantId });
      const put = await bearer.put([{ id: 'new:a', typeId: account, fields: { name: 'Via token' } }]);
      expect(put.status).toBe(200);

      const list = await t.admin.get('/spapi/data/v1/apiTokens');
      expect(list.status).toBe(200);
      expect(list.body.tokens).toEqual([
        expect.objectContaining({ id: created.body.id, name: 'Integration', lastUsedAt: expect.any(String) }),
      ]);
      expect(JSON.stringify(list.body)).not.toContain(secret);
      expect(JSON.stringify(list.body)).not.toContain(secret.slice(4));

      const rows = await t.services.db.selectFrom('api_tokens').selectAll().execute();
      expect(rows.filter((r) => r.user_id === t.adminId).length).toBe(1);
      for (const row of rows) {
        for (const value of Object.values(row)) {
          expect(String(value)).not.toContain(secret);
          expect(String(value)).not.toContain(secret.slice(4));
        }
      }
      // Sessions too keep only the token's hash.
      const { cookie } = await session();
      const token = decodeURIComponent(cookie.split('=')[1]!);
      const sessions = await t.services.db.selectFrom('sessions').selectAll().execute();
      for (const row of sessions) expect(JSON.stringify(row)).not.toContain(token);

      // Another user cannot see or revoke it.
      await t.addUser('other', []);
      const other = await t.login('other');
      expect((await other.get('/spapi/data/v1/apiTokens')).body.tokens).toEqual([]);
      expect((await other.request('DELETE', `/spapi/data/v1/apiTokens/${created.body.id}`)).status).toBe(404);
      expect((await bearer.get('/auth/me')).status).toBe(200);

      const revoked = await t.admin.request('DELETE', `/spapi/data/v1/apiTokens/${created.body.id}`);
      expect(revoked.status).toBe(200);
      expect((await bearer.get('/auth/me')).status).toBe(401);
      expect((await bearer.put([{ id: 'new:b', typeId: account, fields: { name: 'Revoked' } }])).status).toBe(
        401,
      );
      expect((await t.admin.get('/spapi/data/v1/apiTokens')).body.tokens).toEqual([]);
    });

    it('refuses unknown, malformed and foreign tokens with 401', async () => {
      for (const bearer of ['plt_nope', 'x', ' ', `plt_${'a'.repeat(5000)}`]) {
        const res: Answer = await new Client(t.app, { bearer }).get('/auth/me');
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('unauthorized');
      }
      const res = await t.app.inject({
        method: 'GET',
        url: '/auth/me',
        headers: { authorization: 'Basic YWRtaW46eA==' },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('passwords', () => {
    it('are stored as argon2id hashes', async () => {
      const rows = await t.services.db.selectFrom('credentials').select('password_hash').execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.password_hash).toMatch(/^\$argon2id\$/);
        expect(row.password_hash).not.toContain(ADMIN_PASSWORD);
      }
    });
  });

  describe('rate limit', () => {
    it('limits one address across many accounts too, with the JSON error shape', async () => {
      const fresh = await startTestApp(engine);
      try {
        const statuses: number[] = [];
        let body = '';
        for (let i = 0; i < 110; i++) {
          const res = await fresh.app.inject({
            method: 'POST',
            url: '/auth/login',
            payload: { tenant: 'acme', username: `user${i}`, password: 'guess' },
          });
          statuses.push(res.statusCode);
          body = res.body;
        }
        expect(statuses.slice(0, 90).every((s) => s === 401)).toBe(true);
        expect(statuses.at(-1)).toBe(429);
        expect(JSON.parse(body)).toEqual({
          error: { code: 'too_many_requests', message: expect.any(String) },
        });
        // Another address is not limited.
        const elsewhere = await fresh.app.inject({
          method: 'POST',
          url: '/auth/login',
          remoteAddress: '10.1.2.3',
          payload: { tenant: 'acme', username: 'admin', password: ADMIN_PASSWORD },
        });
        expect(elsewhere.statusCode).toBe(200);
      } finally {
        await fresh.close();
      }
    }, 60_000);

    it('answers 429 with the JSON error shape after repeated failed logins', async () => {
      // A fresh app, so the other tests' logins do not count.
      const fresh = await startTestApp(engine);
      try {
        const statuses: number[] = [];
        let last: Answer | undefined;
        for (let i = 0; i < 30; i++) {
          const res = await fresh.app.inject({
            method: 'POST',
            url: '/auth/login',
            payload: { tenant: 'acme', username: 'admin', password: `guess ${i}` },
          });
          statuses.push(res.statusCode);
          last = { status: res.statusCode, body: JSON.parse(res.body), headers: res.headers };
        }
        expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
        expect(statuses).toContain(429);
        expect(last!.status).toBe(429);
        expect(last!.body).toEqual({ error: { code: 'too_many_requests', message: expect.any(String) } });
        // Even the right password is refused while limited.
        const right = await fresh.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { tenant: 'acme', username: 'admin', password: ADMIN_PASSWORD },
        });
        expect(right.statusCode).toBe(429);
      } finally {
        await fresh.close();
      }
    });
  });
});

describe.each(engines)('user names on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('are unique in a tenant, ignoring case, so a sign-in names one account', async () => {
    const first = await t.admin.put([{ id: 'new:u', typeId: 'core:userAccount', fields: { name: 'Sam' } }]);
    expect(first.status).toBe(200);
    const clash = await t.admin.put([{ id: 'new:u', typeId: 'core:userAccount', fields: { name: 'sam' } }]);
    expect(clash.status).toBe(400);
    expect(clash.body.error.details.errors).toEqual([
      { id: 'new:u', member: 'name', message: 'There is another user with the same name.' },
    ]);
    const both = await t.admin.put([
      { id: 'new:a', typeId: 'core:userAccount', fields: { name: 'Alex' } },
      { id: 'new:b', typeId: 'core:userAccount', fields: { name: 'ALEX' } },
    ]);
    expect(both.status).toBe(400);
  });
});
