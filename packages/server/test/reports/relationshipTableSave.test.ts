import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { createRole } from '../support/roles.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import { expectError, putRecords, rowIds } from './reportSupport.js';

/**
 * What a record form's relationship table asks of the server (decision 0082): its page through
 * the related type's display report (`report/type/{id}/display` with relationDetail, inclids and
 * exclids), and the record's save with the table's changes — added and removed ids, and new
 * related records created in the same put, related through their own end, against the version
 * read. A caller who may not read the related type sees none of its records; one who may not
 * create it writes nothing.
 */
describe.each(engines)('relationship table calls on %s', (engine) => {
  let t: TestApp;
  let accountType: number;
  let contactType: number;
  let accountRel: number;
  let ids: Record<string, number>;
  let accountsOnly: Client;
  let noCreate: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    accountType = (await defineType(t.admin, 'Account', [])).typeId;
    contactType = (await defineType(t.admin, 'Contact', [])).typeId;
    accountRel = await defineRelationship(t.admin, 'lookup', contactType, accountType, 'account', 'contacts');
    ids = await putRecords(t.admin, [
      { id: 'new:A1', typeId: accountType, fields: { name: 'Acme' } },
      { id: 'new:A2', typeId: accountType, fields: { name: 'Globex' } },
      {
        id: 'new:c4',
        typeId: contactType,
        fields: { name: 'c4' },
        relationships: { account: { set: ['new:A2'] } },
      },
      ...['c1', 'c2', 'c3'].map((k, i) => ({
        id: `new:${k}`,
        typeId: contactType,
        fields: { name: k },
        ...(i < 2 ? { relationships: { account: { set: ['new:A1'] } } } : {}),
      })),
    ]);
    const readTypes = [
      { typeId: sysType.type, canRead: true },
      { typeId: sysType.report, canRead: true },
    ];
    // Reads and changes accounts, but may not read contacts.
    await t.addUser('ada', [
      await createRole(t.admin, 'Accounts only', [...readTypes, { typeId: accountType, canRead: true }]),
    ]);
    accountsOnly = await t.login('ada');
    // Reads and changes both, but may not create contacts.
    await t.addUser('bob', [
      await createRole(t.admin, 'No new contacts', [
        ...readTypes,
        { typeId: accountType, canRead: true, canModify: true },
        { typeId: contactType, canRead: true, canModify: true },
      ]),
    ]);
    noCreate = await t.login('bob');
  });
  afterAll(() => t.close());

  const page = (client: Client, query: Record<string, unknown>) =>
    client.post(`/spapi/data/v1/report/type/${contactType}/display`, {
      pageSize: 7,
      displayPageSize: 6,
      relationDetail: { eid: ids.A1, relid: accountRel, direction: 'rev' },
      ...query,
    });
  const related = async () => {
    const res = await page(t.admin, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return rowIds(res.body).sort((a, b) => a - b);
  };
  const version = async () => (await t.admin.read(ids.A1!)).body.version as number;

  it("pages the related type's display report with the table's unsaved changes", async () => {
    const res = await page(t.admin, { inclids: [ids.c3], exclids: [ids.c1] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(rowIds(res.body).sort()).toEqual([ids.c2, ids.c3].sort());
  });

  it('shows a caller who may not read the related type none of its records', async () => {
    const res = await page(accountsOnly, { inclids: [ids.c3] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(rowIds(res.body)).toEqual([]);
    expect(JSON.stringify(res.body.gdata)).not.toContain('c3');
  });

  it('saves added and removed ids and a new related record in one put against the version read', async () => {
    const before = await version();
    const res = await t.admin.put([
      { id: ids.A1!, version: before, relationships: { contacts: { add: [ids.c3!], remove: [ids.c1!] } } },
      {
        id: 'new:rel1',
        typeId: contactType,
        fields: { name: 'c5' },
        relationships: { account: { add: [ids.A1!] } },
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await related()).toEqual(
      [ids.c2!, ids.c3!, res.body.ids['new:rel1'] as number].sort((a, b) => a - b),
    );
  });

  it('moves an added record that holds another record through a single end to this one', async () => {
    const res = await t.admin.put([
      { id: ids.A1!, version: await version() },
      { id: ids.c4!, relationships: { account: { set: [ids.A1!] } } },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await related()).toContain(ids.c4);
    const globex = await page(t.admin, {
      relationDetail: { eid: ids.A2, relid: accountRel, direction: 'rev' },
    });
    expect(rowIds(globex.body)).toEqual([]);
  });

  it('refuses a save over a newer version and writes nothing, new record included', async () => {
    const shown = await related();
    const res = await t.admin.put([
      { id: ids.A1!, version: (await version()) - 1, relationships: { contacts: { remove: [ids.c2!] } } },
      {
        id: 'new:rel2',
        typeId: contactType,
        fields: { name: 'c6' },
        relationships: { account: { add: [ids.A1!] } },
      },
    ]);
    expectError(res, 412);
    expect(await related()).toEqual(shown);
  });

  it('refuses a new related record to a caller who may not create its type, and writes nothing', async () => {
    const shown = await related();
    const res = await noCreate.put([
      { id: ids.A1!, version: await version(), relationships: { contacts: { remove: [ids.c2!] } } },
      {
        id: 'new:rel3',
        typeId: contactType,
        fields: { name: 'c7' },
        relationships: { account: { add: [ids.A1!] } },
      },
    ]);
    expectError(res, 403);
    expect(await related()).toEqual(shown);
  });
});
