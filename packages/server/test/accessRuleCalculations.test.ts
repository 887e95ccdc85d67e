import { sysField, sysType } from '@plinth/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportAndDownload, parseCsv } from './exports/exportSupport.js';
import { createReport, fieldColumn, rowIds, runOk } from './reports/reportSupport.js';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { createRoleWithRules, type Grant } from './support/roles.js';
import { type Answer, type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

// Each test makes many HTTP calls, on a machine other suites share.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const NAME = 100;
const OWN = '[securityOwner] = currentuser()';

const raw = (a: Answer) => ({ status: a.status, body: JSON.stringify(a.body) });
const names = (a: Answer) => {
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  return (a.body.entities as Array<{ name: string }>).map((e) => e.name).sort();
};

describe.each(engines)('access rules with a calculation on %s', (engine) => {
  let t: TestApp;
  let account: number;
  let contact: number;
  let city: number;
  const ids: Record<string, number> = {};
  let alice: Client;
  let bob: Client;
  let carol: Client;
  let dave: Client;
  let erin: Client;
  let cityReport: number;
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

  const role = (name: string, grants: Grant[]) => createRoleWithRules(t.admin, name, grants);
  const user = async (name: string, roleIds: number[]) => {
    const id = await t.addUser(name, roleIds);
    return { id, client: await t.login(name) };
  };
  const put = async (
    client: Client,
    key: string,
    typeId: number,
    fields: Record<string, unknown>,
    relationships = {},
  ) => {
    const res = await client.put([{ id: `new:${key}`, typeId, fields, relationships }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids[key] = res.body.ids[`new:${key}`];
    return ids[key]!;
  };
  const of = (keys: string[]) => keys.map((k) => ids[k]!);

  beforeAll(async () => {
    t = await startTestApp(engine);
    const acc = await defineType(t.admin, 'Account', [{ name: 'City', script: 'city', type: 'Text' }]);
    account = acc.typeId;
    city = acc.fieldIds.city!;
    contact = (await defineType(t.admin, 'Contact', [])).typeId;
    await defineRelationship(t.admin, 'lookup', contact, account, 'account', 'contacts');

    // Own accounts only, through a calculation (no type-level grant on Account at all).
    const own = await role('Own accounts', [
      {
        typeId: account,
        canRead: true,
        canCreate: true,
        canModify: true,
        canDelete: true,
        accessRuleCalculation: OWN,
      },
      { typeId: sysType.report, canRead: true },
    ]);
    alice = (await user('alice', [own.id])).client;
    bob = (await user('bob', [own.id])).client;
    // Reads every account, changes only own ones (through the calculation).
    const editOwn = await role('Edit own', [
      { typeId: account, canRead: true, canCreate: true },
      { typeId: account, canModify: true, canDelete: true, accessRuleCalculation: OWN },
    ]);
    carol = (await user('carol', [editOwn.id])).client;
    // Contacts of the accounts the user owns: the rule follows a relationship.
    const contactsOfMine = await role('Contacts of my accounts', [
      { typeId: account, canRead: true, canCreate: true },
      { typeId: contact, canRead: true, accessRuleCalculation: '[account].[securityOwner] = currentuser()' },
    ]);
    dave = (await user('dave', [contactsOfMine.id])).client;
    // The same contact rule without a type-level grant on Account.
    const contactsOnly = await role('Contacts only', [
      { typeId: contact, canRead: true, accessRuleCalculation: '[account].[securityOwner] = currentuser()' },
      { typeId: account, canCreate: true },
    ]);
    erin = (await user('erin', [contactsOnly.id])).client;

    await put(t.admin, 'admin1', account, { name: 'Admin one', city: 'Perth' });
    await put(alice, 'alice1', account, { name: 'Alice one', city: 'Perth' });
    await put(alice, 'alice2', account, { name: 'Alice two', city: 'Sydney' });
    await put(alice, 'alice3', account, { name: 'Alice three', city: 'Sydney' });
    await put(bob, 'bob1', account, { name: 'Bob one', city: 'Perth' });
    await put(carol, 'carol1', account, { name: 'Carol one', city: 'Hobart' });
    await put(dave, 'dave1', account, { name: 'Dave one', city: 'Darwin' });
    await put(erin, 'erin1', account, { name: 'Erin one', city: 'Darwin' });
    await put(t.admin, 'c1', contact, { name: 'Contact of Dave' }, { account: { set: [ids.dave1] } });
    await put(t.admin, 'c2', contact, { name: 'Contact of Admin' }, { account: { set: [ids.admin1] } });
    await put(t.admin, 'c3', contact, { name: 'Contact of nobody' });
    await put(t.admin, 'c4', contact, { name: 'Contact of Erin' }, { account: { set: [ids.erin1] } });

    cityReport = await createReport(t.admin, {
      rootTypeId: account,
      columns: [fieldColumn('name', NAME), fieldColumn('city', city)],
      groups: [{ columnId: 'city', order: 'Ascending' }],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
      aggregates: [{ columnId: 'name', kinds: ['Count'] }],
      showGrandTotals: true,
    });
  });
  afterAll(() => t.close());

  describe('[securityOwner] = currentuser()', () => {
    it('lists and reads only own records; others are 404 like a missing id', async () => {
      expect(names(await alice.post('/spapi/data/v1/entity/ofType', { typeId: account }))).toEqual([
        'Alice one',
        'Alice three',
        'Alice two',
      ]);
      expect(names(await bob.post('/spapi/data/v1/entity/ofType', { typeId: account }))).toEqual(['Bob one']);
      expect((await alice.read(ids.alice1!, 'name')).body).toMatchObject({ name: 'Alice one' });
      for (const id of of(['admin1', 'bob1', 'carol1'])) {
        expect(raw(await alice.read(id, 'name'))).toEqual(raw(await alice.read(missing, 'name')));
        expect((await alice.post('/spapi/data/v1/entity/query', { ids: [id] })).status).toBe(404);
      }
      const q = await alice.post('/spapi/data/v1/entity/query', { ids: of(['alice1', 'alice2']) });
      expect(q.status, JSON.stringify(q.body)).toBe(200);
    });

    it('report rows, totals and group counts hold only own records', async () => {
      const body = await runOk(alice, cityReport);
      expect(rowIds(body)).toEqual(of(['alice1', 'alice3', 'alice2']));
      expect(body.total.count).toBe(3);
      expect(body.rdata.map((g: { hdrs: unknown; count: number }) => [g.hdrs, g.count])).toEqual([
        [[{ val: 'Perth' }], 1],
        [[{ val: 'Sydney' }], 2],
      ]);
      const admin = await runOk(t.admin, cityReport);
      expect(admin.total.count).toBe(8);
    });

    it('quick search finds only own records', async () => {
      expect(rowIds(await runOk(alice, cityReport, { quickSearch: 'Bob' }))).toEqual([]);
      expect(rowIds(await runOk(alice, cityReport, { quickSearch: 'Alice one' }))).toEqual(of(['alice1']));
      expect(rowIds(await runOk(t.admin, cityReport, { quickSearch: 'Bob' }))).toEqual(of(['bob1']));
    });

    it('the picker offers only own records', async () => {
      const res = await alice.post(`/spapi/data/v1/report/type/${account}/picker`, { usage: 'Picker' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect([...rowIds(res.body)].sort()).toEqual(of(['alice1', 'alice2', 'alice3']).sort());
    });

    it('an export holds only own records', async () => {
      const file = await exportAndDownload(t, alice, cityReport, 'csv');
      const rows = parseCsv(file.body.toString('utf8').replace(/^\uFEFF/, ''));
      const cells = rows.flat().join('|');
      expect(cells).toContain('Alice one');
      expect(cells).not.toContain('Bob one');
      expect(cells).not.toContain('Admin one');
    });

    it('calculations see only own records', async () => {
      const res = await alice.post('/spapi/data/v1/calceditor/eval', {
        expr: 'count(all(Account))',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.value).toBe(3);
    });

    it('modify and delete reach own records only; others are 404 and nothing changes', async () => {
      const before = await count();
      expect((await alice.put([{ id: ids.bob1!, fields: { city: 'X' } }])).status).toBe(404);
      expect((await alice.post('/spapi/data/v1/entity/delete', { ids: [ids.bob1] })).status).toBe(404);
      expect((await alice.request('DELETE', `/spapi/data/v1/entity/${ids.admin1}`)).status).toBe(404);
      expect(await count()).toBe(before);
      expect((await t.admin.read(ids.bob1!, 'city')).body).toMatchObject({ city: 'Perth', version: 1 });

      const mine = await alice.read(ids.alice2!, 'city');
      expect(mine.body).toMatchObject({ canModify: true, canDelete: true });
      expect((await alice.put([{ id: ids.alice2!, fields: { city: 'Sydney' } }])).status).toBe(200);
      expect((await alice.request('DELETE', `/spapi/data/v1/entity/${ids.alice3}`)).status).toBe(200);
      expect((await alice.read(ids.alice3!, 'name')).status).toBe(404);
      expect(await count()).toBe(before - 1);
    });

    it('with a type-level read, changes through the calculation only: 403 on others, nothing changed', async () => {
      expect(names(await carol.post('/spapi/data/v1/entity/ofType', { typeId: account }))).toContain(
        'Admin one',
      );
      expect((await carol.read(ids.admin1!, 'name')).body).toMatchObject({
        canModify: false,
        canDelete: false,
      });
      expect((await carol.read(ids.carol1!, 'name')).body).toMatchObject({
        canModify: true,
        canDelete: true,
      });
      const before = await count();
      expect((await carol.put([{ id: ids.admin1!, fields: { city: 'X' } }])).status).toBe(403);
      expect(
        (
          await carol.put([
            { id: ids.carol1!, fields: { city: 'Y' } },
            { id: ids.admin1!, fields: { city: 'X' } },
          ])
        ).status,
      ).toBe(403);
      expect((await carol.post('/spapi/data/v1/entity/delete', { ids: [ids.admin1] })).status).toBe(403);
      expect(await count()).toBe(before);
      expect((await t.admin.read(ids.admin1!, 'city')).body).toMatchObject({ city: 'Perth', version: 1 });
      expect((await t.admin.read(ids.carol1!, 'city')).body).toMatchObject({ city: 'Hobart', version: 1 });
      expect((await carol.put([{ id: ids.carol1!, fields: { city: 'Y' } }])).status).toBe(200);
    });
  });

  it('an owned-only rule with a calculation grants the records that are both owned and accepted', async () => {
    const r = await role('Own in Perth', [
      { typeId: account, canCreate: true },
      { typeId: account, canRead: true, ownedOnly: true, accessRuleCalculation: "[City] = 'Perth'" },
    ]);
    const gina = (await user('gina', [r.id])).client;
    const made = await gina.put([
      { id: 'new:p', typeId: account, fields: { name: 'Gina Perth', city: 'Perth' } },
      { id: 'new:h', typeId: account, fields: { name: 'Gina Hobart', city: 'Hobart' } },
    ]);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(names(await gina.post('/spapi/data/v1/entity/ofType', { typeId: account }))).toEqual([
      'Gina Perth',
    ]);
    expect((await gina.read(ids.admin1!, 'name')).status).toBe(404);
    await t.admin.post('/spapi/data/v1/entity/delete', { ids: Object.values(made.body.ids) });
  });

  describe('the quick menu', () => {
    it('enables edit and delete on records a calculation grants, and the inline edit of the type', async () => {
      const menu = async (client: Client, ids: number[]) => {
        const res = await client.post('/spapi/data/v1/actions/menu', { entityTypeId: account, ids });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data as {
          actions: Array<{ state: string; isenabled: boolean }>;
          showEditInlineButton: boolean;
          showExportMenu: boolean;
        };
      };
      const enabled = (m: Awaited<ReturnType<typeof menu>>, state: string) =>
        m.actions.find((a) => a.state === state)?.isenabled;
      const own = await menu(carol, [ids.carol1!]);
      expect([enabled(own, 'editForm'), enabled(own, 'delete')]).toEqual([true, true]);
      expect(own.showEditInlineButton).toBe(true);
      const theirs = await menu(carol, [ids.admin1!]);
      expect([enabled(theirs, 'viewForm'), enabled(theirs, 'editForm'), enabled(theirs, 'delete')]).toEqual([
        true,
        false,
        false,
      ]);
      const mixed = await menu(carol, [ids.carol1!, ids.admin1!]);
      expect(enabled(mixed, 'delete')).toBe(false);
      const alices = await menu(alice, [ids.alice1!]);
      expect([enabled(alices, 'editForm'), alices.showExportMenu]).toEqual([true, true]);
    });
  });

  describe('create rules with a calculation', () => {
    it('create only records the calculation accepts as written; others are 403 and nothing is written', async () => {
      const perth = await role('Create in Perth', [
        { typeId: account, canRead: true, canCreate: true, accessRuleCalculation: "[City] = 'Perth'" },
      ]);
      const frank = (await user('frank', [perth.id])).client;
      expect((await frank.get(`/spapi/data/v1/schema/type/${account}`)).body.canCreateType).toBe(true);
      const before = await count();
      const refused = await frank.put([
        { id: 'new:a', typeId: account, fields: { name: 'Frank Perth', city: 'Perth' } },
        { id: 'new:b', typeId: account, fields: { name: 'Frank Sydney', city: 'Sydney' } },
      ]);
      expect(refused.status).toBe(403);
      expect((await frank.put([{ id: 'new:c', typeId: account, fields: { name: 'Frank' } }])).status).toBe(
        403,
      );
      expect(await count()).toBe(before);
      const ok = await frank.put([
        { id: 'new:a', typeId: account, fields: { name: 'Frank Perth', city: 'Perth' } },
      ]);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(await count()).toBe(before + 1);
      expect((await frank.read(ok.body.ids['new:a'], 'name')).body).toMatchObject({ name: 'Frank Perth' });
      await t.admin.post('/spapi/data/v1/entity/delete', { ids: [ok.body.ids['new:a']] });
    });
  });

  describe('a rule through a related record', () => {
    it('grants the records whose related record matches', async () => {
      expect(names(await dave.post('/spapi/data/v1/entity/ofType', { typeId: contact }))).toEqual([
        'Contact of Dave',
      ]);
      expect((await dave.read(ids.c1!, 'name, account.name')).body).toMatchObject({
        name: 'Contact of Dave',
        account: { id: ids.dave1, name: 'Dave one' },
      });
      expect((await dave.read(ids.c2!, 'name')).status).toBe(404);
      expect((await dave.read(ids.c3!, 'name')).status).toBe(404);
    });

    it('checks the related record with type-level rules only: without them it grants nothing', async () => {
      expect(names(await erin.post('/spapi/data/v1/entity/ofType', { typeId: contact }))).toEqual([]);
      expect((await erin.read(ids.c4!, 'name')).status).toBe(404);
    });
  });

  describe('calculations that cannot run', () => {
    /** The id of the access rule of a new role whose only rule reads Accounts with the calculation. */
    const ruleWith = async (name: string, calc?: string) => {
      const r = await role(name, [
        { typeId: account, canRead: true, ...(calc === undefined ? {} : { accessRuleCalculation: calc }) },
      ]);
      return { role: r.id, rule: r.rules[0]! };
    };

    it('a malformed stored calculation grants nothing', async () => {
      for (const [i, calc] of [
        '[NoSuchField] = 1',
        '[Name]',
        '[securityOwner] = ',
        "resource(Account, 'Admin one') = [securityOwner]",
      ].entries()) {
        const { role: r, rule } = await ruleWith(`Broken ${i}`);
        // Stored as an older version or an import may have left it, bypassing the checks of a save.
        const json = JSON.stringify(calc);
        const key = String(sysField.accessRuleCalculation);
        if (t.engine === 'sqlite') {
          await sql`UPDATE entities SET data = json_set(data, ${`$."${key}"`}, json(${json})) WHERE tenant_id = ${t.tenantId} AND id = ${rule}`.execute(
            t.services.db,
          );
        } else {
          await sql`UPDATE entities SET data = jsonb_set(data, ${`{${key}}`}::text[], ${json}::jsonb) WHERE tenant_id = ${t.tenantId} AND id = ${rule}`.execute(
            t.services.db,
          );
        }
        await sql`UPDATE tenants SET meta_version = meta_version + 1 WHERE id = ${t.tenantId}`.execute(
          t.services.db,
        );
        // The next load of the metamodel logs that the rule grants nothing, and why.
        const warnings: Array<{ obj: Record<string, unknown>; msg: string }> = [];
        await t.services.metaCache.get(t.services.db, t.tenantId, {
          warn: (obj, msg) => warnings.push({ obj: obj as Record<string, unknown>, msg }),
        });
        expect(warnings.find((w) => w.obj.accessRuleId === rule)).toMatchObject({
          msg: expect.stringContaining('grants nothing'),
          obj: { reason: expect.any(String) },
        });
        const client = (await user(`broken${i}`, [r])).client;
        expect((await client.read(ids.admin1!, 'name')).status).toBe(404);
        expect(names(await client.post('/spapi/data/v1/entity/ofType', { typeId: account }))).toEqual([]);
        expect(rowIds(await runOk(t.admin, cityReport)).length).toBeGreaterThan(0);
      }
    });

    it('saving a calculation that does not compile, is not Boolean or cannot run in SQL is a 400; nothing is stored', async () => {
      const { role: saved, rule } = await ruleWith('Saved', OWN);
      const before = await count();
      for (const [calc, text] of [
        ['[NoSuchField] = 1', 'NoSuchField'],
        ['[Name]', 'Bool'],
        ['[securityOwner] = ', ''],
        ["resource(Account, 'Admin one') = [securityOwner]", 'resource'],
      ] as const) {
        const res = await t.admin.put([{ id: rule, fields: { accessRuleCalculation: calc } }]);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(JSON.stringify(res.body.error), JSON.stringify(res.body.error)).toContain(text);
        const created = await t.admin.put([
          {
            id: 'new:rule',
            typeId: 'core:accessRule',
            fields: { name: 'New', canRead: true, accessRuleCalculation: calc },
            relationships: { accessRuleRole: { set: [saved] }, accessRuleType: { set: [account] } },
          },
        ]);
        expect(created.status, JSON.stringify(created.body)).toBe(400);
        expect(JSON.stringify(created.body.error)).toContain(text);
      }
      expect(await count()).toBe(before);
      const stored = await t.admin.read(rule, 'accessRuleCalculation');
      expect(stored.body).toMatchObject({ accessRuleCalculation: OWN, version: 1 });
    });

    it('a good calculation saved through the entity service takes effect at once', async () => {
      const { role: r, rule } = await ruleWith('Perth only', OWN);
      const client = (await user('perth', [r])).client;
      expect(names(await client.post('/spapi/data/v1/entity/ofType', { typeId: account }))).toEqual([]);
      const res = await t.admin.put([{ id: rule, fields: { accessRuleCalculation: "[City] = 'Perth'" } }]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(names(await client.post('/spapi/data/v1/entity/ofType', { typeId: account }))).toEqual([
        'Admin one',
        'Alice one',
        'Bob one',
      ]);
    });
  });
});
