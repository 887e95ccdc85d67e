import { sysRecord, sysType } from '@plinth/schema';
import { expect } from 'vitest';
import { createReport, fieldColumn, putRecords, relColumn, runOk } from '../reports/reportSupport.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { createRole, type Grant } from '../support/roles.js';
import { ADMIN_PASSWORD, Client, type TestApp } from '../support/testApp.js';

/** One server as a case sees it: its administrator, and any caller moved onto it. */
export interface Side {
  name: 'A' | 'B';
  admin: Client;
  /** The same caller (session or token) speaking to this server. */
  as(client: Client): Client;
}

/** What a case may use to set itself up, always through A. */
export interface Setup {
  t: TestApp;
  admin: Client;
  /** A case's own name prefix, so cases never read each other's records. */
  key: string;
  /** A signed-in user holding `grants` through a role of their own. */
  userWith(grants: readonly Grant[]): Promise<SignedInUser>;
}

export interface SignedInUser {
  id: number;
  username: string;
  client: Client;
  roleId: number;
  /** The access rules of the role, one per grant. */
  rules: number[];
}

/**
 * One cacheable read and one write that must change it (decision 0052). The runner sets the case
 * up through A, reads through B (filling B's caches) and expects `before`, writes through A, then
 * reads through B at once and expects `after`: a cache of B that answers without revalidating
 * answers `before` again, and fails the case.
 */
export interface CoherenceCase<S = any> {
  name: string;
  arrange(setup: Setup): Promise<S>;
  read(side: Side, s: S): Promise<unknown>;
  write(a: Side, s: S): Promise<void>;
  before: unknown;
  after: unknown;
}

const ok = async (res: Promise<{ status: number; body: any }>) => {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const cellsOf = (body: { gdata: Array<{ values: Array<{ val?: unknown }> }> }) =>
  body.gdata.map((r) => r.values.map((v) => v.val ?? null));
const typeWithAmount = (s: Setup, name = 'Item') =>
  defineType(s.admin, `${s.key}${name}`, [{ name: 'Amount', script: 'amount', type: 'Currency' }]);

/** A type with an amount and a choice, a report grouped by the choice with sums, and records. */
async function groupedReport(s: Setup) {
  const stage = await defineType(s.admin, `${s.key}Stage`, [], sysType.enumValue);
  const deal = await typeWithAmount(s, 'Deal');
  const rel = await defineRelationship(s.admin, 'choiceField', deal.typeId, stage.typeId, 'stage', 'deals');
  const ids = await putRecords(s.admin, [
    { id: 'new:open', typeId: stage.typeId, fields: { name: 'Open', enumOrder: 1 } },
    { id: 'new:won', typeId: stage.typeId, fields: { name: 'Won', enumOrder: 2 } },
  ]);
  const deal1 = await putRecords(s.admin, [
    {
      id: 'new:d1',
      typeId: deal.typeId,
      fields: { name: 'd1', amount: 10 },
      relationships: { stage: { set: [ids.open!] } },
    },
    {
      id: 'new:d2',
      typeId: deal.typeId,
      fields: { name: 'd2', amount: 5 },
      relationships: { stage: { set: [ids.won!] } },
    },
  ]);
  const report = await createReport(s.admin, {
    rootTypeId: deal.typeId,
    columns: [
      fieldColumn('name', 100),
      fieldColumn('amount', deal.fieldIds.amount!),
      relColumn('stage', rel),
    ],
    groups: [{ columnId: 'stage', order: 'Ascending' }],
    aggregates: [{ columnId: 'amount', kinds: ['Sum'] }],
    showGrandTotals: true,
  });
  return { report, stage, deal, ...ids, ...deal1 };
}
const groupsOf = (body: {
  rdata: Array<{ hdrs: Array<{ vals: Array<{ val: unknown }> }>; count: number; aggs: any }>;
  total: { count: number; aggs: any };
}) => ({
  groups: body.rdata.map((g) => [g.hdrs[0]!.vals[0]?.val ?? null, g.count, g.aggs.amount[0].value]),
  total: [body.total.count, body.total.aggs.amount[0].value],
});

/** A record type, one record of it, and a signed-in user whose role grants nothing on it yet. */
async function unreadableRecord(s: Setup) {
  const type = await typeWithAmount(s, 'Secret');
  const { x } = await putRecords(s.admin, [{ id: 'new:x', typeId: type.typeId, fields: { name: 'x' } }]);
  return { type, record: x!, user: await s.userWith([]) };
}

/**
 * Every read a server may answer from something it keeps. Add a row when a cache is added: the
 * runner needs nothing else.
 */
/** A stored report of a new type's names. */
async function namesReport(s: Setup) {
  const type = await typeWithAmount(s);
  return {
    report: await createReport(s.admin, { rootTypeId: type.typeId, columns: [fieldColumn('name', 100)] }),
  };
}

export const coherenceCases: CoherenceCase[] = [
  {
    name: 'a record read after an update',
    async arrange(s) {
      const type = await typeWithAmount(s);
      return (await putRecords(s.admin, [{ id: 'new:r', typeId: type.typeId, fields: { name: 'one' } }])).r;
    },
    read: async (side, id) => (await ok(side.admin.read(id, 'name,amount'))).name,
    write: async (a, id) => void (await ok(a.admin.put([{ id, fields: { name: 'two' } }]))),
    before: 'one',
    after: 'two',
  },
  {
    name: 'a report page after an update',
    async arrange(s) {
      const type = await typeWithAmount(s);
      const ids = await putRecords(s.admin, [
        { id: 'new:p', typeId: type.typeId, fields: { name: 'p', amount: 1 } },
        { id: 'new:q', typeId: type.typeId, fields: { name: 'q', amount: 2 } },
      ]);
      const report = await createReport(s.admin, {
        rootTypeId: type.typeId,
        columns: [fieldColumn('name', 100), fieldColumn('amount', type.fieldIds.amount!)],
        sorts: [{ columnId: 'amount', order: 'Descending' }],
      });
      return { report, ...ids };
    },
    read: async (side, s) => cellsOf(await runOk(side.admin, s.report, { pageSize: 1 })),
    write: async (a, s) => void (await ok(a.admin.put([{ id: s.p, fields: { amount: 3 } }]))),
    before: [['q', 2]],
    after: [['p', 3]],
  },
  {
    name: 'a report page after a record its links reach is renamed',
    async arrange(s) {
      const account = await defineType(s.admin, `${s.key}Account`, []);
      const deal = await typeWithAmount(s, 'Deal');
      const rel = await defineRelationship(
        s.admin,
        'lookup',
        deal.typeId,
        account.typeId,
        'account',
        'deals',
      );
      const { acme } = await putRecords(s.admin, [
        { id: 'new:acme', typeId: account.typeId, fields: { name: 'Acme' } },
      ]);
      await putRecords(s.admin, [
        {
          id: 'new:d',
          typeId: deal.typeId,
          fields: { name: 'd' },
          relationships: { account: { set: [acme!] } },
        },
      ]);
      const report = await createReport(s.admin, {
        rootTypeId: deal.typeId,
        columns: [fieldColumn('name', 100), relColumn('account', rel)],
      });
      return { report, acme };
    },
    read: async (side, s) =>
      (await runOk(side.admin, s.report, { metadata: 'none' })).gdata.map(
        (r: { values: Array<{ vals?: Array<{ val: unknown }> }> }) => r.values[1]?.vals?.map((v) => v.val),
      ),
    write: async (a, s) => void (await ok(a.admin.put([{ id: s.acme, fields: { name: 'Acme Ltd' } }]))),
    before: [['Acme']],
    after: [['Acme Ltd']],
  },
  {
    name: 'access to a report page after the reader is given a role',
    async arrange(s) {
      const secret = await unreadableRecord(s);
      const readers = await createRole(s.admin, `${s.key} readers`, [
        { typeId: secret.type.typeId, canRead: true },
      ]);
      const reports = await createRole(s.admin, `${s.key} report readers`, [
        { typeId: sysType.report, canRead: true },
      ]);
      await ok(
        s.admin.post(`/spapi/admin/v1/users/${secret.user.id}`, { roleIds: [secret.user.roleId, reports] }),
      );
      const report = await createReport(s.admin, {
        rootTypeId: secret.type.typeId,
        columns: [fieldColumn('name', 100)],
      });
      return { ...secret, report, readers, reports };
    },
    read: async (side, s) => cellsOf(await runOk(side.as(s.user.client), s.report, { metadata: 'none' })),
    write: async (a, s) =>
      void (await ok(
        a.admin.post(`/spapi/admin/v1/users/${s.user.id}`, {
          roleIds: [s.user.roleId, s.reports, s.readers],
        }),
      )),
    before: [],
    after: [['x']],
  },
  {
    name: 'grouped totals after an amount changes',
    arrange: groupedReport,
    read: async (side, s) => groupsOf(await runOk(side.admin, s.report)),
    write: async (a, s) => void (await ok(a.admin.put([{ id: s.d1, fields: { amount: 100 } }]))),
    before: {
      groups: [
        ['Open', 1, 10],
        ['Won', 1, 5],
      ],
      total: [2, 15],
    },
    after: {
      groups: [
        ['Open', 1, 100],
        ['Won', 1, 5],
      ],
      total: [2, 105],
    },
  },
  {
    name: 'grouped totals after a link moves a record to another group',
    arrange: groupedReport,
    read: async (side, s) => groupsOf(await runOk(side.admin, s.report)),
    write: async (a, s) =>
      void (await ok(a.admin.put([{ id: s.d2, relationships: { stage: { set: [s.open] } } }]))),
    before: {
      groups: [
        ['Open', 1, 10],
        ['Won', 1, 5],
      ],
      total: [2, 15],
    },
    after: { groups: [['Open', 2, 15]], total: [2, 15] },
  },
  {
    name: 'grouped totals after a choice value is renamed',
    arrange: groupedReport,
    read: async (side, s) => groupsOf(await runOk(side.admin, s.report)).groups.map((g) => g[0]),
    write: async (a, s) => void (await ok(a.admin.put([{ id: s.won, fields: { name: 'Closed' } }]))),
    before: ['Open', 'Won'],
    after: ['Closed', 'Open'],
  },
  {
    name: 'a quick search after a record is renamed to match',
    async arrange(s) {
      const type = await typeWithAmount(s);
      const ids = await putRecords(s.admin, [
        { id: 'new:m', typeId: type.typeId, fields: { name: 'zebra crossing' } },
        { id: 'new:n', typeId: type.typeId, fields: { name: 'giraffe' } },
      ]);
      const report = await createReport(s.admin, {
        rootTypeId: type.typeId,
        columns: [fieldColumn('name', 100)],
        sorts: [{ columnId: 'name', order: 'Ascending' }],
      });
      return { report, ...ids };
    },
    read: async (side, s) => cellsOf(await runOk(side.admin, s.report, { quickSearch: 'zebra' })),
    write: async (a, s) => void (await ok(a.admin.put([{ id: s.n, fields: { name: 'zebra giraffe' } }]))),
    before: [['zebra crossing']],
    after: [['zebra crossing'], ['zebra giraffe']],
  },
  {
    name: 'a quick search after a matching record is deleted',
    async arrange(s) {
      const type = await typeWithAmount(s);
      const ids = await putRecords(s.admin, [
        { id: 'new:m', typeId: type.typeId, fields: { name: 'okapi one' } },
        { id: 'new:n', typeId: type.typeId, fields: { name: 'okapi two' } },
      ]);
      const report = await createReport(s.admin, {
        rootTypeId: type.typeId,
        columns: [fieldColumn('name', 100)],
        sorts: [{ columnId: 'name', order: 'Ascending' }],
      });
      return { report, ...ids };
    },
    read: async (side, s) => cellsOf(await runOk(side.admin, s.report, { quickSearch: 'okapi' })),
    write: async (a, s) =>
      void (await ok(a.admin.post('/spapi/data/v1/entity/put', { entities: [], deleted: [s.m] }))),
    before: [['okapi one'], ['okapi two']],
    after: [['okapi two']],
  },
  {
    name: "report metadata after a field is renamed (the column's title)",
    async arrange(s) {
      const type = await typeWithAmount(s);
      const report = await createReport(s.admin, {
        rootTypeId: type.typeId,
        columns: [fieldColumn('name', 100), fieldColumn('amount', type.fieldIds.amount!)],
      });
      return { report, field: type.fieldIds.amount! };
    },
    read: async (side, s) => (await runOk(side.admin, s.report, { pageSize: 0 })).meta.rcols.amount.title,
    write: async (a, s) => void (await ok(a.admin.put([{ id: s.field, fields: { name: 'Value' } }]))),
    before: 'Amount',
    after: 'Value',
  },
  {
    name: 'a report after its definition changes',
    async arrange(s) {
      const type = await typeWithAmount(s);
      await putRecords(s.admin, [{ id: 'new:r', typeId: type.typeId, fields: { name: 'r', amount: 4 } }]);
      const definition = { rootTypeId: type.typeId, columns: [fieldColumn('name', 100)] };
      return { report: await createReport(s.admin, definition), definition, amount: type.fieldIds.amount! };
    },
    read: async (side, s) => {
      const body = await runOk(side.admin, s.report);
      return { columns: Object.keys(body.meta.rcols), rows: cellsOf(body) };
    },
    async write(a, s) {
      const definition = {
        ...s.definition,
        columns: [...s.definition.columns, fieldColumn('amount', s.amount)],
      };
      await ok(
        a.admin.put([
          { id: s.report, fields: { reportDefinition: JSON.stringify({ version: 1, ...definition }) } },
        ]),
      );
    },
    before: { columns: ['name'], rows: [['r']] },
    after: { columns: ['name', 'amount'], rows: [['r', 4]] },
  },
  {
    name: 'a report after it is renamed (its title)',
    arrange: (s) => namesReport(s),
    read: async (side, s) => (await runOk(side.admin, s.report)).meta.title,
    write: async (a, s) => void (await ok(a.admin.put([{ id: s.report, fields: { name: 'Renamed' } }]))),
    before: 'Test report',
    after: 'Renamed',
  },
  {
    name: 'a report after it is deleted',
    arrange: (s) => namesReport(s),
    read: async (side, s) => (await side.admin.post(`/spapi/data/v1/report/${s.report}`, {})).status,
    write: async (a, s) =>
      void (await ok(a.admin.post('/spapi/data/v1/entity/put', { entities: [], deleted: [s.report] }))),
    before: 200,
    after: 404,
  },
  {
    name: 'choice values after one is added',
    arrange: groupedReport,
    read: async (side, s) =>
      (await ok(side.admin.get(`/spapi/data/v1/schema/type/${s.stage.typeId}/enumValues`))).values.map(
        (v: { name: string }) => v.name,
      ),
    write: async (a, s) =>
      void (await ok(
        a.admin.put([{ id: 'new:lost', typeId: s.stage.typeId, fields: { name: 'Lost', enumOrder: 3 } }]),
      )),
    before: ['Open', 'Won'],
    after: ['Open', 'Won', 'Lost'],
  },
  {
    name: "report metadata after a choice value's colour changes",
    arrange: groupedReport,
    read: async (side, s) => {
      const rules =
        (await runOk(side.admin, s.report, { pageSize: 0 })).meta.rcols.stage.defcfRule?.rules ?? [];
      return rules.map((r: { bgcolor?: string }) => r.bgcolor ?? null);
    },
    write: async (a, s) => void (await ok(a.admin.put([{ id: s.open, fields: { enumColour: '#ff0000' } }]))),
    before: [],
    after: ['#ff0000'],
  },
  {
    name: 'the default form after a field is added',
    arrange: (s) => typeWithAmount(s),
    read: async (side, type) =>
      (await ok(side.admin.get(`/spapi/data/v1/type/${type.typeId}/defaultForm`))).controls.some(
        (c: { fieldToRender?: number }) =>
          c.fieldToRender !== undefined && c.fieldToRender > type.fieldIds.amount,
      ),
    write: async (a, type) =>
      void (await ok(
        a.admin.put([
          {
            id: 'new:f',
            typeId: 'core:field',
            fields: { name: 'Notes', fieldScriptName: 'notes', fieldType: 'Text' },
            relationships: { fieldIsOnType: { set: [type.typeId] } },
          },
        ]),
      )),
    before: false,
    after: true,
  },
  {
    name: 'a compiled calculation after the field it names is renamed',
    arrange: (s) => typeWithAmount(s),
    read: async (side, type) =>
      (
        await ok(
          side.admin.post('/spapi/data/v1/calceditor/compile', {
            expr: '[Amount] * 2',
            context: type.typeId,
            host: 'Evaluate',
          }),
        )
      ).error ?? null,
    write: async (a, type) =>
      void (await ok(
        a.admin.put([{ id: type.fieldIds.amount, fields: { name: 'Price', fieldScriptName: 'price' } }]),
      )),
    before: null,
    after: expect.any(String),
  },
  {
    name: 'a calculated field after its calculation changes',
    async arrange(s) {
      const type = await defineType(s.admin, `${s.key}Calc`, [
        { name: 'Amount', script: 'amount', type: 'Currency' },
        { name: 'Twice', script: 'twice', type: 'Calculation', fieldCalculation: '[Amount] * 2' },
      ]);
      const { r } = await putRecords(s.admin, [
        { id: 'new:r', typeId: type.typeId, fields: { name: 'r', amount: 5 } },
      ]);
      return { r, field: type.fieldIds.twice! };
    },
    read: async (side, s) => Number((await ok(side.admin.read(s.r, 'twice'))).twice),
    write: async (a, s) =>
      void (await ok(a.admin.put([{ id: s.field, fields: { fieldCalculation: '[Amount] * 3' } }]))),
    before: 10,
    after: 15,
  },
  {
    name: 'tenant settings after a change',
    async arrange(s) {
      const read = await ok(s.admin.read('core:currentTenantSettings', 'currencySymbol'));
      return { id: read.id as number };
    },
    read: async (side) => (await ok(side.admin.get('/spapi/data/v1/tenantSettings'))).currencySymbol,
    write: async (a, s) => void (await ok(a.admin.put([{ id: s.id, fields: { currencySymbol: '€' } }]))),
    before: '$',
    after: '€',
  },
  {
    name: 'a session after sign-out',
    arrange: (s) => s.userWith([]),
    read: async (side, u) => (await side.as(u.client).get('/auth/me')).status,
    write: async (a, u) => void (await ok(a.as(u.client).post('/auth/logout'))),
    before: 200,
    after: 401,
  },
  {
    name: 'a session ended from the list of sessions',
    async arrange(s) {
      const u = await s.userWith([]);
      const other = await s.t.login(u.username, ADMIN_PASSWORD);
      const sessions = (await ok(u.client.get('/auth/sessions'))).sessions as Array<{
        id: string;
        current: boolean;
      }>;
      return { u, other, ended: sessions.find((x) => x.current)!.id };
    },
    read: async (side, s) => (await side.as(s.u.client).get('/auth/me')).status,
    write: async (a, s) => void (await ok(a.as(s.other).request('DELETE', `/auth/sessions/${s.ended}`))),
    before: 200,
    after: 401,
  },
  {
    name: 'an API token after it is revoked',
    async arrange(s) {
      const made = await ok(s.admin.post('/spapi/data/v1/apiTokens', { name: `${s.key} token` }));
      return { id: made.id as number, client: new Client(s.t.app, { bearer: made.token as string }) };
    },
    read: async (side, s) => (await side.as(s.client).get('/spapi/data/v1/tenantSettings')).status,
    write: async (a, s) => void (await ok(a.admin.request('DELETE', `/spapi/data/v1/apiTokens/${s.id}`))),
    before: 200,
    after: 401,
  },
  {
    name: 'a session after its user is disabled',
    arrange: (s) => s.userWith([]),
    read: async (side, u) => (await side.as(u.client).get('/auth/me')).status,
    write: async (a, u) => void (await ok(a.admin.post(`/spapi/admin/v1/users/${u.id}`, { disabled: true }))),
    before: 200,
    after: 401,
  },
  {
    // The token stays: only the account's change marker says it may no longer be used.
    name: 'an API token after its user is disabled',
    async arrange(s) {
      const u = await s.userWith([]);
      const made = await ok(u.client.post('/spapi/data/v1/apiTokens', { name: `${s.key} token` }));
      return { u, client: new Client(s.t.app, { bearer: made.token as string }) };
    },
    read: async (side, s) => (await side.as(s.client).get('/spapi/data/v1/tenantSettings')).status,
    write: async (a, s) =>
      void (await ok(a.admin.post(`/spapi/admin/v1/users/${s.u.id}`, { disabled: true }))),
    before: 200,
    after: 401,
  },
  {
    name: 'an API token after its user is deleted',
    async arrange(s) {
      const u = await s.userWith([]);
      const made = await ok(u.client.post('/spapi/data/v1/apiTokens', { name: `${s.key} token` }));
      return { u, client: new Client(s.t.app, { bearer: made.token as string }) };
    },
    read: async (side, s) => (await side.as(s.client).get('/spapi/data/v1/tenantSettings')).status,
    write: async (a, s) => void (await ok(a.admin.post(`/spapi/admin/v1/users/${s.u.id}/delete`, {}))),
    before: 200,
    after: 401,
  },
  {
    name: "a session after an administrator sets the user's password",
    arrange: (s) => s.userWith([]),
    read: async (side, u) => (await side.as(u.client).get('/auth/me')).status,
    write: async (a, u) =>
      void (await ok(
        a.admin.post(`/spapi/admin/v1/users/${u.id}/password`, { password: 'An0ther-passw0rd!' }),
      )),
    before: 200,
    after: 401,
  },
  {
    name: 'administration after the Administrators role is taken away',
    async arrange(s) {
      const u = await s.userWith([]);
      await ok(
        s.admin.post(`/spapi/admin/v1/users/${u.id}`, { roleIds: [u.roleId, sysRecord.administratorsRole] }),
      );
      return u;
    },
    read: async (side, u) => (await side.as(u.client).get('/spapi/admin/v1/users')).status,
    write: async (a, u) =>
      void (await ok(a.admin.post(`/spapi/admin/v1/users/${u.id}`, { roleIds: [u.roleId] }))),
    before: 200,
    after: 403,
  },
  {
    name: "access after a rule is added to the user's role",
    arrange: unreadableRecord,
    read: async (side, s) => (await side.as(s.user.client).read(s.record, 'name')).status,
    write: async (a, s) =>
      void (await ok(
        a.admin.put([
          {
            id: 'new:rule',
            typeId: 'core:accessRule',
            fields: { name: 'read secrets', canRead: true },
            relationships: {
              accessRuleRole: { set: [s.user.roleId] },
              accessRuleType: { set: [s.type.typeId] },
            },
          },
        ]),
      )),
    before: 404,
    after: 200,
  },
  {
    name: 'access after the user is given a role',
    async arrange(s) {
      const secret = await unreadableRecord(s);
      const role = await createRole(s.admin, `${s.key} readers`, [
        { typeId: secret.type.typeId, canRead: true },
      ]);
      return { ...secret, role };
    },
    read: async (side, s) => (await side.as(s.user.client).read(s.record, 'name')).status,
    write: async (a, s) =>
      void (await ok(
        a.admin.post(`/spapi/admin/v1/users/${s.user.id}`, { roleIds: [s.user.roleId, s.role] }),
      )),
    before: 404,
    after: 200,
  },
  {
    name: 'access after a rule is narrowed by a calculation',
    async arrange(s) {
      const type = await typeWithAmount(s, 'Narrowed');
      const { x } = await putRecords(s.admin, [
        { id: 'new:x', typeId: type.typeId, fields: { name: 'x', amount: 1 } },
      ]);
      return { x, user: await s.userWith([{ typeId: type.typeId, canRead: true }]) };
    },
    read: async (side, s) => (await side.as(s.user.client).read(s.x, 'name')).status,
    write: async (a, s) =>
      void (await ok(
        a.admin.put(
          s.user.rules.map((id: number) => ({ id, fields: { accessRuleCalculation: '[Amount] > 5' } })),
        ),
      )),
    before: 200,
    after: 404,
  },
];
