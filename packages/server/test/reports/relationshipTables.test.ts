import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import {
  createReport,
  createRole,
  expectError,
  fieldColumn,
  putRecords,
  rowIds,
  runOk,
  runReport,
} from './reportSupport.js';

const NAME = 100;

/**
 * The report data request of a relationship table (spec 03 §7): startIndex, pageSize,
 * displayPageSize, relationDetail (eid, relid, direction), inclids and exclids — the related
 * records of one record with the component's unsaved additions and removals — never showing what
 * the caller may not read.
 */
describe.each(engines)('relationship tables on %s', (engine) => {
  let t: TestApp;
  let contactReport: number;
  let accountRel: number;
  let ownerRel: number;
  let ids: Record<string, number>;
  let limited: Client;
  let other: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const account = await defineType(t.admin, 'Account', []);
    const contact = await defineType(t.admin, 'Contact', [{ name: 'Email', script: 'email', type: 'Text' }]);
    const person = await defineType(t.admin, 'Owner', []);
    accountRel = await defineRelationship(
      t.admin,
      'lookup',
      contact.typeId,
      account.typeId,
      'account',
      'contacts',
    );
    ownerRel = await defineRelationship(
      t.admin,
      'lookup',
      account.typeId,
      person.typeId,
      'owner',
      'accounts',
    );
    contactReport = await createReport(t.admin, {
      rootTypeId: contact.typeId,
      columns: [fieldColumn('name', NAME), fieldColumn('email', contact.fieldIds.email!)],
    });
    ids = await putRecords(t.admin, [
      { id: 'new:A1', typeId: account.typeId, fields: { name: 'Acme' } },
      { id: 'new:A2', typeId: account.typeId, fields: { name: 'Globex' } },
      ...['c1', 'c2', 'c3'].map((k) => ({
        id: `new:${k}`,
        typeId: contact.typeId,
        fields: { name: k, email: `${k}@x.test` },
        relationships: { account: { set: ['new:A1'] } },
      })),
      {
        id: 'new:c4',
        typeId: contact.typeId,
        fields: { name: 'c4' },
        relationships: { account: { set: ['new:A2'] } },
      },
    ]);
    // Reads contacts but not accounts.
    const role = await createRole(t.admin, 'Contacts only', [
      { typeId: contact.typeId, canRead: true },
      { typeId: sysType.report, canRead: true },
    ]);
    await t.addUser('lina', [role]);
    limited = await t.login('lina');
    other = (await t.addTenant('globex')).admin;
  });
  afterAll(() => t.close());

  const detail = (eid: number, direction: 'fwd' | 'rev' = 'rev') => ({ eid, relid: accountRel, direction });

  it("pages through a record's related records, displayPageSize as sent", async () => {
    const body = await runOk(t.admin, contactReport, {
      startIndex: 0,
      pageSize: 2,
      displayPageSize: 6,
      metadata: 'full',
      relationDetail: detail(ids.A1!),
    });
    expect(rowIds(body)).toEqual([ids.c1, ids.c2]);
    const next = await runOk(t.admin, contactReport, {
      startIndex: 2,
      pageSize: 2,
      relationDetail: detail(ids.A1!),
    });
    expect(rowIds(next)).toEqual([ids.c3]);
  });

  it('shows the unsaved additions (inclids) and leaves out the unsaved removals (exclids)', async () => {
    const body = await runOk(t.admin, contactReport, {
      relationDetail: detail(ids.A1!),
      inclids: [ids.c4],
      exclids: [ids.c2],
    });
    expect(rowIds(body).sort()).toEqual([ids.c1, ids.c3, ids.c4].sort());
    // A new parent has no links yet: only its unsaved additions.
    const fresh = await runOk(t.admin, contactReport, { inclids: [ids.c2, ids.c4], exclids: [ids.c4] });
    expect(rowIds(fresh)).toEqual([ids.c2]);
  });

  it('shows nothing through a record the caller may not read, nor records of another tenant', async () => {
    const body = await runOk(limited, contactReport, { relationDetail: detail(ids.A1!) });
    expect(rowIds(body)).toEqual([]);
    const included = await runOk(limited, contactReport, {
      relationDetail: detail(ids.A1!),
      inclids: [ids.A2!, ids.c4!],
    });
    // An account id in inclids is not a contact, and is never shown as one.
    expect(rowIds(included)).toEqual([ids.c4]);
    const foreign = await other.post(`/spapi/data/v1/report/${contactReport}`, {
      relationDetail: detail(ids.A1!),
    });
    expect(foreign.status).toBe(404);
  });

  it('refuses a relationship that does not lead to the report records, and bad input', async () => {
    expectError(
      await runReport(t.admin, contactReport, {
        relationDetail: { eid: ids.A1, relid: ownerRel, direction: 'rev' },
      }),
    );
    expectError(await runReport(t.admin, contactReport, { relationDetail: detail(ids.A1!, 'fwd') }));
    expectError(
      await runReport(t.admin, contactReport, {
        relationDetail: { eid: ids.A1, relid: 987_654, direction: 'rev' },
      }),
    );
    expectError(
      await runReport(t.admin, contactReport, { relationDetail: { eid: ids.A1, relid: accountRel } }),
    );
    expectError(await runReport(t.admin, contactReport, { inclids: ['x'] }));
    expectError(await runReport(t.admin, contactReport, { displayPageSize: -1 }));
  });
});
