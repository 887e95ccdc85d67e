import { sysField, sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { type Answer, type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import {
  createReport,
  createRole,
  type Definition,
  expectError,
  fieldColumn,
  putRecords,
  relColumn,
  rowIds,
  runOk,
  runReport,
  writeRawField,
} from './reportSupport.js';

// Each test makes many HTTP calls, on a machine other suites share.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const NAME = 100;

describe.each(engines)('report security on %s', (engine) => {
  let t: TestApp;
  let deal: { typeId: number; fieldIds: Record<string, number> };
  let acc: { typeId: number; fieldIds: Record<string, number> };
  let accountRel: number;
  let groupedReport: number;
  let flatReport: number;
  let publicReport: number;
  let privateReport: number;
  let owner: Client;
  let accountOwner: Client;
  let noRows: Client;
  const ids: Record<string, number> = {};
  const of = (keys: string[]) => keys.map((k) => ids[k]!);
  const anonymous = (reportId: number | string, body: unknown = {}, tenant = 'acme') =>
    t.app
      .inject({
        method: 'POST',
        url: `/spapi/data/v1/public/${tenant}/report/${reportId}`,
        payload: body as object,
      })
      .then((r) => ({ status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined }) as Answer);

  beforeAll(async () => {
    t = await startTestApp(engine);
    acc = await defineType(t.admin, 'Account', [{ name: 'City', script: 'city', type: 'Text' }]);
    deal = await defineType(t.admin, 'Deal', [
      { name: 'Amount', script: 'amount', type: 'Currency' },
      { name: 'Region', script: 'region', type: 'Text' },
      { name: 'Secret', script: 'secret', type: 'Text' },
      { name: 'Qty', script: 'qty', type: 'Number' },
      { name: 'On', script: 'on', type: 'Date' },
      { name: 'At', script: 'at', type: 'DateTime' },
      { name: 'Flag', script: 'flag', type: 'Boolean' },
    ]);
    accountRel = await defineRelationship(t.admin, 'lookup', deal.typeId, acc.typeId, 'account', 'deals');

    const ownRole = await createRole(t.admin, 'Own deals', [
      { typeId: deal.typeId, canRead: true, canCreate: true, canModify: true, ownedOnly: true },
      { typeId: acc.typeId, canRead: true, canCreate: true, ownedOnly: true },
      { typeId: sysType.report, canRead: true },
    ]);
    const reportsOnly = await createRole(t.admin, 'Reports only', [
      { typeId: sysType.report, canRead: true },
    ]);
    await t.addUser('owner', [ownRole]);
    owner = await t.login('owner');
    await t.addUser('other', [ownRole]);
    accountOwner = await t.login('other');
    await t.addUser('nobody', [reportsOnly]);
    noRows = await t.login('nobody');

    Object.assign(
      ids,
      await putRecords(t.admin, [
        { id: 'new:A1', typeId: acc.typeId, fields: { name: 'Admin account', city: 'Sydney' } },
        {
          id: 'new:x1',
          typeId: deal.typeId,
          fields: { name: 'x1', amount: 1000, region: 'North', secret: 'hush-alpha' },
          relationships: { account: { set: ['new:A1'] } },
        },
        { id: 'new:x2', typeId: deal.typeId, fields: { name: 'x2', amount: 500, region: 'South' } },
        { id: 'new:x3', typeId: deal.typeId, fields: { name: 'x3', amount: 250, region: 'North' } },
      ]),
    );
    // The owner's records: one linked to the administrator's account (which the owner cannot read),
    // one to their own.
    Object.assign(
      ids,
      await putRecords(owner, [
        { id: 'new:A2', typeId: acc.typeId, fields: { name: 'Owner account', city: 'Perth' } },
        {
          id: 'new:o1',
          typeId: deal.typeId,
          fields: { name: 'o1', amount: 10, region: 'North' },
        },
        {
          id: 'new:o2',
          typeId: deal.typeId,
          fields: { name: 'o2', amount: 30, region: 'South' },
          relationships: { account: { set: ['new:A2'] } },
        },
      ]),
    );
    // The owner may not link to a record they cannot read: the administrator links it.
    expect(
      (await t.admin.put([{ id: ids.o1!, relationships: { account: { set: [ids.A1!] } } }])).status,
    ).toBe(200);
    const columns = [
      fieldColumn('name', NAME),
      fieldColumn('amount', deal.fieldIds.amount!),
      fieldColumn('region', deal.fieldIds.region!),
      relColumn('account', accountRel),
      fieldColumn('accCity', acc.fieldIds.city!, [{ relId: accountRel, direction: 'fwd' }]),
      fieldColumn('qty', deal.fieldIds.qty!),
      fieldColumn('on', deal.fieldIds.on!),
      fieldColumn('at', deal.fieldIds.at!),
      fieldColumn('flag', deal.fieldIds.flag!),
    ];
    const conditions = ['name', 'amount', 'region', 'account', 'accCity', 'qty', 'on', 'at', 'flag'].map(
      (c) => ({
        id: c,
        columnId: c,
      }),
    );
    groupedReport = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns,
      conditions,
      groups: [{ columnId: 'region', order: 'Ascending' }],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
      aggregates: [{ columnId: 'amount', kinds: ['Sum', 'Count', 'Max', 'List'] }],
      showGrandTotals: true,
    });
    flatReport = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns,
      conditions,
      sorts: [{ columnId: 'name', order: 'Ascending' }],
      aggregates: [{ columnId: 'amount', kinds: ['Sum', 'CountAll'] }],
    });
    publicReport = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns: [
        fieldColumn('name', NAME),
        fieldColumn('amount', deal.fieldIds.amount!),
        relColumn('account', accountRel),
      ],
      conditions: [{ id: 'amount', columnId: 'amount' }],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
      isPublic: true,
    });
    privateReport = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns: [fieldColumn('name', NAME)],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
    });
  });
  afterAll(() => t.close());

  describe('access rules inside the query', () => {
    it('a user who may read only their own records sees only those, and totals count only those', async () => {
      const body = await runOk(owner, flatReport);
      expect(rowIds(body)).toEqual(of(['o1', 'o2']));
      expect(body.total).toEqual({
        count: 2,
        aggs: {
          amount: [
            { kind: 'Sum', value: 40 },
            { kind: 'CountAll', value: 2 },
          ],
        },
      });
      const admin = await runOk(t.admin, flatReport);
      expect(admin.total.count).toBe(5);
    });

    it('groups, group counts and aggregates count only readable records', async () => {
      const body = await runOk(owner, groupedReport);
      expect(rowIds(body)).toEqual(of(['o1', 'o2']));
      expect(body.rdata).toEqual([
        {
          hdrs: [{ val: 'North' }],
          count: 1,
          aggs: {
            amount: [
              { kind: 'Sum', value: 10 },
              { kind: 'Count', value: 1 },
              { kind: 'Max', value: 10 },
              { kind: 'List', value: '10' },
            ],
          },
        },
        {
          hdrs: [{ val: 'South' }],
          count: 1,
          aggs: {
            amount: [
              { kind: 'Sum', value: 30 },
              { kind: 'Count', value: 1 },
              { kind: 'Max', value: 30 },
              { kind: 'List', value: '30' },
            ],
          },
        },
      ]);
      expect(body.total.count).toBe(2);
    });

    it('leaves related values the user cannot read empty, in cells, conditions, sorts and groups', async () => {
      const body = await runOk(owner, flatReport);
      const byId = new Map<number | undefined, unknown[]>(
        body.gdata.map((r: { eid: number; values: unknown[] }) => [r.eid, r.values]),
      );
      expect(byId.get(ids.o1)?.slice(3, 5)).toEqual([{ vals: [] }, { val: null }]);
      expect(byId.get(ids.o2)?.slice(3, 5)).toEqual([
        { vals: [{ eid: ids.A2, val: 'Owner account' }] },
        { val: 'Perth' },
      ]);
      const anyOf = await runOk(owner, flatReport, {
        conds: [{ expid: 'account', oper: 'AnyOf', valueList: [ids.A1] }],
      });
      expect(rowIds(anyOf)).toEqual([]);
      const blank = await runOk(owner, flatReport, { conds: [{ expid: 'account', oper: 'IsNull' }] });
      expect(rowIds(blank)).toEqual(of(['o1']));
      const city = await runOk(owner, flatReport, {
        conds: [{ expid: 'accCity', oper: 'Equal', value: 'Sydney' }],
      });
      expect(rowIds(city)).toEqual([]);
      const sorted = await runOk(owner, flatReport, { sort: [{ colid: 'accCity', order: 'Descending' }] });
      expect(rowIds(sorted)).toEqual(of(['o2', 'o1']));
      const grouped = await createReport(t.admin, {
        rootTypeId: deal.typeId,
        columns: [fieldColumn('name', NAME), relColumn('account', accountRel)],
        groups: [{ columnId: 'account', order: 'Ascending' }],
      });
      const groups = await runOk(owner, grouped);
      expect(groups.rdata.map((g: { hdrs: unknown; count: number }) => [g.hdrs, g.count])).toEqual([
        [[{ vals: [] }], 1],
        [[{ vals: [{ eid: ids.A2, val: 'Owner account' }] }], 1],
      ]);
    });

    it('a relationship component of a record the user cannot read shows nothing', async () => {
      // o1 is linked to A1, which the owner may not read: listing A1's deals must not reveal the link.
      const hidden = await runOk(owner, flatReport, {
        relationDetail: { eid: ids.A1, relid: accountRel, direction: 'rev' },
      });
      expect(rowIds(hidden)).toEqual([]);
      const own = await runOk(owner, flatReport, {
        relationDetail: { eid: ids.A2, relid: accountRel, direction: 'rev' },
      });
      expect(rowIds(own)).toEqual(of(['o2']));
      const admin = await runOk(t.admin, flatReport, {
        relationDetail: { eid: ids.A1, relid: accountRel, direction: 'rev' },
      });
      expect(rowIds(admin)).toEqual(of(['o1', 'x1']));
    });

    it('aggregates through a relationship path count only related records the user may read', async () => {
      const id = await createReport(t.admin, {
        rootTypeId: deal.typeId,
        columns: [
          fieldColumn('name', NAME),
          fieldColumn('accCity', acc.fieldIds.city!, [{ relId: accountRel, direction: 'fwd' }]),
          relColumn('account', accountRel),
        ],
        aggregates: [
          { columnId: 'accCity', kinds: ['Count', 'CountUnique', 'Max', 'List'] },
          { columnId: 'account', kinds: ['Count', 'CountUniqueNoBlanks'] },
        ],
      });
      const mine = await runOk(owner, id);
      expect(mine.total).toEqual({
        count: 2,
        aggs: {
          accCity: [
            { kind: 'Count', value: 1 },
            // Perth, and the blank of the account the owner may not read.
            { kind: 'CountUnique', value: 2 },
            { kind: 'Max', value: 'Perth' },
            { kind: 'List', value: 'Perth' },
          ],
          account: [
            { kind: 'Count', value: 1 },
            { kind: 'CountUniqueNoBlanks', value: 1 },
          ],
        },
      });
      const all = await runOk(t.admin, id);
      expect(all.total.count).toBe(5);
      expect(all.total.aggs.accCity[0]).toEqual({ kind: 'Count', value: 3 });
      expect(all.total.aggs.accCity[3].value.split(', ').sort()).toEqual(['Perth', 'Sydney', 'Sydney']);
    });

    it('quick search finds only readable records', async () => {
      const body = await runOk(owner, flatReport, { quickSearch: 'hush-alpha' });
      expect(rowIds(body)).toEqual([]);
      expect(rowIds(await runOk(t.admin, flatReport, { quickSearch: 'hush-alpha' }))).toEqual(of(['x1']));
      expect(rowIds(await runOk(owner, flatReport, { quickSearch: 'x1' }))).toEqual([]);
    });

    it('a user with no read rule on the type gets no rows and empty totals', async () => {
      const body = await runOk(noRows, groupedReport);
      expect(body.gdata).toEqual([]);
      expect(body.rdata).toEqual([]);
      expect(body.total.count).toBe(0);
    });

    it('another user with the same rule sees their own records only (none here)', async () => {
      expect(rowIds(await runOk(accountOwner, flatReport))).toEqual([]);
    });

    it("answers 404 for a report the user may not read, and for another tenant's report", async () => {
      const hidden = await createRole(t.admin, 'Deals only', [{ typeId: deal.typeId, canRead: true }]);
      await t.addUser('dealsonly', [hidden]);
      const dealsOnly = await t.login('dealsonly');
      expectError(await runReport(dealsOnly, flatReport), 404);
      const other = await t.addTenant('globex');
      const theirType = await defineType(other.admin, 'Thing', []);
      const theirReport = await createReport(other.admin, {
        rootTypeId: theirType.typeId,
        columns: [fieldColumn('name', NAME)],
      });
      expectError(await runReport(t.admin, theirReport), 404);
      expectError(await runReport(other.admin, flatReport), 404);
      // Another tenant's record ids never show up, whatever the query says.
      const mine = await runOk(t.admin, flatReport, { filtereids: [ids.x1, theirReport] });
      expect(rowIds(mine)).toEqual(of(['x1']));
      const theirs = await runOk(other.admin, theirReport, { inclids: [ids.x1], filtereids: [ids.x1] });
      expect(theirs.gdata).toEqual([]);
      expectError(await runReport(t.admin, flatReport, { entityTypeId: theirType.typeId }), 400);
      // A record that is not a report.
      expectError(await runReport(t.admin, ids.x1!), 404);
    });
  });

  describe('public reports', () => {
    it('answers anonymous callers for a public report, with its columns only', async () => {
      const res = await anonymous(publicReport, {
        conds: [{ expid: 'amount', oper: 'GreaterThan', value: 100 }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(rowIds(res.body)).toEqual(of(['x1', 'x2', 'x3']));
      expect(Object.keys(res.body.meta.rcols)).toEqual(['name', 'amount', 'account']);
      expect(res.body.gdata[0].values).toEqual([
        { val: 'x1' },
        { val: 1000 },
        { vals: [{ eid: ids.A1, val: 'Admin account' }] },
      ]);
    });

    it('answers 404 for a report that is not public, an unknown report or tenant, and 401 elsewhere', async () => {
      expectError(await anonymous(privateReport), 404);
      expectError(await anonymous(987_654), 404);
      expectError(await anonymous(publicReport, {}, 'nosuchtenant'), 404);
      expectError(await anonymous(ids.x1!), 404);
      const signedOut = await t.app.inject({
        method: 'POST',
        url: `/spapi/data/v1/report/${publicReport}`,
        payload: {},
      });
      expect(signedOut.statusCode).toBe(401);
    });

    it('does not let anonymous callers reach beyond the report: id lists, relations and other types', async () => {
      const res = await anonymous(publicReport, {
        relationDetail: { eid: ids.A1, relid: accountRel, direction: 'rev' },
        filtereids: [ids.x2],
        inclids: [ids.x2],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(rowIds(res.body)).toEqual(of(['o1', 'o2', 'x1', 'x2', 'x3']));
      expectError(await anonymous(publicReport, { entityTypeId: acc.typeId }), 400);
    });

    it('quick search of a public report does not match text the report does not show', async () => {
      const res = await anonymous(publicReport, { quickSearch: 'hush-alpha' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.gdata).toEqual([]);
      const shown = await anonymous(publicReport, { quickSearch: 'x2' });
      expect(rowIds(shown.body)).toEqual(of(['x2']));
    });

    it('sends anonymous callers nothing of hidden columns, yet applies conditions on them', async () => {
      const id = await createReport(t.admin, {
        rootTypeId: deal.typeId,
        columns: [
          fieldColumn('name', NAME),
          { ...fieldColumn('secret', deal.fieldIds.secret!), hidden: true },
          { ...relColumn('account', accountRel), hidden: true },
        ],
        conditions: [{ id: 'hasSecret', columnId: 'secret', oper: 'IsNotNull', isHidden: true }],
        isPublic: true,
      });
      const res = await anonymous(id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.gdata).toEqual([{ eid: ids.x1, values: [{ val: 'x1' }, { val: null }, { vals: [] }] }]);
      expect(res.body.meta.rcols.secret.hide).toBe(true);
      const search = await anonymous(id, { quickSearch: 'hush-alpha' });
      expect(search.body.gdata).toEqual([]);
      // Signed-in readers get every column.
      const admin = await runOk(t.admin, id);
      expect(admin.gdata[0].values[1]).toEqual({ val: 'hush-alpha' });
    });

    it('quick search of a public report with a calculated text column searches the other columns', async () => {
      const calc = await t.admin.put([
        {
          id: 'new:shout',
          typeId: 'core:field',
          fields: {
            name: 'Shout',
            fieldScriptName: 'shout',
            fieldType: 'Calculation',
            fieldCalculation: "[name] & '!'",
          },
          relationships: { fieldIsOnType: { set: [deal.typeId] } },
        },
      ]);
      expect(calc.status, JSON.stringify(calc.body)).toBe(200);
      const id = await createReport(t.admin, {
        rootTypeId: deal.typeId,
        columns: [fieldColumn('name', NAME), fieldColumn('shout', calc.body.ids['new:shout'])],
        isPublic: true,
      });
      const res = await anonymous(id, { quickSearch: 'x3' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(rowIds(res.body)).toEqual(of(['x3']));
    });

    it("is not reached through another tenant's address", async () => {
      await t.addTenant('initech');
      expectError(await anonymous(publicReport, {}, 'initech'), 404);
    });
  });

  describe('hostile inputs answer 400 with the JSON error shape', () => {
    const bad: Array<[string, Record<string, unknown>]> = [
      ['an unknown sort column', { sort: [{ colid: 'nope', order: 'Ascending' }] }],
      ['SQL in a sort column', { sort: [{ colid: 'name; DROP TABLE entities; --', order: 'Ascending' }] }],
      ['SQL in a sort order', { sort: [{ colid: 'name', order: 'ASC; DROP TABLE entities' }] }],
      ['an unknown condition', { conds: [{ expid: 'nope', oper: 'Equal', value: 'x' }] }],
      ['SQL in a condition id', { conds: [{ expid: "x' OR '1'='1", oper: 'Equal', value: 'x' }] }],
      ['an unknown operator', { conds: [{ expid: 'name', oper: 'Like', value: 'x' }] }],
      ['text for a number', { conds: [{ expid: 'amount', oper: 'GreaterThan', value: 'lots' }] }],
      ['SQL for a number', { conds: [{ expid: 'qty', oper: 'Equal', value: '1 OR 1=1' }] }],
      ['a fraction for a whole number', { conds: [{ expid: 'qty', oper: 'Equal', value: 1.5 }] }],
      ['an impossible date', { conds: [{ expid: 'on', oper: 'Equal', value: '2025-02-30' }] }],
      ['a date in another form', { conds: [{ expid: 'on', oper: 'GreaterThan', value: '31/12/2025' }] }],
      ['words for a date-time', { conds: [{ expid: 'at', oper: 'LessThan', value: 'yesterday' }] }],
      [
        'an impossible day for a date-time',
        { conds: [{ expid: 'at', oper: 'DateEquals', value: '2025-02-30' }] },
      ],
      ['an impossible day in Equal', { conds: [{ expid: 'at', oper: 'Equal', value: '2025-02-30' }] }],
      ['an impossible Between day', { conds: [{ expid: 'at', oper: 'Between', value: '2025-02-30' }] }],
      ['the year 0', { conds: [{ expid: 'at', oper: 'GreaterThan', value: '0000-01-01' }] }],
      ['DateEquals on a number', { conds: [{ expid: 'qty', oper: 'DateEquals', value: 1 }] }],
      ['CurrentUser on a relationship to accounts', { conds: [{ expid: 'account', oper: 'CurrentUser' }] }],
      ['true as a number of days', { conds: [{ expid: 'on', oper: 'LastNDays', value: true }] }],
      ['an id past the safe integers', { conds: [{ expid: 'account', oper: 'AnyOf', values: [1e300] }] }],
      ['a bad Between bound', { conds: [{ expid: 'amount', oper: 'Between', value: 1, values: ['x'] }] }],
      ['a bad date Between bound', { conds: [{ expid: 'on', oper: 'Between', value: 'soon' }] }],
      ['an object as a value', { conds: [{ expid: 'name', oper: 'Equal', value: { $gt: '' } }] }],
      ['Last 0 days', { conds: [{ expid: 'on', oper: 'LastNDays', value: 0 }] }],
      ['Last -1 days', { conds: [{ expid: 'on', oper: 'LastNDays', value: -1 }] }],
      ['Last 1e9 days', { conds: [{ expid: 'at', oper: 'LastNDays', value: 1e9 }] }],
      ['Last 1.5 weeks', { conds: [{ expid: 'on', oper: 'LastNWeeks', value: 1.5 }] }],
      ['Next "many" months', { conds: [{ expid: 'at', oper: 'NextNMonths', value: 'many' }] }],
      ['a date operator on text', { conds: [{ expid: 'region', oper: 'LastNDays', value: 3 }] }],
      ['a text operator on a number', { conds: [{ expid: 'amount', oper: 'Contains', value: '1' }] }],
      ['IsTrue on text', { conds: [{ expid: 'region', oper: 'IsTrue' }] }],
      ['IsFalse on a number', { conds: [{ expid: 'amount', oper: 'IsFalse' }] }],
      ['Today on a number', { conds: [{ expid: 'qty', oper: 'Today' }] }],
      ['AnyOf on a field', { conds: [{ expid: 'region', oper: 'AnyOf', valueList: [1] }] }],
      ['words as record ids', { conds: [{ expid: 'account', oper: 'AnyOf', values: ['1 OR 1=1'] }] }],
      [
        'a huge valueList',
        {
          conds: [
            { expid: 'account', oper: 'AnyOf', valueList: Array.from({ length: 1001 }, (_, i) => i + 1) },
          ],
        },
      ],
      [
        'text ids in valueList',
        { conds: [{ expid: 'account', oper: 'AnyOf', valueList: ['1; DROP TABLE x'] }] },
      ],
      ['a negative page size', { pageSize: -1 }],
      ['a text page size', { pageSize: '10; DROP TABLE entities' }],
      ['a negative start', { startIndex: -5 }],
      ['an unknown query member', { where: '1=1' }],
      ['an unknown derived type', { entityTypeId: 987_654 }],
      ['too many sorts', { sort: Array.from({ length: 11 }, () => ({ colid: 'name', order: 'Ascending' })) }],
      ['a long quick search', { quickSearch: 'x'.repeat(201) }],
    ];
    it.each(bad)('%s', async (_label, query) => {
      expectError(await runReport(t.admin, flatReport, query), 400);
    });

    it('takes injected SQL in text values and quick search literally (no match, no error)', async () => {
      for (const value of ["x' OR '1'='1", "'; DROP TABLE entities; --", '%', '\\', '"']) {
        const res = await runReport(t.admin, flatReport, {
          conds: [{ expid: 'name', oper: 'Equal', value }],
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.gdata).toEqual([]);
      }
      for (const quickSearch of [
        "x' OR '1'='1",
        "'; DROP TABLE entities; --",
        'NEAR(x1 x2)',
        'x1 OR x2',
        '"x1" "',
        '*',
        '^x1',
        'x1*',
        '""""',
        ')(',
        '%_%',
      ]) {
        const res = await runReport(t.admin, flatReport, { quickSearch });
        expect(res.status, `${quickSearch}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body.gdata, quickSearch).toEqual([]);
      }
      expect(rowIds(await runOk(t.admin, flatReport))).toHaveLength(5);
    });

    it('answers a NUL in a value or a search without a 500', async () => {
      for (const query of [
        { conds: [{ expid: 'name', oper: 'Equal', value: 'x\u0000y' }] },
        { conds: [{ expid: 'name', oper: 'Contains', value: '\u0000' }] },
        { quickSearch: 'abc\u0000def' },
        { quickSearch: '\u0000' },
      ]) {
        const res = await runReport(t.admin, flatReport, query);
        expect(res.status, JSON.stringify(query)).toBeLessThan(500);
        if (res.status === 200) expect(res.body.gdata, JSON.stringify(query)).toEqual([]);
        else expectError(res, 400);
      }
    });

    it('takes 1000 ids in a valueList, an enormous limit and a far start', async () => {
      const ok = await runReport(t.admin, flatReport, {
        conds: [
          { expid: 'account', oper: 'AnyOf', valueList: Array.from({ length: 1000 }, (_, i) => ids.A1! + i) },
        ],
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      // Ids from the administrator's account on: both accounts, so every deal with an account.
      expect(rowIds(ok.body)).toEqual(of(['o1', 'o2', 'x1']));
      const big = await runReport(t.admin, flatReport, { limitOperator: 'ResultLimit', limitValue: 1e15 });
      expect(big.status, JSON.stringify(big.body)).toBe(200);
      expect(big.body.gdata).toHaveLength(5);
      const far = await runReport(t.admin, flatReport, { startIndex: 10_000_000 });
      expect(far.status).toBe(200);
      expect(far.body.gdata).toEqual([]);
    });

    it.each([
      ['not JSON', '{"version":1,'],
      ['the wrong shape', JSON.stringify({ version: 1, rootTypeId: 'Deal', columns: [] })],
      [
        'a later version',
        JSON.stringify({ version: 2, rootTypeId: 1, columns: [{ id: 'a', kind: 'field', fieldId: 100 }] }),
      ],
      [
        'a missing root type',
        JSON.stringify({
          version: 1,
          rootTypeId: 987654,
          columns: [{ id: 'a', kind: 'field', fieldId: 100 }],
        }),
      ],
      ['an unknown field', 'field'],
      ['a relationship not on the type', 'rel'],
      ['a sort on an unknown column', 'sort'],
      ['a condition on an unknown column', 'cond'],
      ['a group on an unknown column', 'group'],
      ['an aggregate on an unknown column', 'agg'],
      ['a Sum on text', 'sumText'],
      ['a duplicate column id', 'dup'],
      ['a path through a to-many relationship', 'manyPath'],
      ['a stored condition with a bad value', 'badValue'],
      ['SQL in a column id', 'sqlId'],
    ])('a stored definition with %s answers 400', async (_label, kind) => {
      const base = {
        version: 1,
        rootTypeId: deal.typeId,
        columns: [{ id: 'name', kind: 'field', fieldId: NAME }],
      };
      const defs: Record<string, unknown> = {
        field: { ...base, columns: [{ id: 'a', kind: 'field', fieldId: 987_654 }] },
        rel: {
          ...base,
          columns: [...base.columns, { id: 'r', kind: 'relationship', relId: 987_654, direction: 'fwd' }],
        },
        sort: { ...base, sorts: [{ columnId: 'nope', order: 'Ascending' }] },
        cond: { ...base, conditions: [{ id: 'c', columnId: 'nope', oper: 'IsNull' }] },
        group: { ...base, groups: [{ columnId: 'nope', order: 'Ascending' }] },
        agg: { ...base, aggregates: [{ columnId: 'nope', kinds: ['Count'] }] },
        sumText: { ...base, aggregates: [{ columnId: 'name', kinds: ['Sum'] }] },
        dup: { ...base, columns: [...base.columns, ...base.columns] },
        manyPath: {
          ...base,
          rootTypeId: acc.typeId,
          columns: [
            { id: 'n', kind: 'field', fieldId: NAME, path: [{ relId: accountRel, direction: 'rev' }] },
          ],
        },
        badValue: {
          ...base,
          columns: [...base.columns, { id: 'q', kind: 'field', fieldId: deal.fieldIds.qty }],
          conditions: [{ id: 'c', columnId: 'q', oper: 'Equal', value: 'many' }],
        },
        sqlId: { ...base, columns: [{ id: "a'); DROP TABLE entities; --", kind: 'field', fieldId: NAME }] },
      };
      const text = kind in defs ? JSON.stringify(defs[kind]) : kind;
      // Saving checks a definition, so a broken one is written as an older version or an import may have left it.
      const id = await createReport(t.admin, base as unknown as Definition, `broken ${kind.slice(0, 20)}`);
      await writeRawField(t, id, sysField.reportDefinition, text);
      expectError(await runReport(t.admin, id), 400);
      expectError(await anonymous(id), 404);
    });

    it('a definition whose field was deleted since answers 400', async () => {
      const temp = await defineType(t.admin, 'Temp', [{ name: 'Gone', script: 'gone', type: 'Text' }]);
      const id = await createReport(t.admin, {
        rootTypeId: temp.typeId,
        columns: [fieldColumn('name', NAME), fieldColumn('gone', temp.fieldIds.gone!)],
      });
      expect((await runReport(t.admin, id)).status).toBe(200);
      const del = await t.admin.put([], [temp.fieldIds.gone!]);
      expect(del.status, JSON.stringify(del.body)).toBe(200);
      expectError(await runReport(t.admin, id), 400);
    });
  });
});
