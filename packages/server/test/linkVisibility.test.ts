import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadUrl, parseCsv } from './exports/exportSupport.js';
import { createReport, fieldColumn, putRecords, relColumn } from './reports/reportSupport.js';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { createRole, type Grant } from './support/roles.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

// Many calls per engine, on a machine other suites share.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

const NAME = 100;

/**
 * Link visibility on every read path (issue 14, hole 1; decision 0051). An Item links to a Hidden
 * record the caller may not read. Every read path — entity lists and reads with field queries,
 * report conditions, sorts, quick search, groups, aggregates and totals through the link and paths
 * beyond it, calculated columns, pickers, exports, calculations on the server — must answer exactly
 * what it answers once that record no longer exists: each path is run as each caller, the Hidden
 * record is deleted, and the path is run again. An administrator's answers must change (so each
 * path does go through the link).
 */

interface World {
  item: { typeId: number; fieldIds: Record<string, number> };
  hidden: { typeId: number; fieldIds: Record<string, number> };
  place: { typeId: number; fieldIds: Record<string, number> };
  hiddenRel: number;
  keeperRel: number;
  placeRel: number;
  calcName: number;
  calcPlace: number;
  ids: Record<string, number>;
  reports: Record<string, number>;
  t: TestApp;
}

type Path = (c: Client, w: World) => Promise<unknown>;

/** Drops what a delete elsewhere changes without telling anything: versions and timestamps. */
function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'version' || k === 'ver' || k === 'versions' || k === 'modifiedAt') continue;
      out[k] = normalised(v);
    }
    return out;
  }
  return value;
}

async function ok(res: Promise<{ status: number; body: any }>): Promise<any> {
  const r = await res;
  if (r.status !== 200) return { status: r.status, error: r.body?.error?.code };
  return r.body;
}

const ofType =
  (filter: Record<string, unknown>, query?: string): Path =>
  async (c, w) =>
    ok(
      c.post('/spapi/data/v1/entity/ofType', {
        typeId: w.item.typeId,
        filter,
        ...(query ? { query } : {}),
      }),
    ).then((b) => b.entities ?? b);

const filterById =
  (member: string): Path =>
  (c, w) =>
    ofType({ [member]: w.ids.H1 })(c, w);

const fieldQuery = 'name, hiddenRef.name, hiddenRef.place.name, keeper, hiddenName, placeName';

const report =
  (name: string, query: Record<string, unknown> = {}): Path =>
  async (c, w) => {
    const b = await ok(c.post(`/spapi/data/v1/report/${w.reports[name]}`, { metadata: 'none', ...query }));
    return b.gdata ? { rows: b.gdata, groups: b.rdata, total: b.total } : b;
  };

const cond = (expid: string, oper: string, extra: (w: World) => Record<string, unknown> = () => ({})) =>
  ((c, w) => report('main', { conds: [{ expid, oper, ...extra(w) }] })(c, w)) as Path;

const sorted = (colid: string, order: 'Ascending' | 'Descending'): Path =>
  report('main', { sort: [{ colid, order }] });

const evalOn =
  (expr: string, context = 'i1'): Path =>
  (c, w) =>
    ok(c.post('/spapi/data/v1/calceditor/eval', { expr, context: w.ids[context] })).then((b) => b.value ?? b);

const exportCsv =
  (query: Record<string, unknown>): Path =>
  async (c, w) => {
    const started = await c.post(`/spapi/data/v2/report/export/${w.reports.main}/csv`, query);
    if (started.status !== 200) return { status: started.status };
    const res = await w.t.app.inject({
      method: 'GET',
      url: downloadUrl(started.body.fileHash, 'items.csv', 'csv'),
      headers: c.auth.cookie ? { cookie: c.auth.cookie } : {},
    });
    return parseCsv(res.body.replace(/^\uFEFF/, ''));
  };

const sortColumns = ['hiddenRef', 'keeper', 'hLevel', 'hName', 'placeName', 'calcName', 'calcPlace'];

/** The read paths: each answers what a caller sees through the link. */
const paths: Record<string, Path> = {
  'entities ofType: filter by the linked id': filterById('hiddenRef'),
  'entities ofType: filter by the linked id (reverse end)': filterById('keeper'),
  'entities ofType: filter by no link': ofType({ hiddenRef: null }),
  'entities ofType: filter by no link (reverse end)': ofType({ keeper: null }),
  'entities ofType: field query through the link': ofType({}, fieldQuery),
  'entity get: field query through the link': (c, w) => ok(c.read(w.ids.i1!, fieldQuery)),
  'entities query: field query through the link': (c, w) =>
    ok(c.post('/spapi/data/v1/entity/query', { ids: [w.ids.i1, w.ids.i2, w.ids.i3], query: fieldQuery })),
  'report condition: any of the linked record': cond('hiddenRef', 'AnyOf', (w) => ({
    valueList: [w.ids.H1],
  })),
  'report condition: any except the linked record': cond('hiddenRef', 'AnyExcept', (w) => ({
    valueList: [w.ids.H1],
  })),
  'report condition: no linked record': cond('hiddenRef', 'IsNull'),
  'report condition: some linked record': cond('hiddenRef', 'IsNotNull'),
  'report condition: reverse end any of': cond('keeper', 'AnyOf', (w) => ({ valueList: [w.ids.H1] })),
  'report condition: reverse end is blank': cond('keeper', 'IsNull'),
  'report condition: a field through the link': cond('hLevel', 'GreaterThan', () => ({ value: 5 })),
  'report condition: text through the link contains': cond('hName', 'Contains', () => ({ value: 'zanz' })),
  'report condition: a path beyond the link': cond('placeName', 'Equal', () => ({ value: 'Lighthouse' })),
  'report condition: a calculation through the link': cond('calcName', 'Equal', () => ({
    value: 'Zanzibar',
  })),
  'report condition: a calculation beyond the link': cond('calcPlace', 'IsNotNull'),
  ...Object.fromEntries(
    sortColumns.flatMap((col) => [
      [`report sort: ${col} ascending`, sorted(col, 'Ascending')],
      [`report sort: ${col} descending`, sorted(col, 'Descending')],
    ]),
  ),
  'report quick search: the linked name': report('main', { quickSearch: 'Zanzibar' }),
  'report quick search: a short term': report('main', { quickSearch: 'Za' }),
  'report groups: by the link': report('byLink'),
  'report groups: by a field through the link': report('byName'),
  'report groups: by a path beyond the link': report('byPlace'),
  'report groups: by a calculation through the link': report('byCalc'),
  'report groups: load more of a group': report('byLink', {
    group: { values: [{ vals: [] }], startIndex: 0 },
  }),
  'report aggregates and totals through the link': report('totals'),
  'report relation detail of the linked record': (c, w) =>
    report('main', { relationDetail: { eid: w.ids.H1, relid: w.keeperRel, direction: 'fwd' } })(c, w),
  'picker: searched and narrowed by the link': (c, w) =>
    report('main', {
      usage: 'Picker',
      entityTypeId: w.item.typeId,
      quickSearch: 'Item',
      pageSize: 11,
      conds: [{ expid: 'hiddenRef', oper: 'AnyExcept', valueList: [w.ids.H1] }],
    })(c, w),
  'display report: sorted by the link': (c, w) =>
    ok(
      c.post(`/spapi/data/v1/report/type/${w.item.typeId}/display`, {
        metadata: 'none',
        sort: [{ colid: `r${w.hiddenRel}`, order: 'Descending' }],
      }),
    ),
  'export: sorted by a path through the link': exportCsv({ sort: [{ colid: 'hName', order: 'Descending' }] }),
  'export: filtered by the link': (c, w) =>
    exportCsv({ conds: [{ expid: 'hiddenRef', oper: 'AnyOf', valueList: [w.ids.H1] }] })(c, w),
  'calculation on the server: the linked name': evalOn('[hiddenRef].[name]'),
  'calculation on the server: beyond the link': evalOn('[hiddenRef].[place].[name]'),
  'calculation on the server: the reverse end': evalOn('[keeper].[name]'),
  'calculation on the server: count through the link': evalOn(
    "count(all(Item) where [hiddenRef].[name] = 'Zanzibar')",
    'i2',
  ),
  'calculation on the server: records by name': evalOn("count(all(Hidden) where name = 'Zanzibar')", 'i2'),
};

/** Callers that may read Item and Place but not the Hidden record H1, each in another way. */
const callers: Record<string, Grant[]> = {
  'no rule on Hidden': [],
  'owned Hidden only': [{ typeId: -1, canRead: true, ownedOnly: true }],
  'Hidden by a calculation': [{ typeId: -1, canRead: true, accessRuleCalculation: '[level] < 5' }],
};

describe.each(engines)('link visibility on every read path, on %s', (engine) => {
  const w = {} as World;
  const before = new Map<string, Map<string, unknown>>();
  const after = new Map<string, Map<string, unknown>>();
  const clients = new Map<string, Client>();

  const runAll = async (into: Map<string, Map<string, unknown>>) => {
    for (const [who, client] of clients) {
      const answers = new Map<string, unknown>();
      for (const [name, path] of Object.entries(paths)) answers.set(name, normalised(await path(client, w)));
      into.set(who, answers);
    }
  };

  beforeAll(async () => {
    const t = await startTestApp(engine);
    w.t = t;
    w.place = await defineType(t.admin, 'Place', []);
    w.hidden = await defineType(t.admin, 'Hidden', [{ name: 'Level', script: 'level', type: 'Number' }]);
    w.item = await defineType(t.admin, 'Item', [{ name: 'Note', script: 'note', type: 'Text' }]);
    w.hiddenRel = await defineRelationship(
      t.admin,
      'lookup',
      w.item.typeId,
      w.hidden.typeId,
      'hiddenRef',
      'refs',
    );
    w.keeperRel = await defineRelationship(
      t.admin,
      'exclusiveCollection',
      w.hidden.typeId,
      w.item.typeId,
      'items',
      'keeper',
    );
    w.placeRel = await defineRelationship(
      t.admin,
      'lookup',
      w.hidden.typeId,
      w.place.typeId,
      'place',
      'hiddens',
    );
    const calc = await putRecords(t.admin, [
      {
        id: 'new:calcName',
        typeId: 'core:field',
        fields: {
          name: 'Hidden name',
          fieldScriptName: 'hiddenName',
          fieldType: 'Calculation',
          fieldCalculation: '[hiddenRef].[name]',
        },
        relationships: { fieldIsOnType: { set: [w.item.typeId] } },
      },
      {
        id: 'new:calcPlace',
        typeId: 'core:field',
        fields: {
          name: 'Place name',
          fieldScriptName: 'placeName',
          fieldType: 'Calculation',
          fieldCalculation: '[hiddenRef].[place].[name]',
        },
        relationships: { fieldIsOnType: { set: [w.item.typeId] } },
      },
    ]);
    w.calcName = calc.calcName!;
    w.calcPlace = calc.calcPlace!;
    w.ids = await putRecords(t.admin, [
      { id: 'new:P1', typeId: w.place.typeId, fields: { name: 'Lighthouse' } },
      {
        id: 'new:H1',
        typeId: w.hidden.typeId,
        fields: { name: 'Zanzibar', level: 9 },
        relationships: { place: { set: ['new:P1'] } },
      },
      {
        id: 'new:H2',
        typeId: w.hidden.typeId,
        fields: { name: 'Harbour', level: 1 },
        relationships: { place: { set: ['new:P1'] } },
      },
    ]);
    // One at a time, so the ids come in this order (ties in sorts fall back to the id).
    const linksTo = (id: number) => ({ hiddenRef: { set: [id] }, keeper: { set: [id] } });
    const items: Array<[string, Record<string, { set: number[] }>]> = [
      ['i1', linksTo(w.ids.H1!)],
      ['i2', {}],
      ['i3', linksTo(w.ids.H2!)],
    ];
    for (const [key, links] of items) {
      Object.assign(
        w.ids,
        await putRecords(t.admin, [
          { id: `new:${key}`, typeId: w.item.typeId, fields: { name: `Item ${key}` }, relationships: links },
        ]),
      );
    }
    const columns = [
      fieldColumn('name', NAME),
      relColumn('hiddenRef', w.hiddenRel),
      relColumn('keeper', w.keeperRel, 'rev'),
      fieldColumn('hLevel', w.hidden.fieldIds.level!, [{ relId: w.hiddenRel, direction: 'fwd' }]),
      fieldColumn('hName', NAME, [{ relId: w.hiddenRel, direction: 'fwd' }]),
      fieldColumn('placeName', NAME, [
        { relId: w.hiddenRel, direction: 'fwd' },
        { relId: w.placeRel, direction: 'fwd' },
      ]),
      fieldColumn('calcName', w.calcName),
      fieldColumn('calcPlace', w.calcPlace),
    ];
    const conditions = columns.map((c) => ({ id: c.id, columnId: c.id }));
    const def = (extra: Record<string, unknown>) => ({
      rootTypeId: w.item.typeId,
      columns,
      conditions,
      sorts: [{ columnId: 'name', order: 'Ascending' }],
      ...extra,
    });
    w.reports = {
      main: await createReport(t.admin, def({})),
      byLink: await createReport(t.admin, def({ groups: [{ columnId: 'hiddenRef', order: 'Descending' }] })),
      byName: await createReport(t.admin, def({ groups: [{ columnId: 'hName', order: 'Descending' }] })),
      byPlace: await createReport(t.admin, def({ groups: [{ columnId: 'placeName', order: 'Descending' }] })),
      byCalc: await createReport(t.admin, def({ groups: [{ columnId: 'calcName', order: 'Descending' }] })),
      totals: await createReport(
        t.admin,
        def({
          aggregates: [
            { columnId: 'hLevel', kinds: ['Sum', 'Max', 'Count', 'List'] },
            { columnId: 'hName', kinds: ['List', 'CountUnique'] },
            { columnId: 'hiddenRef', kinds: ['Count', 'List'] },
            { columnId: 'placeName', kinds: ['List', 'Count'] },
            { columnId: 'calcName', kinds: ['List', 'Count'] },
          ],
          showGrandTotals: true,
          showCount: true,
        }),
      ),
    };

    clients.set('administrator', t.admin);
    let n = 0;
    for (const [who, hiddenGrants] of Object.entries(callers)) {
      const grants: Grant[] = [
        { typeId: w.item.typeId, canRead: true },
        { typeId: w.place.typeId, canRead: true },
        { typeId: sysType.report, canRead: true },
        ...hiddenGrants.map((g) => ({ ...g, typeId: w.hidden.typeId })),
      ];
      const role = await createRole(t.admin, `Caller ${who}`, grants);
      await t.addUser(`caller${++n}`, [role]);
      clients.set(who, await t.login(`caller${n}`));
    }
    // Reads Items through a rule that itself reads through the link (decision 0013).
    const viaRule = await createRole(t.admin, 'Items by their link', [
      {
        typeId: w.item.typeId,
        canRead: true,
        accessRuleCalculation: "isnull([hiddenRef].[name], '') <> 'Zanzibar'",
      },
      { typeId: w.place.typeId, canRead: true },
      { typeId: sysType.report, canRead: true },
    ]);
    await t.addUser('viarule', [viaRule]);
    clients.set('Items by a rule through the link', await t.login('viarule'));

    await runAll(before);
    const del = await t.admin.post('/spapi/data/v1/entity/delete', { ids: [w.ids.H1] });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    await runAll(after);
  });
  afterAll(() => w.t?.close());

  const cases = Object.keys(paths);
  /** Quick search reads the record's own text only: no link to see, for anyone. */
  const ownTextOnly = new Set(['report quick search: the linked name', 'report quick search: a short term']);

  const answered = (a: unknown) => expect(JSON.stringify(a)).not.toContain('"status"');

  it.each(cases.filter((c) => !ownTextOnly.has(c)))('an administrator sees the link: %s', (name) => {
    const a = before.get('administrator')!.get(name);
    const b = after.get('administrator')!.get(name);
    answered(a);
    expect(a).not.toEqual(b);
  });

  describe.each([...Object.keys(callers), 'Items by a rule through the link'])('a caller with %s', (who) => {
    it.each(cases)('%s: as if the unreadable record did not exist', (name) => {
      const a = before.get(who)!.get(name);
      const b = after.get(who)!.get(name);
      answered(a);
      expect(a).toEqual(b);
      expect(JSON.stringify(a)).not.toContain('Zanzibar');
    });
  });
});
