import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keptAnswers } from '../../src/reports/keptAnswers.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { createRole } from '../support/roles.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import { createReport, fieldColumn, putRecords, relColumn, runOk } from './reportSupport.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

type Body = {
  gdata: Array<{ values: Array<{ val?: unknown; vals?: Array<{ val: unknown }> }> }>;
  lrt: string;
};
const cellsOf = (body: Body) =>
  body.gdata.map((r) => r.values.map((v) => (v.vals ? v.vals.map((x) => x.val) : (v.val ?? null))));

/** Decision 0144: whole report answers kept behind the change markers of what they read. */
describe.each(engines)('kept report answers on %s', (engine) => {
  let t: TestApp;
  let deal: { typeId: number; fieldIds: Record<string, number> };
  let accountRel: number;
  let report: number;
  let reader: Client;
  let accountsReader: Client;
  const ids: Record<string, number> = {};
  const stats = () => ({ ...keptAnswers(t.services.db).stats });

  beforeAll(async () => {
    t = await startTestApp(engine);
    const account = await defineType(t.admin, 'Account', []);
    deal = await defineType(t.admin, 'Deal', [
      { name: 'Amount', script: 'amount', type: 'Currency' },
      { name: 'Due', script: 'due', type: 'Date' },
    ]);
    accountRel = await defineRelationship(t.admin, 'lookup', deal.typeId, account.typeId, 'account', 'deals');
    Object.assign(
      ids,
      await putRecords(t.admin, [{ id: 'new:acme', typeId: account.typeId, fields: { name: 'Acme' } }]),
    );
    Object.assign(
      ids,
      await putRecords(t.admin, [
        {
          id: 'new:d1',
          typeId: deal.typeId,
          fields: { name: 'd1', amount: 10, due: '2026-03-15' },
          relationships: { account: { set: [ids.acme!] } },
        },
        { id: 'new:d2', typeId: deal.typeId, fields: { name: 'd2', amount: 5, due: '2026-03-16' } },
      ]),
    );
    report = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns: [
        fieldColumn('name', 100),
        fieldColumn('amount', deal.fieldIds.amount!),
        fieldColumn('due', deal.fieldIds.due!),
        relColumn('account', accountRel),
      ],
      sorts: [{ columnId: 'amount', order: 'Descending' }],
    });
    // Reads deals and reports, but not the accounts.
    const role = await createRole(t.admin, 'Deal readers', [
      { typeId: deal.typeId, canRead: true },
      { typeId: sysType.report, canRead: true },
    ]);
    await t.addUser('reader', [role]);
    reader = await t.login('reader');
    const withAccounts = await createRole(t.admin, 'Account readers', [
      { typeId: account.typeId, canRead: true },
    ]);
    await t.addUser('accounts', [role, withAccounts]);
    accountsReader = await t.login('accounts');
  });
  afterAll(() => t?.close());

  /** Runs the report twice: an answer is kept from its second ask (decision 0148). */
  const runTwice = async (client: Client, body: Record<string, unknown>) => {
    await runOk(client, report, body);
    return runOk(client, report, body);
  };

  it('answers a repeated run from the kept answer, made now', async () => {
    const first = await runOk(t.admin, report, { metadata: 'none' });
    // Asked for once, the answer is not kept yet (decision 0148); asked again, it is.
    let before = stats();
    expect(await runOk(t.admin, report, { metadata: 'none' })).toEqual(first);
    expect(stats().hits).toBe(before.hits);
    before = stats();
    t.clock.time = new Date(t.clock.time.getTime() + 60_000);
    const again = await runOk(t.admin, report, { metadata: 'none' });
    expect(stats().hits).toBe(before.hits + 1);
    expect(again).toEqual({ ...first, lrt: t.clock.now().toISOString() });
    expect(cellsOf(again)).toEqual([
      ['d1', 10, '2026-03-15', ['Acme']],
      ['d2', 5, '2026-03-16', []],
    ]);
  });

  it('answers again after a write to the records it shows', async () => {
    await runTwice(t.admin, { metadata: 'none' });
    await putRecords(t.admin, [{ id: ids.d2!, fields: { amount: 20 } }]);
    expect(cellsOf(await runOk(t.admin, report, { metadata: 'none' })).map((r) => r[0])).toEqual([
      'd2',
      'd1',
    ]);
    await putRecords(t.admin, [{ id: ids.d2!, fields: { amount: 5 } }]);
  });

  it('answers again after a write to a record its links reach', async () => {
    await runTwice(t.admin, { metadata: 'none' });
    await putRecords(t.admin, [{ id: ids.acme!, fields: { name: 'Acme Ltd' } }]);
    expect(cellsOf(await runOk(t.admin, report, { metadata: 'none' }))[0]![3]).toEqual(['Acme Ltd']);
    await putRecords(t.admin, [{ id: ids.acme!, fields: { name: 'Acme' } }]);
  });

  it('keeps a caller apart from others whose rights differ', async () => {
    expect(cellsOf(await runTwice(accountsReader, { metadata: 'none' }))[0]![3]).toEqual(['Acme']);
    // The reader may not read accounts: the kept answer of a caller who may must not reach them.
    expect(cellsOf(await runOk(reader, report, { metadata: 'none' }))[0]![3]).toEqual([]);
    expect(cellsOf(await runOk(t.admin, report, { metadata: 'none' }))[0]![3]).toEqual(['Acme']);
  });

  it('keeps one answer per query', async () => {
    const full = await runTwice(t.admin, { metadata: 'full' });
    const none = await runTwice(t.admin, { metadata: 'none' });
    const page = await runOk(t.admin, report, { metadata: 'none', pageSize: 1 });
    expect(full.meta).toBeDefined();
    expect(none.meta).toBeUndefined();
    expect(cellsOf(page)).toEqual([cellsOf(none)[0]]);
  });

  it('is not kept when a condition is relative to today', async () => {
    const today = { metadata: 'none', conds: [{ expid: 'due', oper: 'Today' }] };
    t.clock.time = new Date('2026-03-15T12:00:00Z');
    expect(cellsOf(await runTwice(t.admin, today)).map((r) => r[0])).toEqual(['d1']);
    t.clock.time = new Date('2026-03-16T12:00:00Z');
    expect(cellsOf(await runOk(t.admin, report, today)).map((r) => r[0])).toEqual(['d2']);
  });

  it('answers again after the report is changed', async () => {
    await runTwice(t.admin, { metadata: 'none' });
    await t.admin.put([
      {
        id: report,
        fields: {
          reportDefinition: JSON.stringify({
            version: 1,
            rootTypeId: deal.typeId,
            columns: [fieldColumn('name', 100)],
            sorts: [{ columnId: 'name', order: 'Descending' }],
          }),
        },
      },
    ]);
    expect(cellsOf(await runOk(t.admin, report, { metadata: 'none' }))).toEqual([['d2'], ['d1']]);
  });
});
