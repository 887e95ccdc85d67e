import { sysRecord } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from './support/crmSchema.js';
import { createRole } from './support/roles.js';
import { ADMIN_PASSWORD, Client, engines, startTestApp, type TestApp } from './support/testApp.js';

const USERS = '/spapi/admin/v1/users';
const STRONG = 'plum orchard 42';

/** Issue 14 item 7: an administrator manages users; everyone else is refused on the server. */
describe.each(engines)('user administration on %s', (engine) => {
  let t: TestApp;
  let account: number;
  let readerRole: number;

  const signIn = (username: string, password: string, tenant = 'acme') =>
    t.app.inject({ method: 'POST', url: '/auth/login', payload: { tenant, username, password } });
  const clientOf = (res: Awaited<ReturnType<typeof signIn>>) =>
    new Client(t.app, {
      cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      csrf: JSON.parse(res.body).csrfToken,
    });
  const create = async (username: string, roleIds: number[] = [], password = STRONG) => {
    const res = await t.admin.post(USERS, {
      username,
      fullName: `${username} Person`,
      email: `${username}@example.com`,
      password,
      roleIds,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as number;
  };
  const listed = async (client = t.admin) => (await client.get(USERS)).body.users as any[];

  beforeAll(async () => {
    t = await startTestApp(engine);
    account = (await defineType(t.admin, 'Account', [])).typeId;
    readerRole = await createRole(t.admin, 'Readers', [{ typeId: account, canRead: true }]);
  });
  afterAll(() => t.close());

  it('creates a user who signs in with the initial password and must choose a new one first', async () => {
    const id = await create('maria', [readerRole]);
    const row = (await listed()).find((u) => u.id === id);
    expect(row).toMatchObject({
      username: 'maria',
      fullName: 'maria Person',
      email: 'maria@example.com',
      roles: [{ id: readerRole, name: 'Readers' }],
      isAdmin: false,
      disabled: false,
      mustChangePassword: true,
      lastSignInAt: null,
    });
    const res = await signIn('maria', STRONG);
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.body).mustChangePassword).toBe(true);
    const maria = clientOf(res);
    // Until she changes it, only who she is and the change itself answer.
    expect((await maria.get('/auth/me')).status).toBe(200);
    const blocked = await maria.post('/spapi/data/v1/entity/ofType', { typeId: account });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.message).toBe('Choose a new password to continue.');
    const changed = await maria.post('/auth/password', {
      currentPassword: STRONG,
      newPassword: 'quiet harbour 77',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await maria.post('/spapi/data/v1/entity/ofType', { typeId: account })).status).toBe(200);
    expect((await maria.get('/auth/me')).body.mustChangePassword).toBe(false);
    expect((await signIn('maria', STRONG)).statusCode).toBe(401);
    expect((await signIn('maria', 'quiet harbour 77')).statusCode).toBe(200);
    expect((await listed()).find((u) => u.id === id).lastSignInAt).not.toBeNull();
  });

  it('refuses a weak initial password, a taken user name and stores nothing', async () => {
    const before = (await listed()).length;
    for (const [password, message] of [
      ['short1', 'Use at least 10 characters.'],
      ['password123', 'This password is too common. Choose another.'],
      ['aaaaaaaaaaaa', 'The password must not be one short part repeated.'],
      ['xx-weakling-xx', 'The password must not contain the user name.'],
    ] as const) {
      const res = await t.admin.post(USERS, { username: 'weakling', password });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const taken = await t.admin.post(USERS, { username: 'MARIA', password: STRONG });
    expect(taken.status).toBe(400);
    expect(JSON.stringify(taken.body)).toContain('There is another user with the same name.');
    expect((await listed()).length).toBe(before);
  });

  it('disables a user: their sessions and API tokens are refused at once; enabling lets them sign in again', async () => {
    const id = await create('dave', [readerRole]);
    await t.admin.post(`${USERS}/${id}/password`, { password: STRONG }); // still must change
    const first = clientOf(await signIn('dave', STRONG));
    expect(
      (await first.post('/auth/password', { currentPassword: STRONG, newPassword: 'he keeps bees now' }))
        .status,
    ).toBe(200);
    const dave = clientOf(await signIn('dave', 'he keeps bees now'));
    const token = (await dave.post('/spapi/data/v1/apiTokens', { name: 'script' })).body.token as string;
    const bearer = new Client(t.app, { bearer: token });
    expect((await bearer.get('/auth/me')).status).toBe(200);

    const off = await t.admin.post(`${USERS}/${id}`, { disabled: true });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await dave.get('/auth/me')).status).toBe(401);
    expect((await bearer.get('/auth/me')).status).toBe(401);
    expect((await bearer.post('/spapi/data/v1/entity/ofType', { typeId: account })).status).toBe(401);
    const refused = await signIn('dave', 'he keeps bees now');
    expect(refused.statusCode).toBe(401);
    expect(JSON.parse(refused.body).error.message).toBe(
      'This account is disabled. Ask an administrator to enable it.',
    );
    // A wrong password hears the usual answer: being disabled is said only to who knows the password.
    expect(JSON.parse((await signIn('dave', 'not his password')).body).error.message).toBe(
      'The tenant, user name or password is not correct.',
    );
    expect((await listed()).find((u) => u.id === id).disabled).toBe(true);
    // The flag is the administration's to write, never a put's.
    const put = await t.admin.put([{ id, fields: { accountDisabled: false } }]);
    expect(put.status).toBe(400);

    expect((await t.admin.post(`${USERS}/${id}`, { disabled: false })).status).toBe(200);
    expect((await signIn('dave', 'he keeps bees now')).statusCode).toBe(200);
    expect((await bearer.get('/auth/me')).status).toBe(200);
  });

  it('resets a password: the old one stops working, sessions end, and the user must change it', async () => {
    const id = await create('rosa');
    const rosa = clientOf(await signIn('rosa', STRONG));
    expect(
      (await rosa.post('/auth/password', { currentPassword: STRONG, newPassword: 'she grows figs now' }))
        .status,
    ).toBe(200);
    const later = clientOf(await signIn('rosa', 'she grows figs now'));
    expect((await later.get('/auth/me')).status).toBe(200);
    const reset = await t.admin.post(`${USERS}/${id}/password`, { password: 'temporary words 9' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await later.get('/auth/me')).status).toBe(401);
    expect((await signIn('rosa', 'she grows figs now')).statusCode).toBe(401);
    const again = await signIn('rosa', 'temporary words 9');
    expect(JSON.parse(again.body).mustChangePassword).toBe(true);
    expect((await t.admin.post(`${USERS}/${id}/password`, { password: 'rosa' })).status).toBe(400);
  });

  it('deletes a user: what they owned passes to the chosen owner, the person stays, they cannot sign in', async () => {
    const id = await create('olaf', [readerRole]);
    const olaf = clientOf(await signIn('olaf', STRONG));
    expect(
      (await olaf.post('/auth/password', { currentPassword: STRONG, newPassword: 'he likes snow a lot' }))
        .status,
    ).toBe(200);
    const made = await t.admin.put([{ id: 'new:a', typeId: account, fields: { name: 'Owned by Olaf' } }]);
    const record = made.body.ids['new:a'];
    await t.services.db.updateTable('entities').set({ owner_id: id }).where('id', '=', record).execute();
    const keeper = await create('keeper');
    const res = await t.admin.post(`${USERS}/${id}/delete`, { newOwnerId: keeper });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, reassigned: 1, newOwnerId: keeper });
    const row = await t.services.db
      .selectFrom('entities')
      .select(['owner_id'])
      .where('id', '=', record)
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(keeper);
    // The record's history tells who handed it over, and to whom (the deleted account is no longer
    // a record anyone can be shown).
    const history = await t.admin.get(`/spapi/data/v1/audit?entityId=${record}`);
    const handover = history.body.events.find((e: any) => e.action === 'update');
    expect(handover?.userId).toBe(t.adminId);
    expect(handover?.changes).toEqual([
      expect.objectContaining({
        kind: 'relationship',
        name: 'Security Owner',
        added: [expect.objectContaining({ id: keeper })],
        removed: [],
      }),
    ]);
    expect((await listed()).some((u) => u.id === id)).toBe(false);
    expect((await signIn('olaf', 'he likes snow a lot')).statusCode).toBe(401);
    const people = await t.admin.post('/spapi/data/v1/entity/ofType', {
      typeId: 'core:person',
      query: 'name',
    });
    expect(people.body.entities.map((p: any) => p.name)).toContain('olaf Person');
  });

  it('hands what a user owns to the deleting administrator when the account is deleted through a put', async () => {
    const id = await t.addUser('putgone', []);
    const made = await t.admin.put([{ id: 'new:a', typeId: account, fields: { name: 'Owned by putgone' } }]);
    const record = made.body.ids['new:a'];
    await t.services.db.updateTable('entities').set({ owner_id: id }).where('id', '=', record).execute();
    const res = await t.admin.put([], [id]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await t.services.db
      .selectFrom('entities')
      .select(['owner_id'])
      .where('tenant_id', '=', t.tenantId)
      .where('id', '=', record)
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(t.adminId);
    // Nor can the administrator delete their own account that way.
    expect((await t.admin.put([], [t.adminId])).status).toBe(409);
  });

  it('keeps the tenant an administrator: not oneself, not the last one', async () => {
    const me = t.adminId;
    expect((await t.admin.post(`${USERS}/${me}`, { disabled: true })).status).toBe(409);
    expect((await t.admin.post(`${USERS}/${me}/delete`, {})).status).toBe(409);
    const removeOwn = await t.admin.post(`${USERS}/${me}`, { roleIds: [] });
    expect(removeOwn.status).toBe(409);
    expect(removeOwn.body.error.message).toContain('at least one administrator');
    expect((await listed()).find((u) => u.id === me).isAdmin).toBe(true);
    // A second administrator can then take the role from the first.
    const second = await create('second', [sysRecord.administratorsRole]);
    expect((await listed()).find((u) => u.id === second).isAdmin).toBe(true);
  });

  it('refuses every admin call from a user who is not an administrator (403), whatever the body', async () => {
    await create('plain', [readerRole]);
    const first = clientOf(await signIn('plain', STRONG));
    expect(
      (await first.post('/auth/password', { currentPassword: STRONG, newPassword: 'simple and clear' }))
        .status,
    ).toBe(200);
    const plain = clientOf(await signIn('plain', 'simple and clear'));
    const token = (await plain.post('/spapi/data/v1/apiTokens', { name: 't' })).body.token as string;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', USERS],
      ['POST', USERS, { username: 'intruder', password: STRONG, roleIds: [sysRecord.administratorsRole] }],
      ['POST', `${USERS}/${t.adminId}`, { disabled: true }],
      ['POST', `${USERS}/${t.adminId}/password`, { password: STRONG }],
      ['POST', `${USERS}/${t.adminId}/delete`, {}],
      ['POST', `${USERS}/1/delete`, 'not json at all'],
      ['GET', '/spapi/admin/v1/roles'],
      ['POST', '/spapi/admin/v1/roles', { name: 'Mine' }],
      ['POST', `/spapi/admin/v1/roles/${sysRecord.administratorsRole}`, { memberIds: [t.adminId] }],
      ['POST', `/spapi/admin/v1/roles/${readerRole}/delete`],
      ['POST', `/spapi/admin/v1/roles/${readerRole}/rules`, { typeId: account, canRead: true }],
      ['POST', `/spapi/admin/v1/roles/${readerRole}/rules/1`, { typeId: account }],
      ['POST', `/spapi/admin/v1/roles/${readerRole}/rules/1/delete`],
      ['POST', '/spapi/admin/v1/rules/check', { typeId: account, calculation: 'true' }],
      ['POST', '/spapi/admin/v1/viewAs', { userId: t.adminId, typeId: account }],
    ];
    for (const client of [plain, new Client(t.app, { bearer: token })]) {
      for (const [method, url, body] of calls) {
        const res = await client.request(method as 'GET', url, method === 'GET' ? undefined : (body ?? {}));
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body.error.code).toBe('forbidden');
      }
    }
    // Nothing changed: no intruder, the administrator still enabled.
    const users = await listed();
    expect(users.some((u) => u.username === 'intruder')).toBe(false);
    expect(users.find((u) => u.id === t.adminId).disabled).toBe(false);
    // Signed out: 401, not 403.
    expect((await new Client(t.app, {}).get(USERS)).status).toBe(401);
  });

  it("never shows or touches another tenant's users", async () => {
    const { admin: globex, tenantId } = await t.addTenant('globex');
    const foreign = await t.addUser('foreigner', [], tenantId);
    const acmeUsers = await listed();
    expect(acmeUsers.some((u) => u.username === 'foreigner')).toBe(false);
    const globexUsers = await listed(globex);
    expect(globexUsers.map((u) => u.username).sort()).toEqual(['admin', 'foreigner']);
    for (const [url, body] of [
      [`${USERS}/${foreign}`, { disabled: true }],
      [`${USERS}/${foreign}/password`, { password: STRONG }],
      [`${USERS}/${foreign}/delete`, {}],
    ] as const) {
      const res = await t.admin.post(url, body);
      expect(res.status, url).toBe(404);
    }
    expect((await t.admin.post('/spapi/admin/v1/viewAs', { userId: foreign, typeId: account })).status).toBe(
      404,
    );
    // Acme's user cannot be given to globex's roles, nor globex's user to acme's.
    const moved = await t.admin.post(`/spapi/admin/v1/roles/${readerRole}`, { memberIds: [foreign] });
    expect(moved.status).toBe(400);
    expect((await signIn('foreigner', ADMIN_PASSWORD, 'globex')).statusCode).toBe(200);
  });
});

describe.each(engines)('my account on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('changes my password with the current one; my other sessions end, this one stays', async () => {
    await t.addUser('june', []);
    const here = await t.login('june');
    const elsewhere = await t.login('june');
    const sessions = (await here.get('/auth/sessions')).body.sessions as any[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const wrong = await here.post('/auth/password', {
      currentPassword: 'not it at all',
      newPassword: STRONG,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('The current password is not correct.');
    const weak = await here.post('/auth/password', {
      currentPassword: ADMIN_PASSWORD,
      newPassword: 'qwertyuiop',
    });
    expect(weak.body.error.message).toBe('This password is too common. Choose another.');
    expect((await elsewhere.get('/auth/me')).status).toBe(200);

    const ok = await here.post('/auth/password', { currentPassword: ADMIN_PASSWORD, newPassword: STRONG });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.endedSessions).toBe(1);
    expect((await here.get('/auth/me')).status).toBe(200);
    expect((await elsewhere.get('/auth/me')).status).toBe(401);
    expect((await t.login('june', STRONG)).auth.cookie).toBeTruthy();
  });

  it('lists and ends my sessions, never anyone else’s', async () => {
    await t.addUser('kim', []);
    const kim = await t.login('kim');
    const other = await t.login('kim');
    const mine = (await kim.get('/auth/sessions')).body.sessions as any[];
    const theOther = mine.find((s) => !s.current);
    // Another user cannot end kim's session.
    expect((await t.admin.request('DELETE', `/auth/sessions/${theOther.id}`)).status).toBe(404);
    expect((await other.get('/auth/me')).status).toBe(200);
    expect((await kim.request('DELETE', `/auth/sessions/${theOther.id}`)).status).toBe(200);
    expect((await other.get('/auth/me')).status).toBe(401);
    expect((await kim.get('/auth/sessions')).body.sessions).toHaveLength(1);
  });
});
