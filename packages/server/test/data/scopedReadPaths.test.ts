import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { download, exportAndDownload, requestExport } from '../exports/exportSupport.js';
import {
  createReport,
  createRole,
  fieldColumn,
  putRecords,
  relColumn,
  rowIds,
  runOk,
  runReport,
} from '../reports/reportSupport.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { type Answer, type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

/** The name field of every record. */
const NAME = 100;

/**
 * Every read path of the data layer, asked by a caller who may read their own deals only, with a
 * second tenant holding records with the same words: no answer names a record of the other tenant
 * or one the caller's rule hides (decision 0058).
 */
describe.each(engines)('read paths keep to the tenant and the read rule on %s', (engine) => {
  let t: TestApp;
  let owner: Client;
  let globex: Client;
  let deal: { typeId: number; fieldIds: Record<string, number> };
  let account: { typeId: number; fieldIds: Record<string, number> };
  let priority: number;
  let accountRel: number;
  let flatReport: number;
  let groupedReport: number;
  const ids: Record<string, number> = {};
  /** Ids of the other tenant's records. */
  const foreign: Record<string, number> = {};

  /** Words only hidden records hold: in names, text values and the other tenant's records. */
  const secrets = [
    'Hidden deal',
    'Hidden account',
    'zebra-secret',
    'Globex deal',
    'Globex account',
    'Globex low',
  ];
  const expectNoSecret = (answer: unknown) => {
    const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
    for (const secret of secrets) expect(text, `an answer names '${secret}'`).not.toContain(secret);
  };
  const expectNotFound = (answer: Answer) => {
    expect(answer.status).toBe(404);
    expectNoSecret(answer.body);
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    account = await defineType(t.admin, 'Account', [{ name: 'City', script: 'city', type: 'Text' }]);
    deal = await defineType(t.admin, 'Deal', [
      { name: 'Amount', script: 'amount', type: 'Currency' },
      { name: 'Region', script: 'region', type: 'Text' },
      { name: 'Notes', script: 'notes', type: 'Text' },
    ]);
    priority = (await defineType(t.admin, 'Priority', [], sysType.enumValue)).typeId;
    accountRel = await defineRelationship(t.admin, 'lookup', deal.typeId, account.typeId, 'account', 'deals');
    const ownDeals = await createRole(t.admin, 'Own deals', [
      {
        typeId: deal.typeId,
        canRead: true,
        canCreate: true,
        canModify: true,
        canDelete: true,
        ownedOnly: true,
      },
      { typeId: account.typeId, canRead: true, ownedOnly: true },
      { typeId: sysType.report, canRead: true },
    ]);
    await t.addUser('owner', [ownDeals]);
    owner = await t.login('owner');

    Object.assign(
      ids,
      await putRecords(t.admin, [
        {
          id: 'new:hiddenAccount',
          typeId: account.typeId,
          fields: { name: 'Hidden account', city: 'Perth' },
        },
        {
          id: 'new:hidden',
          typeId: deal.typeId,
          fields: { name: 'Hidden deal', amount: 1000, region: 'North', notes: 'zebra-secret' },
          relationships: { account: { set: ['new:hiddenAccount'] } },
        },
        { id: 'new:low', typeId: priority, fields: { name: 'Low', enumOrder: 1 } },
      ]),
    );
    Object.assign(
      ids,
      await putRecords(owner, [
        {
          id: 'new:own',
          typeId: deal.typeId,
          fields: { name: 'Own deal', amount: 10, region: 'North', notes: 'zebra-open' },
        },
      ]),
    );
    // The owner's deal is linked to the account they may not read (the administrator links it).
    expect(
      (await t.admin.put([{ id: ids.own!, relationships: { account: { set: [ids.hiddenAccount!] } } }]))
        .status,
    ).toBe(200);

    // Another tenant with the same words; enough records that its ids reach past Acme's.
    const other = await t.addTenant('globex');
    globex = other.admin;
    const gAccount = await defineType(globex, 'Account', [{ name: 'City', script: 'city', type: 'Text' }]);
    const gDeal = await defineType(globex, 'Deal', [{ name: 'Notes', script: 'notes', type: 'Text' }]);
    const gPriority = (await defineType(globex, 'Priority', [], sysType.enumValue)).typeId;
    Object.assign(
      foreign,
      await putRecords(globex, [
        { id: 'new:account', typeId: gAccount.typeId, fields: { name: 'Globex account', city: 'Perth' } },
        ...Array.from({ length: 30 }, (_, i) => ({
          id: `new:d${i}`,
          typeId: gDeal.typeId,
          fields: { name: `Globex deal ${i}`, notes: 'zebra-secret zebra-open' },
        })),
        { id: 'new:low', typeId: gPriority, fields: { name: 'Globex low', enumOrder: 1 } },
      ]),
    );

    const columns = [
      fieldColumn('name', NAME),
      fieldColumn('amount', deal.fieldIds.amount!),
      fieldColumn('region', deal.fieldIds.region!),
      fieldColumn('notes', deal.fieldIds.notes!),
      relColumn('account', accountRel),
      fieldColumn('city', account.fieldIds.city!, [{ relId: accountRel, direction: 'fwd' }]),
    ];
    flatReport = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns,
      sorts: [{ columnId: 'name', order: 'Ascending' }],
      aggregates: [{ columnId: 'amount', kinds: ['Sum', 'CountAll'] }],
    });
    groupedReport = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns,
      groups: [{ columnId: 'region', order: 'Ascending' }],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
      aggregates: [{ columnId: 'amount', kinds: ['Sum', 'Count', 'List'] }],
      showGrandTotals: true,
    });
  });
  afterAll(() => t.close());

  it('entity get: a hidden or foreign record reads as missing; a hidden link target is left out', async () => {
    expectNotFound(await owner.read(ids.hidden!));
    expectNotFound(await owner.read(foreign.d29!));
    expectNotFound(await t.admin.read(foreign.d29!));
    expectNotFound(await owner.post('/spapi/data/v1/entity/query', { ids: [ids.own, ids.hidden] }));
    expectNotFound(await t.admin.post('/spapi/data/v1/entity/query', { ids: [ids.own, foreign.d29] }));
    const own = await owner.read(ids.own!, 'name, notes, account');
    expect(own.status).toBe(200);
    expect(own.body.name).toBe('Own deal');
    expectNoSecret(own.body);
  });

  it('entities of type: lists only the readable records of the tenant, filters included', async () => {
    const list = await owner.post('/spapi/data/v1/entity/ofType', {
      typeId: deal.typeId,
      query: 'name, notes, account',
      pageSize: 1000,
    });
    expect(list.status).toBe(200);
    expect(list.body.entities.map((e: { name: string }) => e.name)).toEqual(['Own deal']);
    expectNoSecret(list.body);
    const all = await t.admin.post('/spapi/data/v1/entity/ofType', {
      typeId: 'core:resource',
      query: 'name',
      pageSize: 1000,
    });
    expect(all.status).toBe(200);
    expectNoSecret(all.body.entities.filter((e: { name: string }) => !e.name?.startsWith('Hidden')));
    expect(JSON.stringify(all.body)).not.toContain('Globex');
    const byAccount = await owner.post('/spapi/data/v1/entity/ofType', {
      typeId: deal.typeId,
      filter: { account: ids.hiddenAccount },
    });
    expect(byAccount.body.entities).toEqual([]);
  });

  it('report rows: only readable rows, related values the caller cannot read empty', async () => {
    const body = await runOk(owner, flatReport);
    expect(rowIds(body)).toEqual([ids.own]);
    expect(body.total).toEqual({
      count: 1,
      aggs: {
        amount: [
          { kind: 'Sum', value: 10 },
          { kind: 'CountAll', value: 1 },
        ],
      },
    });
    expectNoSecret(body);
    const admin = await runOk(t.admin, flatReport);
    expect(rowIds(admin).sort()).toEqual([ids.hidden, ids.own].sort());
    expect(JSON.stringify(admin)).not.toContain('Globex');
  });

  it('grouped report: groups, counts and totals of readable rows only', async () => {
    const body = await runOk(owner, groupedReport);
    expect(rowIds(body)).toEqual([ids.own]);
    expect(body.rdata).toEqual([
      {
        hdrs: [{ val: 'North' }],
        count: 1,
        aggs: {
          amount: [
            { kind: 'Sum', value: 10 },
            { kind: 'Count', value: 1 },
            { kind: 'List', value: '10' },
          ],
        },
      },
    ]);
    expect(body.total.count).toBe(1);
    expectNoSecret(body);
    expect((await runOk(t.admin, groupedReport)).total.count).toBe(2);
  });

  it('quick search: never matches hidden or foreign text', async () => {
    for (const term of ['zebra-secret', 'Hidden', 'Globex', 'zebra']) {
      const body = await runOk(owner, flatReport, { quickSearch: term });
      expectNoSecret(body);
      expect(rowIds(body)).toEqual(term === 'zebra' ? [ids.own] : []);
    }
    expect(rowIds(await runOk(owner, groupedReport, { quickSearch: 'zebra-secret' }))).toEqual([]);
    expect(rowIds(await runOk(t.admin, flatReport, { quickSearch: 'Globex' }))).toEqual([]);
    // Asking for hidden or foreign ids by the report's id list finds nothing either.
    const listed = await runReport(owner, flatReport, { inclids: [ids.hidden, foreign.d29] });
    expect(listed.status).toBe(200);
    expect(rowIds(listed.body)).toEqual([]);
  });

  it("picker: a choice type's values are the tenant's own; another tenant's type reads as missing", async () => {
    const values = await owner.get(`/spapi/data/v1/schema/type/${priority}/enumValues`);
    expect(values.status).toBe(200);
    expect(values.body.values.map((v: { name: string }) => v.name)).toEqual(['Low']);
    expectNoSecret(values.body);
    expect((await owner.get('/spapi/data/v1/schema/type/test:Nothing/enumValues')).status).toBe(404);
  });

  it('export: the file holds readable rows only', async () => {
    const file = await exportAndDownload(t, owner, flatReport, 'csv', {}, 'deals');
    const text = file.body.toString('utf8');
    expect(text).toContain('Own deal');
    expectNoSecret(text);
    const searched = await exportAndDownload(
      t,
      owner,
      flatReport,
      'csv',
      { quickSearch: 'zebra-secret' },
      'deals',
    );
    expectNoSecret(searched.body.toString('utf8'));
    // Another tenant cannot fetch the file.
    const started = await requestExport(owner, flatReport, 'csv');
    const stolen = await download(
      t,
      globex,
      `/spapi/data/v2/report/export/download/${started.body.fileHash}/x/csv`,
    );
    expect(stolen.status).toBe(404);
  });

  it('delete details: hidden and foreign records are never named', async () => {
    const own = await owner.post('/spapi/data/v1/entity/deleteDetails', { ids: [ids.own] });
    expect(own.status).toBe(200);
    expectNoSecret(own.body);
    expectNotFound(await owner.post('/spapi/data/v1/entity/deleteDetails', { ids: [ids.hidden] }));
    expectNotFound(await t.admin.post('/spapi/data/v1/entity/deleteDetails', { ids: [foreign.d29] }));
  });

  it('audit history: of a hidden or foreign record reads as missing; of a readable one names no hidden record', async () => {
    expectNotFound(await owner.get(`/spapi/data/v1/entity/${ids.hidden}/history`));
    expectNotFound(await t.admin.get(`/spapi/data/v1/entity/${foreign.d29}/history`));
    const history = await owner.get(`/spapi/data/v1/entity/${ids.own}/history`);
    expect(history.status).toBe(200);
    expectNoSecret(history.body);
  });

  it('calculations: related and listed records are the readable ones of the tenant', async () => {
    const res = await owner.post('/spapi/data/v1/calcEngine/evalExpressions', {
      contextEntity: ids.own,
      expressions: { account: '[account].Name', city: '[account].City', self: '[Name]' },
    });
    expect(res.status).toBe(200);
    expect(res.body.self.value).toBe('Own deal');
    expect(res.body.account.value).toBeNull();
    expect(res.body.city.value).toBeNull();
    expectNoSecret(res.body);
    // A hidden or foreign context record is refused exactly like a missing one.
    const asked = (id: number) =>
      owner.post('/spapi/data/v1/calcEngine/evalExpressions', {
        contextEntity: id,
        expressions: { x: '[Name]' },
      });
    const missing = await asked(987_654);
    expect(missing.status).toBe(403);
    for (const id of [ids.hidden!, foreign.d29!]) {
      const answer = await asked(id);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: missing.status,
        body: missing.body,
      });
    }
  });
});
