import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { createRole, createRoleWithRules } from './support/roles.js';
import { ADMIN_PASSWORD, type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

describe.each(engines)('the audit trail on %s', (engine) => {
  let t: TestApp;
  let account: number;
  let secret: number;
  let notes: number;
  let acme: number;
  let hidden: number;
  /** A user whose role reads Accounts only. */
  let reader: Client;
  let readerId: number;

  const auditRows = async () =>
    Number(
      (
        await t.services.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const history = (c: Client, id: number, query = '') => c.get(`/spapi/data/v1/entity/${id}/history${query}`);

  beforeAll(async () => {
    t = await startTestApp(engine);
    const a = await defineType(t.admin, 'Account', [
      { name: 'Notes', script: 'notes', type: 'Text' },
      { name: 'Employees', script: 'employees', type: 'Number' },
    ]);
    account = a.typeId;
    notes = a.fieldIds.notes!;
    secret = (await defineType(t.admin, 'Secret', [])).typeId;
    await defineRelationship(t.admin, 'lookup', account, secret, 'secret', 'accounts');
    const put = await t.admin.put([
      { id: 'new:s', typeId: secret, fields: { name: 'Hidden plan' } },
      {
        id: 'new:a',
        typeId: account,
        fields: { name: 'Acme', notes: 'first', employees: 5 },
        relationships: { secret: { set: ['new:s'] } },
      },
    ]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    acme = put.body.ids['new:a'];
    hidden = put.body.ids['new:s'];
    const role = await createRole(t.admin, 'Readers', [{ typeId: account, canRead: true, canModify: true }]);
    readerId = await t.addUser('reader', [role]);
    reader = await t.login('reader');
  });
  afterAll(() => t.close());

  it("shows a record's changes newest first: who, when, which field, old and new value", async () => {
    t.clock.time = new Date('2026-03-16T09:00:00.000Z');
    const saved = await t.admin.post('/spapi/data/v1/entity/saveModified', {
      records: [{ id: acme, fields: { notes: 'second', employees: 7 } }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.results[0].validationResults).toEqual([]);
    const res = await history(t.admin, acme);
    expect(res.status).toBe(200);
    const [latest, created] = res.body.events;
    expect(latest).toMatchObject({
      action: 'update',
      at: '2026-03-16T09:00:00.000Z',
      userId: t.adminId,
      userName: 'admin',
      entityId: acme,
      entityName: 'Acme',
      typeName: 'Account',
    });
    expect(latest.changes).toEqual(
      expect.arrayContaining([
        {
          kind: 'field',
          memberId: notes,
          name: 'Notes',
          fieldType: 'Text',
          oldValue: 'first',
          newValue: 'second',
        },
        expect.objectContaining({ kind: 'field', name: 'Employees', oldValue: 5, newValue: 7 }),
      ]),
    );
    expect(latest.changes).toHaveLength(2);
    expect(created.action).toBe('create');
    // Fields in the type's order (Name first), links after them.
    expect(created.changes.map((c: { name: string }) => c.name)).toEqual([
      'Name',
      'Notes',
      'Employees',
      'secret',
    ]);
    expect(created.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Name', oldValue: null, newValue: 'Acme' }),
        expect.objectContaining({ name: 'Notes', oldValue: null, newValue: 'first' }),
        {
          kind: 'relationship',
          memberId: expect.any(Number),
          direction: 'fwd',
          name: 'secret',
          added: [{ id: hidden, name: 'Hidden plan' }],
          removed: [],
        },
      ]),
    );
  });

  it('writes nothing for a put that fails, or a save that changes nothing', async () => {
    const before = await auditRows();
    const invalid = await t.admin.put([
      { id: acme, fields: { notes: 'never' } },
      { id: 'new:x', typeId: account, fields: { employees: 'many' } },
    ]);
    expect(invalid.status).toBe(400);
    const stale = await t.admin.put([{ id: acme, version: 1, fields: { notes: 'stale' } }]);
    expect(stale.status).toBe(412);
    const forbidden = await reader.put([{ id: 'new:s2', typeId: secret, fields: { name: 'no' } }]);
    expect(forbidden.status).toBe(403);
    const same = await t.admin.put([{ id: acme, fields: { notes: 'second' } }]);
    expect(same.status).toBe(200);
    expect(await auditRows()).toBe(before);
  });

  it('records link changes, and shows a reader only the linked records they can read', async () => {
    const other = await t.admin.put([{ id: 'new:s', typeId: secret, fields: { name: 'Other plan' } }]);
    const otherSecret = other.body.ids['new:s'];
    expect(
      (await t.admin.put([{ id: acme, relationships: { secret: { set: [otherSecret] } } }])).status,
    ).toBe(200);
    const [asAdmin] = (await history(t.admin, acme)).body.events;
    expect(asAdmin.changes).toEqual([
      expect.objectContaining({
        kind: 'relationship',
        added: [{ id: otherSecret, name: 'Other plan' }],
        removed: [{ id: hidden, name: 'Hidden plan' }],
      }),
    ]);
    const asReader = await history(reader, acme);
    expect(asReader.status).toBe(200);
    const body = JSON.stringify(asReader.body);
    expect(body).not.toContain('Hidden plan');
    expect(body).not.toContain('Other plan');
    expect(asReader.body.events[0].changes).toEqual([]);
  });

  it('answers 404 for the history of a record the caller cannot read, or that does not exist', async () => {
    const res = await history(reader, hidden);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Hidden');
    expect((await history(reader, 987_654)).status).toBe(404);
    expect((await history(t.admin, 987_654)).status).toBe(404);
  });

  it('lets only administrators query the trail', async () => {
    const res = await reader.get(`/spapi/data/v1/audit?entityId=${acme}`);
    expect(res.status).toBe(403);
    expect(res.body.events).toBeUndefined();
    expect((await reader.get('/spapi/data/v1/audit')).status).toBe(403);
  });

  it('never shows another tenant its history', async () => {
    const { admin: otherAdmin } = await t.addTenant(`other${engine}`);
    expect((await history(otherAdmin, acme)).status).toBe(404);
    const all = await otherAdmin.get(`/spapi/data/v1/audit?entityId=${acme}`);
    expect(all.status).toBe(200);
    expect(all.body.events).toEqual([]);
    const everything = await otherAdmin.get('/spapi/data/v1/audit?pageSize=200');
    expect(JSON.stringify(everything.body)).not.toContain('Acme');
    expect(everything.body.events.every((e: { entityId: number | null }) => e.entityId !== acme)).toBe(true);
  });

  it('records deletes with the values the record held, for administrators to find', async () => {
    const put = await t.admin.put([
      { id: 'new:d', typeId: account, fields: { name: 'Doomed', notes: 'bye' } },
    ]);
    const doomed = put.body.ids['new:d'];
    expect((await t.admin.request('DELETE', `/spapi/data/v1/entity/${doomed}`)).status).toBe(200);
    const res = await history(t.admin, doomed);
    expect(res.status).toBe(200);
    expect(res.body.events[0]).toMatchObject({ action: 'delete', entityName: 'Doomed' });
    expect(res.body.events[0].changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Notes', oldValue: 'bye', newValue: null })]),
    );
    // A reader cannot read what no longer exists.
    expect((await history(reader, doomed)).status).toBe(404);
  });

  it('records sign-ins and failed sign-ins', async () => {
    t.clock.time = new Date('2026-03-17T10:00:00.000Z');
    await t.login('reader');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { tenant: 'acme', username: 'reader', password: 'not it at all' },
    });
    expect(wrong.statusCode).toBe(401);
    await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { tenant: 'acme', username: 'nobody', password: 'not it at all' },
    });
    const res = await t.admin.get('/spapi/data/v1/audit?from=2026-03-17T00:00:00Z&to=2026-03-18T00:00:00Z');
    expect(res.status).toBe(200);
    expect(res.body.events.map((e: any) => [e.action, e.userName, e.detail.username])).toEqual([
      ['signInFailed', null, 'nobody'],
      ['signInFailed', 'reader', 'reader'],
      ['signIn', 'reader', 'reader'],
    ]);
    const failed = await t.admin.get(`/spapi/data/v1/audit?userId=${readerId}&action=signInFailed`);
    expect(failed.body.events).toHaveLength(1);
  });

  it('records role and access-rule changes', async () => {
    t.clock.time = new Date('2026-03-18T08:00:00.000Z');
    const { id: role, rules } = await createRoleWithRules(t.admin, 'Auditors', [
      { typeId: account, canRead: true },
    ]);
    await t.admin.put([{ id: readerId, relationships: { userHasRole: { add: [role] } } }]);
    const ruleEvents = await t.admin.get(`/spapi/data/v1/audit?typeId=${sysType.accessRule}`);
    expect(ruleEvents.body.events.map((e: any) => e.entityId)).toContain(rules[0]);
    const roleHistory = await history(t.admin, role);
    expect(roleHistory.body.events[0]).toMatchObject({ action: 'create', entityName: 'Auditors' });
    const [membership] = (await history(t.admin, readerId)).body.events;
    expect(membership.changes).toEqual([
      expect.objectContaining({ kind: 'relationship', added: [{ id: role, name: 'Auditors' }] }),
    ]);
  });

  it('pages by user and period, newest first, with a cursor', async () => {
    t.clock.time = new Date('2026-03-19T00:00:00.000Z');
    for (let i = 0; i < 5; i++) {
      t.clock.time = new Date(Date.UTC(2026, 2, 19, i));
      expect((await reader.put([{ id: acme, fields: { employees: 100 + i } }])).status).toBe(200);
    }
    const q = `userId=${readerId}&from=2026-03-19T00:00:00Z&to=2026-03-20T00:00:00Z&pageSize=2`;
    const first = await t.admin.get(`/spapi/data/v1/audit?${q}`);
    expect(first.body.events.map((e: any) => e.changes[0].newValue)).toEqual([104, 103]);
    const second = await t.admin.get(
      `/spapi/data/v1/audit?${q}&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    );
    expect(second.body.events.map((e: any) => e.changes[0].newValue)).toEqual([102, 101]);
    const third = await t.admin.get(
      `/spapi/data/v1/audit?${q}&cursor=${encodeURIComponent(second.body.nextCursor)}`,
    );
    expect(third.body.events.map((e: any) => e.changes[0].newValue)).toEqual([100]);
    expect(third.body.nextCursor).toBeNull();
    // A reader pages a record's history the same way.
    const mine = await history(reader, acme, '?pageSize=1');
    expect(mine.body.events[0].userName).toBe('reader');
    expect((await t.admin.get('/spapi/data/v1/audit?cursor=nonsense')).status).toBe(400);
    expect((await t.admin.get('/spapi/data/v1/audit?pageSize=100000')).status).toBe(400);
  });

  it('keeps the password out of the trail', async () => {
    const rows = await t.services.db.selectFrom('audit_log').select(['changes', 'detail']).execute();
    expect(JSON.stringify(rows)).not.toContain(ADMIN_PASSWORD);
    expect(JSON.stringify(rows)).not.toContain('not it at all');
  });
});
