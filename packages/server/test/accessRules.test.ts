import { sysRecord, sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { createRole, type Grant } from './support/roles.js';
import { type Answer, type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

const raw = (a: Answer) => ({ status: a.status, body: JSON.stringify(a.body) });
const names = (a: Answer) => (a.body.entities as Array<{ name: string }>).map((e) => e.name).sort();

describe.each(engines)('access rules on %s', (engine) => {
  let t: TestApp;
  let account: number;
  let keyAccount: number;
  let contact: number;
  let opportunity: number;
  let activity: number;
  /** Records the administrator owns. */
  let acc: number;
  let keyAcc: number;
  let con: number;
  let opp: number;
  let act: number;
  /** Users by what their roles allow. */
  let nobody: Client;
  let reader: Client;
  let owner: Client;
  let ownOnly: Client;
  let sales: Client;
  let wide: Client;
  let wideUserId: number;
  let wideRole: number;

  const missing = 987_654;

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
  const countLinks = async () =>
    Number(
      (
        await t.services.db
          .selectFrom('relationships')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', t.tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const role = (name: string, grants: Grant[]) => createRole(t.admin, name, grants);
  const user = async (name: string, roleIds: number[]) => {
    const id = await t.addUser(name, roleIds);
    return { id, client: await t.login(name) };
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    account = (await defineType(t.admin, 'Account', [{ name: 'Notes', script: 'notes', type: 'Text' }]))
      .typeId;
    keyAccount = (await defineType(t.admin, 'KeyAccount', [], account)).typeId;
    contact = (await defineType(t.admin, 'Contact', [])).typeId;
    opportunity = (await defineType(t.admin, 'Opportunity', [])).typeId;
    activity = (await defineType(t.admin, 'Activity', [])).typeId;
    await defineRelationship(t.admin, 'lookup', contact, account, 'account', 'contacts');
    await defineRelationship(t.admin, 'dependants', opportunity, activity, 'activities', 'opportunity');
    const put = await t.admin.put([
      { id: 'new:acc', typeId: account, fields: { name: 'Admin account', notes: 'n' } },
      { id: 'new:key', typeId: keyAccount, fields: { name: 'Admin key account' } },
      {
        id: 'new:con',
        typeId: contact,
        fields: { name: 'Admin contact' },
        relationships: { account: { set: ['new:acc'] } },
      },
      { id: 'new:opp', typeId: opportunity, fields: { name: 'Admin opp' } },
      {
        id: 'new:act',
        typeId: activity,
        fields: { name: 'Admin act' },
        relationships: { opportunity: { set: ['new:opp'] } },
      },
    ]);
    expect(put.status).toBe(200);
    ({ 'new:acc': acc, 'new:key': keyAcc, 'new:con': con, 'new:opp': opp, 'new:act': act } = put.body.ids);

    const readers = await role('Readers', [{ typeId: account, canRead: true }]);
    const owners = await role('Owners', [
      { typeId: account, canRead: true },
      { typeId: account, canRead: true, canCreate: true, canModify: true, canDelete: true, ownedOnly: true },
    ]);
    const ownOnlyRole = await role('Own only', [
      { typeId: account, canRead: true, canCreate: true, canModify: true, canDelete: true, ownedOnly: true },
    ]);
    const salesRole = await role('Sales', [
      { typeId: opportunity, canRead: true, canCreate: true, canModify: true, canDelete: true },
      { typeId: activity, canRead: true },
    ]);
    wideRole = await role('Wide', [
      { typeId: sysType.resource, canRead: true, canCreate: true, canModify: true, canDelete: true },
    ]);
    nobody = (await user('nobody', [])).client;
    reader = (await user('reader', [readers])).client;
    owner = (await user('owner', [owners])).client;
    ownOnly = (await user('ownonly', [ownOnlyRole])).client;
    sales = (await user('sales', [salesRole])).client;
    const w = await user('wide', [wideRole]);
    wide = w.client;
    wideUserId = w.id;
  });
  afterAll(() => t.close());

  describe('a user with only Everyone', () => {
    it('reads no CRM record: each is a 404 like a missing id', async () => {
      for (const id of [acc, keyAcc, con, opp, act]) {
        const a = await nobody.read(id, 'name');
        expect(a.status).toBe(404);
        expect(raw(a)).toEqual(raw(await nobody.read(missing, 'name')));
        expect((await nobody.post('/spapi/data/v1/entity/query', { ids: [id] })).status).toBe(404);
      }
    });

    it('lists no CRM records', async () => {
      for (const typeId of [account, keyAccount, contact, opportunity, activity, 'core:resource']) {
        const list = await nobody.post('/spapi/data/v1/entity/ofType', {
          typeId,
          filter: { name: 'Admin account' },
        });
        expect(list.status).toBe(200);
        expect(list.body.entities).toEqual([]);
      }
      const all = await nobody.post('/spapi/data/v1/entity/ofType', { typeId: account });
      expect(all.body.entities).toEqual([]);
    });

    it('cannot create a record: 403, nothing written', async () => {
      const before = await count();
      const res = await nobody.put([{ id: 'new:a', typeId: account, fields: { name: 'Mine' } }]);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'forbidden', message: expect.any(String) });
      expect(await count()).toBe(before);
    });

    it('cannot modify or delete what it cannot read: 404, nothing changed', async () => {
      expect((await nobody.put([{ id: acc, fields: { name: 'X' } }])).status).toBe(404);
      expect((await nobody.post('/spapi/data/v1/entity/delete', { ids: [acc] })).status).toBe(404);
      expect((await nobody.request('DELETE', `/spapi/data/v1/entity/${acc}`)).status).toBe(404);
      expect((await nobody.post('/spapi/data/v1/entity/deleteDetails', { ids: [opp] })).status).toBe(404);
      expect((await t.admin.read(acc, 'name')).body).toMatchObject({ name: 'Admin account', version: 1 });
    });

    it('still signs in and reads who it is', async () => {
      const me = await nobody.get('/auth/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        username: 'nobody',
        isAdmin: false,
        roleIds: [sysRecord.everyoneRole],
      });
    });
  });

  describe('read rules', () => {
    it('let a role read, and report canModify and canDelete false', async () => {
      const a = await reader.read(acc, 'name, notes');
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({
        id: acc,
        name: 'Admin account',
        notes: 'n',
        canModify: false,
        canDelete: false,
      });
    });

    it('on a base type cover its derived types', async () => {
      const k = await reader.read(keyAcc, 'name');
      expect(k.status).toBe(200);
      expect(k.body).toMatchObject({ name: 'Admin key account', canModify: false });
      expect(names(await reader.post('/spapi/data/v1/entity/ofType', { typeId: account }))).toEqual([
        'Admin account',
        'Admin key account',
      ]);
      expect(names(await reader.post('/spapi/data/v1/entity/ofType', { typeId: keyAccount }))).toEqual([
        'Admin key account',
      ]);
    });

    it('do not reach other types, and relationship reads omit records the user cannot read', async () => {
      expect((await reader.read(con, 'name')).status).toBe(404);
      const a = await reader.read(acc, 'name, contacts.name');
      expect(a.status).toBe(200);
      expect(a.body.contacts).toEqual([]);
      const admin = await t.admin.read(acc, 'contacts.name');
      expect(admin.body.contacts).toEqual([expect.objectContaining({ id: con, name: 'Admin contact' })]);
      // Where both ends are readable the related record is there.
      const salesView = await sales.read(act, 'name, opportunity.name');
      expect(salesView.body.opportunity).toMatchObject({ id: opp, name: 'Admin opp' });
    });

    it('do not allow writes: 403 and nothing changed', async () => {
      const before = await count();
      const upd = await reader.put([{ id: acc, fields: { name: 'Renamed' } }]);
      expect(upd.status).toBe(403);
      expect(upd.body.error.code).toBe('forbidden');
      expect((await reader.post('/spapi/data/v1/entity/delete', { ids: [acc] })).status).toBe(403);
      expect((await reader.request('DELETE', `/spapi/data/v1/entity/${keyAcc}`)).status).toBe(403);
      expect((await reader.put([], [acc])).status).toBe(403);
      expect((await reader.put([{ id: 'new:a', typeId: account, fields: { name: 'New' } }])).status).toBe(
        403,
      );
      expect(await count()).toBe(before);
      expect((await t.admin.read(acc, 'name')).body).toMatchObject({ name: 'Admin account', version: 1 });
    });
  });

  describe('owned-only rules', () => {
    it('with read-all: own records are writable, others readable but 403 to change, nothing changed', async () => {
      const put = await owner.put([
        { id: 'new:a', typeId: account, fields: { name: 'Owner account' } },
        { id: 'new:k', typeId: keyAccount, fields: { name: 'Owner key account' } },
      ]);
      expect(put.status).toBe(200);
      const mine = put.body.ids['new:a'];
      expect((await owner.read(mine, 'name')).body).toMatchObject({ canModify: true, canDelete: true });
      expect((await owner.read(put.body.ids['new:k'], 'name')).body).toMatchObject({ canModify: true });
      expect((await owner.read(acc, 'name')).body).toMatchObject({ canModify: false, canDelete: false });

      expect((await owner.put([{ id: mine, fields: { notes: 'mine' } }])).status).toBe(200);
      const before = await count();
      expect((await owner.put([{ id: acc, fields: { notes: 'theirs' } }])).status).toBe(403);
      expect(
        (
          await owner.put([
            { id: mine, fields: { notes: 'x' } },
            { id: acc, fields: { notes: 'y' } },
          ])
        ).status,
      ).toBe(403);
      expect((await owner.post('/spapi/data/v1/entity/delete', { ids: [acc] })).status).toBe(403);
      expect((await owner.post('/spapi/data/v1/entity/delete', { ids: [mine, acc] })).status).toBe(403);
      expect(await count()).toBe(before);
      expect((await t.admin.read(acc, 'notes')).body).toMatchObject({ notes: 'n', version: 1 });
      expect((await owner.read(mine, 'notes')).body).toMatchObject({ notes: 'mine', version: 2 });
      expect((await owner.request('DELETE', `/spapi/data/v1/entity/${mine}`)).status).toBe(200);
      expect((await owner.read(mine, 'name')).status).toBe(404);
    });

    it('alone: others’ records are 404 on read, write and delete, and lists hold only own records', async () => {
      const put = await ownOnly.put([
        { id: 'new:a', typeId: keyAccount, fields: { name: 'OwnOnly account' } },
      ]);
      expect(put.status).toBe(200);
      const mine = put.body.ids['new:a'];
      expect(names(await ownOnly.post('/spapi/data/v1/entity/ofType', { typeId: account }))).toEqual([
        'OwnOnly account',
      ]);
      const before = await count();
      for (const id of [acc, keyAcc]) {
        expect(raw(await ownOnly.read(id, 'name'))).toEqual(raw(await ownOnly.read(missing, 'name')));
        expect((await ownOnly.put([{ id, fields: { name: 'X' } }])).status).toBe(404);
        expect((await ownOnly.post('/spapi/data/v1/entity/delete', { ids: [id] })).status).toBe(404);
        expect((await ownOnly.post('/spapi/data/v1/entity/deleteDetails', { ids: [id] })).status).toBe(404);
      }
      expect(await count()).toBe(before);
      expect((await ownOnly.read(mine, 'name')).body).toMatchObject({ canModify: true, canDelete: true });
      expect((await ownOnly.put([{ id: mine, fields: { name: 'Renamed own' } }])).status).toBe(200);
    });
  });

  describe('cascade delete', () => {
    it('refuses with 403 when the cascade reaches a record the user cannot delete, deleting nothing', async () => {
      const before = await count();
      const links = await countLinks();
      const details = await sales.post('/spapi/data/v1/entity/deleteDetails', { ids: [opp] });
      expect(details.status).toBe(200);
      expect(details.body.dependents.map((d: { id: number }) => d.id)).toEqual([act]);
      const del = await sales.post('/spapi/data/v1/entity/delete', { ids: [opp] });
      expect(del.status).toBe(403);
      expect(del.body.error.code).toBe('forbidden');
      expect((await sales.request('DELETE', `/spapi/data/v1/entity/${opp}`)).status).toBe(403);
      expect((await sales.put([], [opp])).status).toBe(403);
      expect(await count()).toBe(before);
      expect(await countLinks()).toBe(links);
      expect((await sales.read(act, 'name')).status).toBe(200);
      expect((await sales.read(opp, 'name')).body).toMatchObject({ canDelete: true });
    });

    it('deletes when the user may delete every record the cascade reaches', async () => {
      const put = await sales.put([{ id: 'new:o', typeId: opportunity, fields: { name: 'Lonely opp' } }]);
      const id = put.body.ids['new:o'];
      const del = await sales.post('/spapi/data/v1/entity/delete', { ids: [id] });
      expect(del.status).toBe(200);
      expect(del.body.deleted).toEqual([id]);
    });
  });

  describe('the metamodel and security records', () => {
    const newType = {
      id: 'new:t',
      typeId: 'core:type',
      fields: { name: 'Sneaky', typeScriptName: 'Sneaky' },
    };

    it('cannot be changed by users who are not administrators: 403, nothing written', async () => {
      const before = await count();
      for (const c of [nobody, reader, owner, sales, wide]) {
        const res = await c.put([newType]);
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('forbidden');
        const field = await c.put([
          {
            id: 'new:f',
            typeId: 'core:field',
            fields: { name: 'Sneaky', fieldScriptName: 'sneaky', fieldType: 'Text' },
            relationships: { fieldIsOnType: { set: [account] } },
          },
        ]);
        expect(field.status).toBe(403);
        expect((await c.put([{ id: account, fields: { name: 'Renamed type' } }])).status).toBe(403);
      }
      expect(await count()).toBe(before);
      const type = await nobody.read(account, 'name');
      expect(type.body).toMatchObject({
        name: 'Account',
        canModify: false,
        canDelete: false,
        canCreateType: false,
      });
    });

    it('cannot be used by a role with rights on every type to raise its own rights', async () => {
      // A rule on the root type reaches ordinary records…
      const ok = await wide.put([{ id: 'new:a', typeId: account, fields: { name: 'Wide account' } }]);
      expect(ok.status).toBe(200);
      // …but not roles, access rules, user accounts or role membership.
      const before = await count();
      const links = await countLinks();
      const attempts: Answer[] = [
        await wide.put([
          { id: wideUserId, relationships: { userHasRole: { add: [sysRecord.administratorsRole] } } },
        ]),
        await wide.put([
          {
            id: 'new:rule',
            typeId: 'core:accessRule',
            fields: { name: 'Mine', canRead: true, canModify: true },
            relationships: {
              accessRuleRole: { set: [wideRole] },
              accessRuleType: { set: [sysType.userAccount] },
            },
          },
        ]),
        await wide.put([{ id: 'new:r', typeId: 'core:role', fields: { name: 'Mine' } }]),
        await wide.put([{ id: wideRole, fields: { name: 'Renamed role' } }]),
        await wide.put([
          {
            id: 'new:u',
            typeId: 'core:userAccount',
            fields: { name: 'sockpuppet' },
            relationships: { userHasRole: { set: [sysRecord.administratorsRole] } },
          },
        ]),
        await wide.put([{ id: 'new:s', typeId: 'core:tenantSettings', fields: { name: 'Hijack' } }]),
      ];
      for (const a of attempts) {
        expect(a.status).toBeGreaterThanOrEqual(403);
        expect(a.status).toBeLessThanOrEqual(404);
      }
      expect(await count()).toBe(before);
      expect(await countLinks()).toBe(links);
      const me = await wide.get('/auth/me');
      expect(me.body.isAdmin).toBe(false);
    });

    it('keeps catalogue records (ids below 10000) read-only even for administrators', async () => {
      for (const id of [sysType.person, sysRecord.everyoneRole, sysRecord.administratorsRole, 100]) {
        const r = await t.admin.read(id, 'name');
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ canModify: false, canDelete: false });
        const before = await t.admin.read(id, 'name');
        expect((await t.admin.put([{ id, fields: { name: 'Renamed' } }])).status).toBe(403);
        expect((await t.admin.post('/spapi/data/v1/entity/delete', { ids: [id] })).status).toBe(403);
        expect((await t.admin.put([], [id])).status).toBe(403);
        expect((await t.admin.read(id, 'name')).body).toEqual(before.body);
      }
    });
  });

  describe('the schema of a type', () => {
    it('includes canCreateType for the caller', async () => {
      const url = (id: number | string) => `/spapi/data/v1/schema/type/${id}`;
      const adminView = await t.admin.get(url(account));
      expect(adminView.status).toBe(200);
      expect(adminView.body.canCreateType).toBe(true);
      expect((await t.admin.get(url('core:resource'))).body.canCreateType).toBe(false);
      expect((await nobody.get(url(account))).body.canCreateType).toBe(false);
      expect((await reader.get(url(account))).body.canCreateType).toBe(false);
      expect((await owner.get(url(account))).body.canCreateType).toBe(true);
      expect((await owner.get(url(keyAccount))).body.canCreateType).toBe(true);
      expect((await owner.get(url(contact))).body.canCreateType).toBe(false);
      expect((await sales.get(url(activity))).body.canCreateType).toBe(false);
      expect((await wide.get(url('core:type'))).body.canCreateType).toBe(false);
      expect((await nobody.get(url(missing))).status).toBe(404);
    });
  });

  describe('records the user cannot read', () => {
    it('stay linked when the user replaces or removes the links of a record they may change', async () => {
      const editor = (
        await user('editor', [
          await role('Account editors', [{ typeId: account, canRead: true, canModify: true }]),
        ])
      ).client;
      const put = await t.admin.put([
        { id: 'new:a', typeId: account, fields: { name: 'Linked account' } },
        {
          id: 'new:c',
          typeId: contact,
          fields: { name: 'Hidden contact' },
          relationships: { account: { set: ['new:a'] } },
        },
      ]);
      const { 'new:a': a, 'new:c': c } = put.body.ids;
      expect((await editor.read(a, 'contacts.name')).body.contacts).toEqual([]);
      expect((await editor.put([{ id: a, relationships: { contacts: { set: [] } } }])).status).toBe(200);
      expect((await editor.put([{ id: a, relationships: { contacts: { remove: [c] } } }])).status).toBe(200);
      expect((await t.admin.read(a, 'contacts.name')).body.contacts).toEqual([
        expect.objectContaining({ id: c }),
      ]);
    });

    it('are not named in delete details, and stop the delete with 403', async () => {
      const oppOnly = (
        await user('opponly', [
          await role('Opportunities only', [
            { typeId: opportunity, canRead: true, canModify: true, canDelete: true },
          ]),
        ])
      ).client;
      const put = await t.admin.put([
        { id: 'new:o', typeId: opportunity, fields: { name: 'Opp with hidden activity' } },
        {
          id: 'new:t',
          typeId: activity,
          fields: { name: 'Hidden activity' },
          relationships: { opportunity: { set: ['new:o'] } },
        },
      ]);
      const o = put.body.ids['new:o'];
      const details = await oppOnly.post('/spapi/data/v1/entity/deleteDetails', { ids: [o] });
      expect(details.status).toBe(200);
      expect(details.body.dependents).toEqual([]);
      expect((await oppOnly.post('/spapi/data/v1/entity/delete', { ids: [o] })).status).toBe(403);
      expect((await t.admin.read(put.body.ids['new:t'], 'name')).status).toBe(200);
    });
  });

  it('grants through a rule with a calculation only the rows it accepts (more in accessRuleCalculations)', async () => {
    const filtered = await role('Filtered', [{ typeId: account, canRead: true }]);
    const ruleRows = await t.services.db
      .selectFrom('relationships')
      .select('from_id')
      .where('tenant_id', '=', t.tenantId)
      .where('rel_id', '=', 1022)
      .where('to_id', '=', filtered)
      .execute();
    const rule = ruleRows[0]!.from_id;
    expect(
      (await t.admin.put([{ id: rule, fields: { accessRuleCalculation: "[Name] = 'x'" } }])).status,
    ).toBe(200);
    const client = (await user('filtered', [filtered])).client;
    expect((await client.read(acc, 'name')).status).toBe(404);
    expect(
      (await t.admin.put([{ id: rule, fields: { accessRuleCalculation: "[Name] = 'Admin account'" } }]))
        .status,
    ).toBe(200);
    expect((await client.read(acc, 'name')).status).toBe(200);
    expect((await client.read(keyAcc, 'name')).status).toBe(404);
  });
});
