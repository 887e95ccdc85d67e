import { sysRecord } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

const ROLES = '/spapi/admin/v1/roles';

/** Issue 14 item 8: roles with members, per-type rules with calculations, and the "view as" check. */
describe.each(engines)('roles and access rules on %s', (engine) => {
  let t: TestApp;
  let deal: number;
  let secret: number;
  let rep: number;
  let other: number;

  const roles = async () => (await t.admin.get(ROLES)).body;
  const roleNamed = async (name: string) => (await roles()).roles.find((r: any) => r.name === name);

  beforeAll(async () => {
    t = await startTestApp(engine);
    deal = (await defineType(t.admin, 'Deal', [{ name: 'region', type: 'Text' }])).typeId;
    secret = (await defineType(t.admin, 'Secret', [])).typeId;
    rep = await t.addUser('rep', []);
    other = await t.addUser('other', []);
    const made = await t.admin.put([
      { id: 'new:n', typeId: deal, fields: { name: 'North deal', region: 'North' } },
      { id: 'new:s', typeId: deal, fields: { name: 'South deal', region: 'South' } },
      { id: 'new:x', typeId: secret, fields: { name: 'Hidden' } },
    ]);
    expect(made.status).toBe(200);
    // The rep owns the South deal.
    await t.services.db
      .updateTable('entities')
      .set({ owner_id: rep })
      .where('id', '=', made.body.ids['new:s'])
      .execute();
  });
  afterAll(() => t.close());

  it('creates a role with members, lists it with its rules, and the members get its rights', async () => {
    const made = await t.admin.post(ROLES, { name: 'Sales', description: 'Sales team', memberIds: [rep] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const roleId = made.body.id;
    const rule = await t.admin.post(`${ROLES}/${roleId}/rules`, {
      typeId: deal,
      canRead: true,
      calculation: "[region] = 'North'",
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const sales = await roleNamed('Sales');
    expect(sales).toMatchObject({
      description: 'Sales team',
      builtIn: false,
      members: [{ id: rep, name: 'rep' }],
      rules: [
        {
          id: rule.body.id,
          typeId: deal,
          typeName: 'Deal',
          canRead: true,
          canCreate: false,
          calculation: "[region] = 'North'",
          problem: null,
        },
      ],
    });
    const repClient = await t.login('rep');
    const seen = await repClient.post('/spapi/data/v1/entity/ofType', { typeId: deal, query: 'name' });
    expect(seen.body.entities.map((e: any) => e.name)).toEqual(['North deal']);

    // A second rule (own records) adds up; changing the first narrows nothing else.
    const own = await t.admin.post(`${ROLES}/${roleId}/rules`, {
      typeId: deal,
      canRead: true,
      canModify: true,
      ownedOnly: true,
    });
    expect(own.status).toBe(200);
    const both = await repClient.post('/spapi/data/v1/entity/ofType', { typeId: deal, query: 'name' });
    expect(both.body.entities.map((e: any) => e.name).sort()).toEqual(['North deal', 'South deal']);

    // The view-as check shows which rule let each record in.
    const view = await t.admin.post('/spapi/admin/v1/viewAs', { userId: rep, typeId: deal });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body).toMatchObject({
      typeName: 'Deal',
      readableCount: 2,
      totalCount: 2,
      user: { username: 'rep', isAdmin: false },
    });
    const why = Object.fromEntries(
      view.body.records.map((r: any) => [r.name, r.reasons.map((x: any) => x.ruleId)]),
    );
    expect(why).toEqual({ 'North deal': [rule.body.id], 'South deal': [own.body.id] });
    expect(view.body.records[0].reasons[0].description).toBe("Sales: read Deal where [region] = 'North'");
    expect(view.body.records[1].reasons[0].description).toBe('Sales: read Deal (own records only)');
    // Another user, without the role, reads none; an administrator reads all, as an administrator.
    const none = await t.admin.post('/spapi/admin/v1/viewAs', { userId: other, typeId: deal });
    expect(none.body).toMatchObject({ readableCount: 0, totalCount: 2, records: [], rules: [] });
    const admin = await t.admin.post('/spapi/admin/v1/viewAs', { userId: t.adminId, typeId: secret });
    expect(admin.body.records[0].reasons[0].description).toBe('Administrators read every record.');

    // Editing the rule, then deleting it, changes what the member reads.
    const edited = await t.admin.post(`${ROLES}/${roleId}/rules/${rule.body.id}`, {
      typeId: deal,
      canRead: true,
      calculation: "[region] = 'Nowhere'",
    });
    expect(edited.status).toBe(200);
    const fewer = await repClient.post('/spapi/data/v1/entity/ofType', { typeId: deal, query: 'name' });
    expect(fewer.body.entities.map((e: any) => e.name)).toEqual(['South deal']);
    expect((await t.admin.post(`${ROLES}/${roleId}/rules/${rule.body.id}/delete`)).status).toBe(200);
    expect((await roleNamed('Sales')).rules).toHaveLength(1);

    // Members leave; the role goes with its rules.
    expect((await t.admin.post(`${ROLES}/${roleId}`, { memberIds: [] })).status).toBe(200);
    expect((await roleNamed('Sales')).members).toEqual([]);
    const gone = await t.admin.post(`${ROLES}/${roleId}/delete`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await roleNamed('Sales')).toBeUndefined();
    const rules = await t.services.db
      .selectFrom('entities')
      .select('id')
      .where('tenant_id', '=', t.tenantId)
      .where('type_id', '=', 11)
      .execute();
    expect(rules).toEqual([]);
  });

  it('refuses a calculation that does not compile, with its message, and stores nothing', async () => {
    const roleId = (await t.admin.post(ROLES, { name: 'Checkers' })).body.id;
    const check = await t.admin.post('/spapi/admin/v1/rules/check', {
      typeId: deal,
      calculation: '[nosuch] = 1',
    });
    expect(check.status).toBe(200);
    expect(check.body.ok).toBe(false);
    expect(check.body.diagnostics[0]).toMatchObject({ severity: 'error', line: 1, column: 1 });
    expect(check.body.diagnostics[0].message).toContain('nosuch');
    const good = await t.admin.post('/spapi/admin/v1/rules/check', {
      typeId: deal,
      calculation: '[securityOwner] = currentuser()',
    });
    expect(good.body).toEqual({ ok: true, diagnostics: [] });
    const notBool = await t.admin.post('/spapi/admin/v1/rules/check', {
      typeId: deal,
      calculation: '[region]',
    });
    expect(notBool.body.ok).toBe(false);

    const saved = await t.admin.post(`${ROLES}/${roleId}/rules`, {
      typeId: deal,
      canRead: true,
      calculation: '[nosuch] = 1',
    });
    expect(saved.status).toBe(400);
    expect(JSON.stringify(saved.body)).toContain('accessRuleCalculation');
    expect((await roleNamed('Checkers')).rules).toEqual([]);
  });

  it('marks where a rule goes wrong: line, column and length, currentuser() included', async () => {
    // The expression editor underlines the span; currentuser() is rewritten without moving it.
    const check = await t.admin.post('/spapi/admin/v1/rules/check', {
      typeId: deal,
      calculation: 'currentuser() = [securityOwner] and\n  [nosuch] = 1',
    });
    expect(check.status).toBe(200);
    expect(check.body.ok).toBe(false);
    expect(check.body.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', line: 2, column: 3, length: 8 }),
    ]);
    expect(check.body.diagnostics[0].message).toContain('nosuch');
    // A rule with no SQL translation is marked over its whole text.
    const notBool = await t.admin.post('/spapi/admin/v1/rules/check', {
      typeId: deal,
      calculation: '[region]',
    });
    expect(notBool.body.diagnostics[0]).toMatchObject({ severity: 'error', line: 1, column: 1 });
    expect(notBool.body.diagnostics[0].length).toBeGreaterThan(0);
  });

  it('keeps built-in roles: no renaming, no deleting, no rules on Administrators, no member list for Everyone', async () => {
    expect((await t.admin.post(`${ROLES}/${sysRecord.administratorsRole}`, { name: 'Bosses' })).status).toBe(
      409,
    );
    expect((await t.admin.post(`${ROLES}/${sysRecord.everyoneRole}/delete`)).status).toBe(409);
    expect(
      (await t.admin.post(`${ROLES}/${sysRecord.administratorsRole}/rules`, { typeId: deal, canRead: true }))
        .status,
    ).toBe(409);
    expect((await t.admin.post(`${ROLES}/${sysRecord.everyoneRole}`, { memberIds: [rep] })).status).toBe(409);
    // Administrators gain and lose members, but never the last one who can sign in.
    expect(
      (await t.admin.post(`${ROLES}/${sysRecord.administratorsRole}`, { memberIds: [t.adminId, other] }))
        .status,
    ).toBe(200);
    expect((await roleNamed('Administrators')).members.map((m: any) => m.name).sort()).toEqual([
      'admin',
      'other',
    ]);
    expect((await t.admin.post(`${ROLES}/${sysRecord.administratorsRole}`, { memberIds: [] })).status).toBe(
      409,
    );
    expect(
      (await t.admin.post(`${ROLES}/${sysRecord.administratorsRole}`, { memberIds: [t.adminId] })).status,
    ).toBe(200);
    // Rules for Everyone apply to every user.
    const everyone = await t.admin.post(`${ROLES}/${sysRecord.everyoneRole}/rules`, {
      typeId: secret,
      canRead: true,
    });
    expect(everyone.status).toBe(200);
    const view = await t.admin.post('/spapi/admin/v1/viewAs', { userId: other, typeId: secret });
    expect(view.body.records.map((r: any) => r.reasons[0].description)).toEqual(['Everyone: read Secret']);
    expect((await roles()).types.some((x: any) => x.name === 'Deal')).toBe(true);
  });
});
