import { sysField, sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import {
  createReport,
  createRole,
  fieldColumn,
  putRecords,
  relColumn,
  rowIds,
  runOk,
  runReport,
  setTenantSettings,
  writeRawField,
} from './reportSupport.js';

// Each test makes many HTTP calls, on a machine other suites share.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/**
 * Every condition operator of spec 02 §9 / spec 03 §9 on every type it applies to, through HTTP.
 * Expectations are written out by hand from the data each test inserts: record keys, never values
 * computed by the code under test. Date ranges follow the documented semantics (weeks start on
 * Monday; "last N days" is the N days before today and today; "last N weeks/months/…" are the N
 * whole periods before the current one; rolling "till now"/"from now" are N×24 hours from the clock).
 */
describe.each(engines)('report condition operators on %s', (engine) => {
  let t: TestApp;
  let bob: Client;
  let bobId: number;

  const ids: Record<string, number> = {};
  /** The ids of the given record keys, sorted. */
  const idsOf = (keys: string[]) =>
    keys
      .map((k) => {
        const id = ids[k];
        if (id === undefined) throw new Error(`no record ${k}`);
        return id;
      })
      .sort((a, b) => a - b);
  const sorted = (body: { gdata: Array<{ eid: number }> }) => rowIds(body).sort((a, b) => a - b);

  let textReport: number;
  let numReport: number;
  let dateReport: number;
  let boolReport: number;
  let relReport: number;
  let defaultsReport: number;
  let account: Record<string, number>;
  let colour: Record<string, number>;
  let adminPerson: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    // --- text
    const text = await defineType(t.admin, 'TextRec', [{ name: 'Txt', script: 'txt', type: 'Text' }]);
    const textValues: Record<string, string | null> = {
      t1: 'Hello World',
      t2: 'HELLO WORLD',
      t3: '100% sure',
      t4: '100 sure',
      t5: 'a_b',
      t6: 'axb',
      t7: "O'Brien",
      t8: 'back\\slash',
      t9: 'backslash',
      t10: null,
      t11: null, // blank text written below, as an import may leave it
    };
    Object.assign(
      ids,
      await putRecords(
        t.admin,
        Object.entries(textValues).map(([k, v]) => ({
          id: `new:${k}`,
          typeId: text.typeId,
          fields: { name: k, txt: v },
        })),
      ),
    );
    await writeRawField(t, ids.t11!, text.fieldIds.txt!, '');
    textReport = await createReport(t.admin, {
      rootTypeId: text.typeId,
      columns: [fieldColumn('name', 100), fieldColumn('txt', text.fieldIds.txt!)],
      conditions: [{ id: 'c', columnId: 'txt' }],
    });

    // --- numbers, decimals, currency, time
    const num = await defineType(t.admin, 'NumRec', [
      { name: 'Num', script: 'num', type: 'Number' },
      { name: 'Dec', script: 'dec', type: 'Decimal' },
      { name: 'Cur', script: 'cur', type: 'Currency' },
      { name: 'Tm', script: 'tm', type: 'Time' },
    ]);
    const numValues = {
      n1: { num: 5, dec: 1.5, cur: 10, tm: '08:00:00' },
      n2: { num: 10, dec: 2.25, cur: 20.5, tm: '13:30:00' },
      n3: { num: -3, dec: -0.125, cur: 0, tm: '00:00:00' },
      n4: { num: null, dec: null, cur: null, tm: null },
      n5: { num: 0, dec: 1000.001, cur: 99.99, tm: '23:59:59' },
    };
    Object.assign(
      ids,
      await putRecords(
        t.admin,
        Object.entries(numValues).map(([k, v]) => ({
          id: `new:${k}`,
          typeId: num.typeId,
          fields: { name: k, ...v },
        })),
      ),
    );
    numReport = await createReport(t.admin, {
      rootTypeId: num.typeId,
      columns: [
        fieldColumn('name', 100),
        ...(['num', 'dec', 'cur', 'tm'] as const).map((f) => fieldColumn(f, num.fieldIds[f]!)),
      ],
      conditions: ['num', 'dec', 'cur', 'tm'].map((f) => ({ id: f, columnId: f })),
    });

    // --- dates and date-times: records are added per scenario, in batches
    const date = await defineType(t.admin, 'DateRec', [
      { name: 'D', script: 'd', type: 'Date' },
      { name: 'Dt', script: 'dt', type: 'DateTime' },
      { name: 'Batch', script: 'batch', type: 'Text' },
    ]);
    dateTypeId = date.typeId;
    dateReport = await createReport(t.admin, {
      rootTypeId: date.typeId,
      columns: [
        fieldColumn('name', 100),
        fieldColumn('d', date.fieldIds.d!),
        fieldColumn('dt', date.fieldIds.dt!),
        fieldColumn('batch', date.fieldIds.batch!),
      ],
      conditions: [
        { id: 'batch', columnId: 'batch', oper: 'Equal' },
        { id: 'd', columnId: 'd' },
        { id: 'dt', columnId: 'dt' },
      ],
    });

    // --- booleans
    const bool = await defineType(t.admin, 'BoolRec', [{ name: 'Yes', script: 'yes', type: 'Boolean' }]);
    Object.assign(
      ids,
      await putRecords(t.admin, [
        { id: 'new:b1', typeId: bool.typeId, fields: { name: 'b1', yes: true } },
        { id: 'new:b2', typeId: bool.typeId, fields: { name: 'b2', yes: false } },
        { id: 'new:b3', typeId: bool.typeId, fields: { name: 'b3' } },
      ]),
    );
    boolReport = await createReport(t.admin, {
      rootTypeId: bool.typeId,
      columns: [fieldColumn('name', 100), fieldColumn('yes', bool.fieldIds.yes!)],
      conditions: [{ id: 'c', columnId: 'yes' }],
    });

    // --- relationships
    const acc = await defineType(t.admin, 'Account', []);
    const col = await defineType(t.admin, 'Colour', [], sysType.enumValue);
    const rel = await defineType(t.admin, 'RelRec', []);
    const accountRel = await defineRelationship(
      t.admin,
      'lookup',
      rel.typeId,
      acc.typeId,
      'account',
      'relRecs',
    );
    const colourRel = await defineRelationship(
      t.admin,
      'multiChoiceField',
      rel.typeId,
      col.typeId,
      'colours',
      'colourOf',
    );
    const assigneeRel = await defineRelationship(
      t.admin,
      'lookup',
      rel.typeId,
      sysType.userAccount,
      'assignee',
      'assigned',
    );
    const contactRel = await defineRelationship(
      t.admin,
      'lookup',
      rel.typeId,
      sysType.person,
      'contact',
      'contactOf',
    );
    account = await putRecords(t.admin, [
      { id: 'new:a1', typeId: acc.typeId, fields: { name: 'Acme' } },
      { id: 'new:a2', typeId: acc.typeId, fields: { name: 'Beta' } },
      { id: 'new:a3', typeId: acc.typeId, fields: { name: 'Gamma' } },
    ]);
    colour = await putRecords(t.admin, [
      { id: 'new:red', typeId: col.typeId, fields: { name: 'Red' } },
      { id: 'new:green', typeId: col.typeId, fields: { name: 'Green' } },
      { id: 'new:blue', typeId: col.typeId, fields: { name: 'Blue' } },
    ]);
    const role = await createRole(t.admin, 'Reader', [
      { typeId: rel.typeId, canRead: true },
      { typeId: acc.typeId, canRead: true },
      { typeId: col.typeId, canRead: true },
      { typeId: sysType.report, canRead: true },
      { typeId: sysType.userAccount, canRead: true },
      { typeId: sysType.person, canRead: true },
    ]);
    bobId = await t.addUser('bob', [role]);
    bob = await t.login('bob');
    // The administrator's person record: createTenant links it through the account holder relationship.
    const people = await t.admin.post('/spapi/data/v1/entity/ofType', { typeId: sysType.person });
    expect(people.status, JSON.stringify(people.body)).toBe(200);
    expect(people.body.entities).toHaveLength(1);
    adminPerson = people.body.entities[0].id;
    const link = (
      key: string,
      account_: string | null,
      colours: string[],
      assignee: number | null,
      contact?: number,
    ) => ({
      id: `new:${key}`,
      typeId: rel.typeId,
      fields: { name: key },
      relationships: {
        ...(account_ ? { account: { set: [account[account_]!] } } : {}),
        ...(colours.length ? { colours: { set: colours.map((c) => colour[c]!) } } : {}),
        ...(assignee ? { assignee: { set: [assignee] } } : {}),
        ...(contact ? { contact: { set: [contact] } } : {}),
      },
    });
    Object.assign(
      ids,
      await putRecords(t.admin, [
        link('r1', 'a1', ['red', 'green'], t.adminId, adminPerson),
        link('r2', 'a2', ['green'], bobId),
        link('r3', null, [], null),
        link('r4', 'a1', ['blue'], t.adminId),
        link('r5', 'a3', ['red'], bobId),
      ]),
    );
    relReport = await createReport(t.admin, {
      rootTypeId: rel.typeId,
      columns: [
        fieldColumn('name', 100),
        relColumn('account', accountRel),
        relColumn('colours', colourRel),
        relColumn('assignee', assigneeRel),
        relColumn('contact', contactRel),
      ],
      conditions: ['account', 'colours', 'assignee', 'contact'].map((c) => ({ id: c, columnId: c })),
    });

    // Stored conditions without an operator take the type's default (spec 03 §9).
    defaultsReport = await createReport(t.admin, {
      rootTypeId: num.typeId,
      columns: [
        fieldColumn('name', 100),
        fieldColumn('num', num.fieldIds.num!),
        fieldColumn('tm', num.fieldIds.tm!),
      ],
      conditions: [
        { id: 'num', columnId: 'num' },
        { id: 'tm', columnId: 'tm' },
      ],
    });
  });
  afterAll(() => t.close());

  let dateTypeId: number;

  describe('text', () => {
    it.each([
      ['Equal', 'hello world', ['t1', 't2']],
      ['Equal', "o'BRIEN", ['t7']],
      ['Equal', 'back\\slash', ['t8']],
      ['NotEqual', 'HELLO world', ['t3', 't4', 't5', 't6', 't7', 't8', 't9', 't10', 't11']],
      ['Contains', 'SURE', ['t3', 't4']],
      ['Contains', '%', ['t3']],
      ['Contains', '0%', ['t3']],
      ['Contains', '_', ['t5']],
      ['Contains', "'", ['t7']],
      ['Contains', "o'b", ['t7']],
      ['Contains', '\\', ['t8']],
      ['StartsWith', 'a_', ['t5']],
      ['StartsWith', '%', []],
      ['StartsWith', 'back\\', ['t8']],
      ['StartsWith', 'hello', ['t1', 't2']],
      ['EndsWith', '_b', ['t5']],
      ['EndsWith', 'WORLD', ['t1', 't2']],
      ['EndsWith', '\\slash', ['t8']],
      ['IsNull', undefined, ['t10', 't11']],
      ['IsNotNull', undefined, ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9']],
    ])('%s %j', async (oper, value, expected) => {
      const body = await runOk(t.admin, textReport, { conds: [{ expid: 'c', oper, value }] });
      expect(sorted(body)).toEqual(idsOf(expected));
    });

    it('applies Equal by default to a text condition given only a value (spec 03 §9)', async () => {
      const body = await runOk(t.admin, textReport, { conds: [{ expid: 'c', value: 'hello world' }] });
      expect(sorted(body)).toEqual(idsOf(['t1', 't2']));
      expect(body.meta.anlcols.c.oper).toBe('Equal');
    });
  });

  describe('numbers, decimals, currency and time', () => {
    it.each([
      ['num', 'Equal', 5, undefined, ['n1']],
      ['num', 'Equal', '5', undefined, ['n1']],
      ['num', 'NotEqual', 5, undefined, ['n2', 'n3', 'n4', 'n5']],
      ['num', 'GreaterThan', 0, undefined, ['n1', 'n2']],
      ['num', 'GreaterThanOrEqual', 0, undefined, ['n1', 'n2', 'n5']],
      ['num', 'LessThan', 0, undefined, ['n3']],
      ['num', 'LessThanOrEqual', 5, undefined, ['n1', 'n3', 'n5']],
      ['num', 'GreaterThan', 9, undefined, ['n2']],
      ['num', 'IsNull', undefined, undefined, ['n4']],
      ['num', 'IsNotNull', undefined, undefined, ['n1', 'n2', 'n3', 'n5']],
      ['num', 'Between', 0, [5], ['n1', 'n5']],
      ['num', 'Between', -3, [10], ['n1', 'n2', 'n3', 'n5']],
      ['dec', 'Equal', 2.25, undefined, ['n2']],
      ['dec', 'GreaterThan', 1.5, undefined, ['n2', 'n5']],
      ['dec', 'GreaterThanOrEqual', 1.5, undefined, ['n1', 'n2', 'n5']],
      ['dec', 'LessThan', 0, undefined, ['n3']],
      ['dec', 'LessThanOrEqual', -0.125, undefined, ['n3']],
      ['dec', 'NotEqual', 1000.001, undefined, ['n1', 'n2', 'n3', 'n4']],
      ['dec', 'Between', 1.5, [2.25], ['n1', 'n2']],
      ['dec', 'IsNull', undefined, undefined, ['n4']],
      ['dec', 'IsNotNull', undefined, undefined, ['n1', 'n2', 'n3', 'n5']],
      ['cur', 'Equal', '20.50', undefined, ['n2']],
      ['cur', 'Equal', 0, undefined, ['n3']],
      ['cur', 'NotEqual', 0, undefined, ['n1', 'n2', 'n4', 'n5']],
      ['cur', 'GreaterThanOrEqual', 20.5, undefined, ['n2', 'n5']],
      ['cur', 'GreaterThan', 20.5, undefined, ['n5']],
      ['cur', 'LessThan', 10, undefined, ['n3']],
      ['cur', 'LessThanOrEqual', 10, undefined, ['n1', 'n3']],
      ['cur', 'Between', 10, [99.99], ['n1', 'n2', 'n5']],
      ['cur', 'IsNull', undefined, undefined, ['n4']],
      ['cur', 'IsNotNull', undefined, undefined, ['n1', 'n2', 'n3', 'n5']],
      ['tm', 'Equal', '13:30', undefined, ['n2']],
      ['tm', 'NotEqual', '13:30:00', undefined, ['n1', 'n3', 'n4', 'n5']],
      ['tm', 'GreaterThan', '08:00', undefined, ['n2', 'n5']],
      ['tm', 'GreaterThanOrEqual', '13:30', undefined, ['n2', 'n5']],
      ['tm', 'LessThan', '08:00', undefined, ['n3']],
      ['tm', 'LessThanOrEqual', '08:00:00', undefined, ['n1', 'n3']],
      ['tm', 'Between', '08:00', ['13:30'], ['n1', 'n2']],
      // One bound: the other is filled one hour away (spec 02 §5).
      ['tm', 'Between', '08:00', undefined, ['n1']],
      ['tm', 'Between', null, ['13:30'], ['n2']],
      ['tm', 'Between', '07:30', undefined, ['n1']],
      // …and not past the ends of the day.
      ['tm', 'Between', '23:30', undefined, ['n5']],
      ['tm', 'Between', null, ['00:30'], ['n3']],
      ['tm', 'IsNull', undefined, undefined, ['n4']],
      ['tm', 'IsNotNull', undefined, undefined, ['n1', 'n2', 'n3', 'n5']],
    ])('%s %s %j %j', async (expid, oper, value, values, expected) => {
      const body = await runOk(t.admin, numReport, { conds: [{ expid, oper, value, values }] });
      expect(sorted(body)).toEqual(idsOf(expected));
    });

    it('a number Between with one bound is open on the other side', async () => {
      const low = await runOk(t.admin, numReport, { conds: [{ expid: 'num', oper: 'Between', value: 5 }] });
      expect(sorted(low)).toEqual(idsOf(['n1', 'n2']));
      const high = await runOk(t.admin, numReport, {
        conds: [{ expid: 'num', oper: 'Between', value: null, values: [0] }],
      });
      expect(sorted(high)).toEqual(idsOf(['n3', 'n5']));
    });

    it('applies GreaterThan by default to number and time conditions given only a value (spec 03 §9)', async () => {
      const num = await runOk(t.admin, defaultsReport, { conds: [{ expid: 'num', value: 5 }] });
      expect(sorted(num)).toEqual(idsOf(['n2']));
      expect(num.meta.anlcols.num.oper).toBe('GreaterThan');
      const tm = await runOk(t.admin, defaultsReport, { conds: [{ expid: 'tm', value: '13:30' }] });
      expect(sorted(tm)).toEqual(idsOf(['n5']));
    });

    it('compares and sorts auto numbers as numbers', async () => {
      const seq = await defineType(t.admin, 'SeqRec', [{ name: 'Seq', script: 'seq', type: 'AutoNumber' }]);
      const made = await putRecords(
        t.admin,
        Array.from({ length: 11 }, (_, i) => ({
          id: `new:s${i}`,
          typeId: seq.typeId,
          fields: { name: `s${i}` },
        })),
      );
      // The numbers as the record API reads them, not as the report does.
      const numberOf = new Map<number, number>();
      for (const id of Object.values(made)) numberOf.set(id, (await t.admin.read(id, 'seq')).body.seq);
      const byNumber = [...numberOf].sort((a, b) => a[1] - b[1]);
      const tenth = byNumber[9]![1];
      const id = await createReport(t.admin, {
        rootTypeId: seq.typeId,
        columns: [fieldColumn('name', 100), fieldColumn('seq', seq.fieldIds.seq!)],
        conditions: [{ id: 'seq', columnId: 'seq' }],
        sorts: [{ columnId: 'seq', order: 'Descending' }],
      });
      const all = await runOk(t.admin, id, {});
      expect(rowIds(all)).toEqual(byNumber.map(([rid]) => rid).reverse());
      expect(all.meta.rcols.seq.type).toBe('AutoNumber');
      const gte = await runOk(t.admin, id, {
        conds: [{ expid: 'seq', oper: 'GreaterThanOrEqual', value: tenth }],
      });
      expect(sorted(gte)).toEqual(
        byNumber
          .filter(([, n]) => n >= tenth)
          .map(([rid]) => rid)
          .sort((a, b) => a - b),
      );
      const eq = await runOk(t.admin, id, { conds: [{ expid: 'seq', oper: 'Equal', value: String(tenth) }] });
      expect(rowIds(eq)).toEqual([byNumber[9]![0]]);
    });

    it('a condition without a value does not filter', async () => {
      const body = await runOk(t.admin, numReport, { conds: [{ expid: 'num', oper: 'GreaterThan' }] });
      expect(sorted(body)).toEqual(idsOf(['n1', 'n2', 'n3', 'n4', 'n5']));
    });
  });

  describe('yes/no', () => {
    it.each([
      ['IsTrue', undefined, ['b1']],
      ['IsFalse', undefined, ['b2', 'b3']],
      ['Equal', true, ['b1']],
      ['Equal', false, ['b2', 'b3']],
      ['NotEqual', true, ['b2', 'b3']],
    ])('%s %j', async (oper, value, expected) => {
      const body = await runOk(t.admin, boolReport, { conds: [{ expid: 'c', oper, value }] });
      expect(sorted(body)).toEqual(idsOf(expected));
    });

    it('a yes/no condition given only a value applies it (bool filters always apply, spec 02 §5)', async () => {
      const body = await runOk(t.admin, boolReport, { conds: [{ expid: 'c', value: true }] });
      expect(sorted(body)).toEqual(idsOf(['b1']));
    });
  });

  describe('relationships', () => {
    it.each([
      ['account', 'AnyOf', ['a1'], ['r1', 'r4']],
      ['account', 'AnyOf', ['a1', 'a2'], ['r1', 'r2', 'r4']],
      ['account', 'AnyExcept', ['a1'], ['r2', 'r3', 'r5']],
      ['account', 'AnyExcept', ['a1', 'a3'], ['r2', 'r3']],
      ['account', 'IsNull', [], ['r3']],
      ['account', 'IsNotNull', [], ['r1', 'r2', 'r4', 'r5']],
      ['colours', 'AnyOf', ['red'], ['r1', 'r5']],
      ['colours', 'AnyOf', ['green', 'blue'], ['r1', 'r2', 'r4']],
      ['colours', 'AnyExcept', ['red'], ['r2', 'r3', 'r4']],
      ['colours', 'IsNull', [], ['r3']],
      ['colours', 'IsNotNull', [], ['r1', 'r2', 'r4', 'r5']],
      ['assignee', 'IsNull', [], ['r3']],
    ])('%s %s %j', async (expid, oper, keys, expected) => {
      const valueList = keys.map((k) => account[k] ?? colour[k]!);
      const body = await runOk(t.admin, relReport, {
        conds: [{ expid, oper, ...(valueList.length ? { valueList } : {}) }],
      });
      expect(sorted(body)).toEqual(idsOf(expected));
    });

    it('takes AnyOf ids from values as well as valueList', async () => {
      const body = await runOk(t.admin, relReport, {
        conds: [{ expid: 'account', oper: 'AnyOf', values: [account.a2!] }],
      });
      expect(sorted(body)).toEqual(idsOf(['r2']));
    });

    it('applies AnyOf by default to a relationship condition given only ids (spec 03 §9)', async () => {
      const body = await runOk(t.admin, relReport, {
        conds: [{ expid: 'account', valueList: [account.a3!] }],
      });
      expect(sorted(body)).toEqual(idsOf(['r5']));
      expect(body.meta.anlcols.account.oper).toBe('AnyOf');
    });

    it('CurrentUser is the caller, for user and person relationships', async () => {
      const mine = await runOk(t.admin, relReport, { conds: [{ expid: 'assignee', oper: 'CurrentUser' }] });
      expect(sorted(mine)).toEqual(idsOf(['r1', 'r4']));
      const bobs = await runOk(bob, relReport, { conds: [{ expid: 'assignee', oper: 'CurrentUser' }] });
      expect(sorted(bobs)).toEqual(idsOf(['r2', 'r5']));
      const person = await runOk(t.admin, relReport, { conds: [{ expid: 'contact', oper: 'CurrentUser' }] });
      expect(sorted(person)).toEqual(idsOf(['r1']));
      const bobPerson = await runOk(bob, relReport, { conds: [{ expid: 'contact', oper: 'CurrentUser' }] });
      expect(sorted(bobPerson)).toEqual([]);
    });

    it('answers 400 for an operator that does not apply to relationships', async () => {
      const res = await runReport(t.admin, relReport, {
        conds: [{ expid: 'account', oper: 'Contains', value: 'A' }],
      });
      expect(res.status).toBe(400);
    });
  });

  // -------------------------------------------------------------------------------------------
  // Dates: each scenario inserts its records (named by their value) into a batch, fixes the clock
  // and the tenant settings, and checks every operator.

  type DateCase = [oper: string, value: unknown, values: unknown[] | undefined, expected: string[]];

  let batchSeq = 0;
  /** Inserts one record per value of the field, named by the value; answers the batch name. */
  async function batch(
    field: 'd' | 'dt',
    values: string[],
  ): Promise<{ name: string; idOf: Map<string, number> }> {
    const name = `b${++batchSeq}`;
    const put = await putRecords(
      t.admin,
      values.map((v, i) => ({
        id: `new:${i}`,
        typeId: dateTypeId,
        fields: { name: v, [field]: v, batch: name },
      })),
    );
    return { name, idOf: new Map(values.map((v, i) => [v, put[String(i)]!])) };
  }
  async function check(b: { name: string; idOf: Map<string, number> }, field: 'd' | 'dt', cases: DateCase[]) {
    const failures: string[] = [];
    for (const [oper, value, values, expected] of cases) {
      const res = await runReport(t.admin, dateReport, {
        conds: [
          { expid: 'batch', value: b.name },
          { expid: field, oper, value, values },
        ],
      });
      if (res.status !== 200) {
        failures.push(`${oper} ${JSON.stringify(value)}: status ${res.status} ${JSON.stringify(res.body)}`);
        continue;
      }
      const names = (res.body.gdata as Array<{ eid: number }>)
        .map((r) => [...b.idOf].find(([, id]) => id === r.eid)?.[0] ?? `?${r.eid}`)
        .sort();
      const want = [...expected].sort();
      for (const e of want) if (!b.idOf.has(e)) throw new Error(`expected value ${e} is not in the batch`);
      if (JSON.stringify(names) !== JSON.stringify(want))
        failures.push(
          `${oper} ${JSON.stringify(value)} ${JSON.stringify(values ?? '')}: got ${names.join(' ')}; want ${want.join(' ')}`,
        );
    }
    expect(failures).toEqual([]);
  }

  describe('dates', () => {
    it('at year end (2025-12-31, UTC, financial year from July)', async () => {
      t.clock.time = new Date('2025-12-31T12:00:00.000Z');
      const b = await batch('d', [
        '2024-12-31',
        '2025-01-01',
        '2025-06-30',
        '2025-07-01',
        '2025-09-30',
        '2025-10-01',
        '2025-11-30',
        '2025-12-01',
        '2025-12-21',
        '2025-12-22',
        '2025-12-28',
        '2025-12-29',
        '2025-12-30',
        '2025-12-31',
        '2026-01-01',
        '2026-01-04',
        '2026-01-05',
        '2026-01-31',
        '2026-02-01',
        '2026-03-31',
        '2026-04-01',
        '2026-06-30',
        '2026-07-01',
        '2026-12-31',
        '2027-01-01',
      ]);
      const dec = [
        '2025-12-01',
        '2025-12-21',
        '2025-12-22',
        '2025-12-28',
        '2025-12-29',
        '2025-12-30',
        '2025-12-31',
      ];
      const y2025 = [
        '2025-01-01',
        '2025-06-30',
        '2025-07-01',
        '2025-09-30',
        '2025-10-01',
        '2025-11-30',
        ...dec,
      ];
      const y2026 = [
        '2026-01-01',
        '2026-01-04',
        '2026-01-05',
        '2026-01-31',
        '2026-02-01',
        '2026-03-31',
        '2026-04-01',
        '2026-06-30',
        '2026-07-01',
        '2026-12-31',
      ];
      await check(b, 'd', [
        ['Today', undefined, undefined, ['2025-12-31']],
        // 2025-12-31 is a Wednesday: this week is Monday 29 December to Sunday 4 January.
        [
          'ThisWeek',
          undefined,
          undefined,
          ['2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01', '2026-01-04'],
        ],
        ['ThisMonth', undefined, undefined, dec],
        ['ThisQuarter', undefined, undefined, ['2025-10-01', '2025-11-30', ...dec]],
        ['ThisYear', undefined, undefined, y2025],
        [
          'CurrentFinancialYear',
          undefined,
          undefined,
          ['2025-07-01', '2025-09-30', '2025-10-01', '2025-11-30', ...dec, ...y2026.slice(0, 8)],
        ],
        ['LastNDays', 3, undefined, ['2025-12-28', '2025-12-29', '2025-12-30', '2025-12-31']],
        ['LastNDays', '3', undefined, ['2025-12-28', '2025-12-29', '2025-12-30', '2025-12-31']],
        ['LastNDaysTillNow', 3, undefined, ['2025-12-28', '2025-12-29', '2025-12-30', '2025-12-31']],
        ['LastNWeeks', 1, undefined, ['2025-12-22', '2025-12-28']],
        ['LastNWeeks', 2, undefined, ['2025-12-21', '2025-12-22', '2025-12-28']],
        ['LastNMonths', 1, undefined, ['2025-11-30']],
        ['LastNMonths', 2, undefined, ['2025-10-01', '2025-11-30']],
        ['LastNQuarters', 1, undefined, ['2025-07-01', '2025-09-30']],
        ['LastNQuarters', 2, undefined, ['2025-06-30', '2025-07-01', '2025-09-30']],
        ['LastNYears', 1, undefined, ['2024-12-31']],
        ['LastNFinancialYears', 1, undefined, ['2024-12-31', '2025-01-01', '2025-06-30']],
        ['NextNDays', 1, undefined, ['2025-12-31', '2026-01-01']],
        ['NextNDaysFromNow', 1, undefined, ['2025-12-31', '2026-01-01']],
        ['NextNWeeks', 1, undefined, ['2026-01-05']],
        ['NextNMonths', 1, undefined, ['2026-01-01', '2026-01-04', '2026-01-05', '2026-01-31']],
        [
          'NextNQuarters',
          1,
          undefined,
          ['2026-01-01', '2026-01-04', '2026-01-05', '2026-01-31', '2026-02-01', '2026-03-31'],
        ],
        ['NextNYears', 1, undefined, y2026],
        ['NextNFinancialYears', 1, undefined, ['2026-07-01', '2026-12-31', '2027-01-01']],
        ['Equal', '2025-12-31', undefined, ['2025-12-31']],
        [
          'NotEqual',
          '2025-12-31',
          undefined,
          [...y2025.filter((d) => d !== '2025-12-31'), '2024-12-31', ...y2026, '2027-01-01'],
        ],
        ['GreaterThan', '2026-06-30', undefined, ['2026-07-01', '2026-12-31', '2027-01-01']],
        [
          'GreaterThanOrEqual',
          '2026-06-30',
          undefined,
          ['2026-06-30', '2026-07-01', '2026-12-31', '2027-01-01'],
        ],
        ['LessThan', '2025-01-01', undefined, ['2024-12-31']],
        ['LessThanOrEqual', '2025-01-01', undefined, ['2024-12-31', '2025-01-01']],
        ['Between', '2025-12-30', ['2026-01-01'], ['2025-12-30', '2025-12-31', '2026-01-01']],
        ['IsNull', undefined, undefined, []],
        ['IsNotNull', undefined, undefined, [...y2025, '2024-12-31', ...y2026, '2027-01-01']],
      ]);
    });

    it('on a leap day (2024-02-29, UTC)', async () => {
      t.clock.time = new Date('2024-02-29T10:00:00.000Z');
      const b = await batch('d', [
        '2023-02-28',
        '2023-03-01',
        '2024-01-30',
        '2024-01-31',
        '2024-02-01',
        '2024-02-26',
        '2024-02-28',
        '2024-02-29',
        '2024-03-01',
        '2024-03-03',
        '2024-03-04',
        '2024-03-31',
        '2024-04-01',
        '2025-02-28',
        '2025-03-01',
      ]);
      await check(b, 'd', [
        ['Today', undefined, undefined, ['2024-02-29']],
        // Thursday: the week runs Monday 26 February to Sunday 3 March.
        [
          'ThisWeek',
          undefined,
          undefined,
          ['2024-02-26', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-03'],
        ],
        ['ThisMonth', undefined, undefined, ['2024-02-01', '2024-02-26', '2024-02-28', '2024-02-29']],
        [
          'ThisQuarter',
          undefined,
          undefined,
          [
            '2024-01-30',
            '2024-01-31',
            '2024-02-01',
            '2024-02-26',
            '2024-02-28',
            '2024-02-29',
            '2024-03-01',
            '2024-03-03',
            '2024-03-04',
            '2024-03-31',
          ],
        ],
        ['LastNDays', 29, undefined, ['2024-01-31', '2024-02-01', '2024-02-26', '2024-02-28', '2024-02-29']],
        ['NextNDays', 1, undefined, ['2024-02-29', '2024-03-01']],
        ['LastNMonths', 1, undefined, ['2024-01-30', '2024-01-31']],
        ['NextNMonths', 1, undefined, ['2024-03-01', '2024-03-03', '2024-03-04', '2024-03-31']],
        ['LastNYears', 1, undefined, ['2023-02-28', '2023-03-01']],
        ['NextNYears', 1, undefined, ['2025-02-28', '2025-03-01']],
        ['NextNWeeks', 1, undefined, ['2024-03-04']],
        ['LastNWeeks', 5, undefined, ['2024-01-30', '2024-01-31', '2024-02-01']],
        ['Equal', '2024-02-29', undefined, ['2024-02-29']],
        ['Between', '2024-02-28', ['2024-03-01'], ['2024-02-28', '2024-02-29', '2024-03-01']],
        // One bound: the other is filled one day away (spec 02 §5).
        ['Between', '2024-02-28', undefined, ['2024-02-28', '2024-02-29']],
        ['Between', null, ['2024-03-01'], ['2024-02-29', '2024-03-01']],
        ['Between', '', ['2024-03-01'], ['2024-02-29', '2024-03-01']],
      ]);
    });

    it('at the financial-year boundary, in UTC and in Australia/Sydney, and with a calendar financial year', async () => {
      // 23:30 UTC on 30 June is 09:30 on 1 July in Sydney (AEST, UTC+10).
      t.clock.time = new Date('2025-06-30T23:30:00.000Z');
      const b = await batch('d', [
        '2023-07-01',
        '2024-06-30',
        '2024-07-01',
        '2025-06-30',
        '2025-07-01',
        '2026-06-30',
        '2026-07-01',
        '2027-06-30',
        '2027-07-01',
      ]);
      await check(b, 'd', [
        ['Today', undefined, undefined, ['2025-06-30']],
        ['CurrentFinancialYear', undefined, undefined, ['2024-07-01', '2025-06-30']],
        ['LastNFinancialYears', 1, undefined, ['2023-07-01', '2024-06-30']],
        ['NextNFinancialYears', 1, undefined, ['2025-07-01', '2026-06-30']],
        ['NextNFinancialYears', 2, undefined, ['2025-07-01', '2026-06-30', '2026-07-01', '2027-06-30']],
        ['ThisQuarter', undefined, undefined, ['2025-06-30']],
        ['NextNQuarters', 1, undefined, ['2025-07-01']],
      ]);
      // Date-times either side of the start of the Sydney financial year (00:00 AEST on 1 July).
      const dt = await batch('dt', [
        '2025-06-30T13:59:59.999Z',
        '2025-06-30T14:00:00.000Z',
        '2025-06-30T23:59:59.000Z',
      ]);
      await check(dt, 'dt', [
        [
          'CurrentFinancialYear',
          undefined,
          undefined,
          ['2025-06-30T13:59:59.999Z', '2025-06-30T14:00:00.000Z', '2025-06-30T23:59:59.000Z'],
        ],
        [
          'ThisYear',
          undefined,
          undefined,
          ['2025-06-30T13:59:59.999Z', '2025-06-30T14:00:00.000Z', '2025-06-30T23:59:59.000Z'],
        ],
      ]);
      await setTenantSettings(t, { timeZone: 'Australia/Sydney' });
      try {
        await check(dt, 'dt', [
          [
            'CurrentFinancialYear',
            undefined,
            undefined,
            ['2025-06-30T14:00:00.000Z', '2025-06-30T23:59:59.000Z'],
          ],
          ['LastNFinancialYears', 1, undefined, ['2025-06-30T13:59:59.999Z']],
          ['ThisQuarter', undefined, undefined, ['2025-06-30T14:00:00.000Z', '2025-06-30T23:59:59.000Z']],
          ['LastNQuarters', 1, undefined, ['2025-06-30T13:59:59.999Z']],
          [
            'ThisYear',
            undefined,
            undefined,
            ['2025-06-30T13:59:59.999Z', '2025-06-30T14:00:00.000Z', '2025-06-30T23:59:59.000Z'],
          ],
          ['Today', undefined, undefined, ['2025-06-30T14:00:00.000Z', '2025-06-30T23:59:59.000Z']],
        ]);
        await check(b, 'd', [
          ['Today', undefined, undefined, ['2025-07-01']],
          ['CurrentFinancialYear', undefined, undefined, ['2025-07-01', '2026-06-30']],
          ['LastNFinancialYears', 1, undefined, ['2024-07-01', '2025-06-30']],
          ['NextNFinancialYears', 1, undefined, ['2026-07-01', '2027-06-30']],
          ['ThisQuarter', undefined, undefined, ['2025-07-01']],
          ['LastNQuarters', 1, undefined, ['2025-06-30']],
          ['LastNDays', 1, undefined, ['2025-06-30', '2025-07-01']],
        ]);
        await setTenantSettings(t, { timeZone: 'UTC', financialYearStartMonth: 1 });
        await check(b, 'd', [
          ['CurrentFinancialYear', undefined, undefined, ['2025-06-30', '2025-07-01']],
          ['LastNFinancialYears', 1, undefined, ['2024-06-30', '2024-07-01']],
          ['NextNFinancialYears', 1, undefined, ['2026-06-30', '2026-07-01']],
        ]);
      } finally {
        await setTenantSettings(t, { timeZone: 'UTC', financialYearStartMonth: 7 });
      }
    });

    it('date-times at year end in UTC: local-day bounds to the millisecond', async () => {
      t.clock.time = new Date('2025-12-31T12:00:00.000Z');
      const b = await batch('dt', [
        '2025-11-30T23:59:59.999Z',
        '2025-12-01T00:00:00.000Z',
        '2025-12-31T00:00:00.000Z',
        '2025-12-31T23:59:59.999Z',
        '2026-01-01T00:00:00.000Z',
      ]);
      await check(b, 'dt', [
        ['Today', undefined, undefined, ['2025-12-31T00:00:00.000Z', '2025-12-31T23:59:59.999Z']],
        [
          'ThisMonth',
          undefined,
          undefined,
          ['2025-12-01T00:00:00.000Z', '2025-12-31T00:00:00.000Z', '2025-12-31T23:59:59.999Z'],
        ],
        ['LastNMonths', 1, undefined, ['2025-11-30T23:59:59.999Z']],
        ['NextNMonths', 1, undefined, ['2026-01-01T00:00:00.000Z']],
        ['NextNYears', 1, undefined, ['2026-01-01T00:00:00.000Z']],
        // Rolling windows: [now − 24 h, now) and [now, now + 24 h).
        ['LastNDaysTillNow', 1, undefined, ['2025-12-31T00:00:00.000Z']],
        ['NextNDaysFromNow', 1, undefined, ['2025-12-31T23:59:59.999Z', '2026-01-01T00:00:00.000Z']],
        ['DateEquals', '2025-12-31', undefined, ['2025-12-31T00:00:00.000Z', '2025-12-31T23:59:59.999Z']],
        ['Equal', '2025-12-31T23:59:59.999Z', undefined, ['2025-12-31T23:59:59.999Z']],
        [
          'GreaterThan',
          '2025-12-31T00:00:00Z',
          undefined,
          ['2025-12-31T23:59:59.999Z', '2026-01-01T00:00:00.000Z'],
        ],
        [
          'LessThanOrEqual',
          '2025-12-31T00:00:00.000Z',
          undefined,
          ['2025-11-30T23:59:59.999Z', '2025-12-01T00:00:00.000Z', '2025-12-31T00:00:00.000Z'],
        ],
        // An instant with an offset is the same instant.
        ['Equal', '2026-01-01T10:00:00+10:00', undefined, ['2026-01-01T00:00:00.000Z']],
        [
          'Between',
          '2025-12-01',
          ['2025-12-31'],
          ['2025-12-01T00:00:00.000Z', '2025-12-31T00:00:00.000Z', '2025-12-31T23:59:59.999Z'],
        ],
      ]);
    });

    it('date-times across the DST change in Australia/Sydney (clocks forward on 2025-10-05)', async () => {
      // Sydney: 10-05 starts at 2025-10-04T14:00Z (AEST +10); at 02:00 local clocks go to 03:00 (AEDT +11),
      // so 10-06 starts at 2025-10-05T13:00Z. The clock reads 16:00 on 10-05 in Sydney.
      t.clock.time = new Date('2025-10-05T05:00:00.000Z');
      const A = '2025-10-04T04:59:59.000Z'; // 10-04 14:59:59 local
      const B = '2025-10-04T05:00:00.000Z'; // 10-04 15:00 local, exactly 24 h before now
      const C = '2025-10-04T13:59:59.000Z'; // 10-04 23:59:59 local
      const D = '2025-10-04T14:00:00.000Z'; // 10-05 00:00 local
      const E = '2025-10-05T05:00:00.000Z'; // now
      const F = '2025-10-05T12:59:59.000Z'; // 10-05 23:59:59 local (AEDT)
      const G = '2025-10-05T13:00:00.000Z'; // 10-06 00:00 local
      const H = '2025-10-06T04:59:59.000Z'; // 10-06 15:59:59 local, just under 24 h after now
      const I = '2025-10-06T05:00:00.000Z'; // exactly 24 h after now
      const b = await batch('dt', [A, B, C, D, E, F, G, H, I]);
      // In UTC, today is the UTC day 10-05.
      await check(b, 'dt', [
        ['Today', undefined, undefined, [E, F, G]],
        ['DateEquals', '2025-10-04', undefined, [A, B, C, D]],
      ]);
      await setTenantSettings(t, { timeZone: 'Australia/Sydney' });
      try {
        await check(b, 'dt', [
          ['Today', undefined, undefined, [D, E, F]],
          ['DateEquals', '2025-10-05', undefined, [D, E, F]],
          ['DateEquals', '2025-10-04', undefined, [A, B, C]],
          ['Equal', '2025-10-06', undefined, [G, H, I]],
          ['LastNDaysTillNow', 1, undefined, [B, C, D]],
          ['NextNDaysFromNow', 1, undefined, [E, F, G, H]],
          ['LastNDays', 1, undefined, [A, B, C, D, E, F]],
          ['NextNDays', 1, undefined, [D, E, F, G, H, I]],
          // 10-05 is a Sunday: this week ends with it.
          ['ThisWeek', undefined, undefined, [A, B, C, D, E, F]],
          ['NextNWeeks', 1, undefined, [G, H, I]],
          ['ThisMonth', undefined, undefined, [A, B, C, D, E, F, G, H, I]],
          ['Between', '2025-10-05', ['2025-10-05'], [D, E, F]],
          ['Between', '2025-10-05', undefined, [D, E, F, G, H, I]],
          ['Between', null, ['2025-10-05'], [A, B, C, D, E, F]],
          ['GreaterThanOrEqual', E, undefined, [E, F, G, H, I]],
          ['LessThan', D, undefined, [A, B, C]],
        ]);
      } finally {
        await setTenantSettings(t, { timeZone: 'UTC' });
      }
    });

    it('Date fields on the DST day in Sydney', async () => {
      t.clock.time = new Date('2025-10-04T14:30:00.000Z'); // 00:30 on 10-05 in Sydney
      const b = await batch('d', ['2025-10-04', '2025-10-05', '2025-10-06']);
      await check(b, 'd', [['Today', undefined, undefined, ['2025-10-04']]]);
      await setTenantSettings(t, { timeZone: 'Australia/Sydney' });
      try {
        await check(b, 'd', [
          ['Today', undefined, undefined, ['2025-10-05']],
          ['LastNDaysTillNow', 1, undefined, ['2025-10-04', '2025-10-05']],
          ['NextNDaysFromNow', 1, undefined, ['2025-10-05', '2025-10-06']],
        ]);
      } finally {
        await setTenantSettings(t, { timeZone: 'UTC' });
      }
    });

    it('at the ends of the calendar (years 1 and 9999)', async () => {
      t.clock.time = new Date('2025-06-01T00:00:00.000Z');
      const d = await batch('d', ['0001-01-01', '0001-01-02', '9999-12-30', '9999-12-31']);
      await check(d, 'd', [
        ['Between', '9999-12-31', undefined, ['9999-12-31']],
        ['Between', null, ['0001-01-01'], ['0001-01-01']],
        ['Between', '9999-12-30', undefined, ['9999-12-30', '9999-12-31']],
        ['DateEquals', '0001-01-01', undefined, ['0001-01-01']],
        ['LessThan', '0001-01-02', undefined, ['0001-01-01']],
        ['GreaterThan', '9999-12-30', undefined, ['9999-12-31']],
      ]);
      const dt = await batch('dt', [
        '0001-01-01T00:00:00.000Z',
        '9999-12-31T12:00:00.000Z',
        '9999-12-31T23:59:59.999Z',
      ]);
      await check(dt, 'dt', [
        ['DateEquals', '9999-12-31', undefined, ['9999-12-31T12:00:00.000Z', '9999-12-31T23:59:59.999Z']],
        ['Between', '9999-12-31', undefined, ['9999-12-31T12:00:00.000Z', '9999-12-31T23:59:59.999Z']],
        ['DateEquals', '0001-01-01', undefined, ['0001-01-01T00:00:00.000Z']],
        [
          'Between',
          '9999-12-31T12:00:00Z',
          undefined,
          ['9999-12-31T12:00:00.000Z', '9999-12-31T23:59:59.999Z'],
        ],
      ]);
      // East of UTC, the last local day starts on 9999-12-30 in UTC.
      await setTenantSettings(t, { timeZone: 'Pacific/Kiritimati' });
      try {
        await check(dt, 'dt', [
          ['DateEquals', '9999-12-31', undefined, ['9999-12-31T12:00:00.000Z', '9999-12-31T23:59:59.999Z']],
        ]);
      } finally {
        await setTenantSettings(t, { timeZone: 'UTC' });
      }
    });

    it('treats a stored time zone the runtime does not know as UTC rather than failing', async () => {
      t.clock.time = new Date('2025-10-05T05:00:00.000Z');
      const b = await batch('dt', [
        '2025-10-04T23:59:59.000Z',
        '2025-10-05T00:00:00.000Z',
        '2025-10-05T23:59:59.000Z',
      ]);
      const settings = await t.admin.read('core:currentTenantSettings', 'timeZone');
      await writeRawField(t, settings.body.id, sysField.timeZone, 'Mars/Olympus_Mons');
      try {
        await check(b, 'dt', [
          ['Today', undefined, undefined, ['2025-10-05T00:00:00.000Z', '2025-10-05T23:59:59.000Z']],
          ['DateEquals', '2025-10-04', undefined, ['2025-10-04T23:59:59.000Z']],
        ]);
      } finally {
        await setTenantSettings(t, { timeZone: 'UTC' });
      }
    });

    it('applies GreaterThan by default to a date condition given only a value', async () => {
      const b = await batch('d', ['2020-01-01', '2020-01-02']);
      const res = await runOk(t.admin, dateReport, {
        conds: [
          { expid: 'batch', value: b.name },
          { expid: 'd', value: '2020-01-01' },
        ],
      });
      expect(rowIds(res)).toEqual([b.idOf.get('2020-01-02')]);
    });
  });
});
