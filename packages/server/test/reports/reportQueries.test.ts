import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';
import {
  createReport,
  expectError,
  fieldColumn,
  putRecords,
  relColumn,
  rowIds,
  runOk,
  runReport,
} from './reportSupport.js';

// Each test makes many HTTP calls, on a machine other suites share.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const NAME = 100;
const DESCRIPTION = 101;

describe.each(engines)('report queries on %s', (engine) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const of = (keys: string[]) => keys.map((k) => ids[k]!);
  const set = (keys: string[]) => of(keys).sort((a, b) => a - b);
  const sortedIds = (body: { gdata: Array<{ eid: number }> }) => rowIds(body).sort((a, b) => a - b);

  let sortRec: { typeId: number; fieldIds: Record<string, number> };
  let sortReport: number;
  let qrec: { typeId: number; fieldIds: Record<string, number> };
  let searchReport: number;
  let account: { typeId: number; fieldIds: Record<string, number> };
  let keyAccount: { typeId: number; fieldIds: Record<string, number> };
  let contact: { typeId: number; fieldIds: Record<string, number> };
  let country: number;
  let accountRel: number;
  let countryRel: number;
  let contactReport: number;
  let accountReport: number;
  let bulkReport: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    // --- sorting
    sortRec = await defineType(t.admin, 'SortRec', [
      { name: 'Age', script: 'age', type: 'Number' },
      { name: 'City', script: 'city', type: 'Text' },
      { name: 'Born', script: 'born', type: 'Date' },
    ]);
    Object.assign(
      ids,
      await putRecords(
        t.admin,
        [
          ['s1', 'alice', 30, 'Sydney', '1990-05-01'],
          ['s2', 'Bob', null, 'perth', null],
          ['s3', 'charlie', 25, 'Perth', '1985-01-01'],
          ['s4', 'DAVE', 30, null, '2001-12-31'],
          ['s5', 'eve', 41, 'adelaide', '1970-07-07'],
        ].map(([k, name, age, city, born]) => ({
          id: `new:${k}`,
          typeId: sortRec.typeId,
          fields: { name, age, city, born },
        })),
      ),
    );
    sortReport = await createReport(t.admin, {
      rootTypeId: sortRec.typeId,
      columns: [
        fieldColumn('name', NAME),
        fieldColumn('age', sortRec.fieldIds.age!),
        fieldColumn('city', sortRec.fieldIds.city!),
        fieldColumn('born', sortRec.fieldIds.born!),
      ],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
    });

    // --- quick search
    qrec = await defineType(t.admin, 'QRec', [{ name: 'Note', script: 'note', type: 'Text' }]);
    Object.assign(
      ids,
      await putRecords(
        t.admin,
        [
          ['q1', 'Percent 50% off', null],
          ['q2', 'Percent 50 off', null],
          ['q3', 'under_score', null],
          ['q4', 'underXscore', null],
          ['q5', "O'Neil", null],
          ['q6', 'say "hi" now', null],
          ['q7', 'Nobody', 'findme-zab'],
          ['q8', 'Ab', null],
          ['q9', 'back\\slash', null],
          ['q10', 'Éric Ødegård', null],
        ].map(([k, name, note]) => ({ id: `new:${k}`, typeId: qrec.typeId, fields: { name, note } })),
      ),
    );
    searchReport = await createReport(t.admin, {
      rootTypeId: qrec.typeId,
      columns: [fieldColumn('name', NAME)],
    });

    // --- relationships, derived types and paths
    account = await defineType(t.admin, 'Account', [
      { name: 'City', script: 'city', type: 'Text' },
      { name: 'Revenue', script: 'revenue', type: 'Currency' },
    ]);
    keyAccount = await defineType(
      t.admin,
      'KeyAccount',
      [{ name: 'Tier', script: 'tier', type: 'Text' }],
      account.typeId,
    );
    contact = await defineType(t.admin, 'Contact', [
      { name: 'Email', script: 'email', type: 'Text' },
      { name: 'Age', script: 'age', type: 'Number' },
      { name: 'Bio', script: 'bio', type: 'MultilineText' },
    ]);
    country = (await defineType(t.admin, 'Country', [])).typeId;
    accountRel = await defineRelationship(
      t.admin,
      'lookup',
      contact.typeId,
      account.typeId,
      'account',
      'contacts',
    );
    countryRel = await defineRelationship(t.admin, 'lookup', account.typeId, country, 'country', 'accounts');
    Object.assign(
      ids,
      await putRecords(t.admin, [
        { id: 'new:au', typeId: country, fields: { name: 'Australia' } },
        { id: 'new:nz', typeId: country, fields: { name: 'New Zealand' } },
      ]),
    );
    Object.assign(
      ids,
      await putRecords(t.admin, [
        {
          id: 'new:A1',
          typeId: account.typeId,
          fields: { name: 'Acme', city: 'Sydney', revenue: 100 },
          relationships: { country: { set: [ids.au!] } },
        },
        {
          id: 'new:A2',
          typeId: account.typeId,
          fields: { name: 'Beta', city: 'Auckland', revenue: 50 },
          relationships: { country: { set: [ids.nz!] } },
        },
        { id: 'new:K1', typeId: keyAccount.typeId, fields: { name: 'Kappa', tier: 'Gold', revenue: 500 } },
      ]),
    );
    Object.assign(
      ids,
      await putRecords(t.admin, [
        {
          id: 'new:c1',
          typeId: contact.typeId,
          fields: { name: 'Cat', email: 'cat@x.test', age: 30 },
          relationships: { account: { set: [ids.A1!] } },
        },
        {
          id: 'new:c2',
          typeId: contact.typeId,
          fields: { name: 'Dan', email: 'dan@x.test', age: 40 },
          relationships: { account: { set: [ids.A1!] } },
        },
        {
          id: 'new:c3',
          typeId: contact.typeId,
          fields: { name: 'Eli', email: 'eli@x.test', age: 20 },
          relationships: { account: { set: [ids.A2!] } },
        },
        {
          id: 'new:c4',
          typeId: contact.typeId,
          fields: { name: 'Fay', age: 50 },
          relationships: { account: { set: [ids.K1!] } },
        },
        { id: 'new:c5', typeId: contact.typeId, fields: { name: 'Gus' } },
      ]),
    );
    contactReport = await createReport(
      t.admin,
      {
        rootTypeId: contact.typeId,
        columns: [
          fieldColumn('name', NAME),
          fieldColumn('email', contact.fieldIds.email!),
          relColumn('account', accountRel),
          fieldColumn('accCity', account.fieldIds.city!, [{ relId: accountRel, direction: 'fwd' }]),
          relColumn('accCountry', countryRel, 'fwd', [{ relId: accountRel, direction: 'fwd' }]),
          { ...fieldColumn('age', contact.fieldIds.age!), hidden: true, width: 120 },
        ],
        conditions: [
          { id: 'accCity', columnId: 'accCity' },
          { id: 'accCountry', columnId: 'accCountry' },
          { id: 'hiddenAge', columnId: 'age', oper: 'IsNotNull', isHidden: true },
        ],
        sorts: [{ columnId: 'name', order: 'Ascending' }],
        groups: [],
      },
      'Contacts',
    );
    accountReport = await createReport(t.admin, {
      rootTypeId: account.typeId,
      columns: [fieldColumn('name', NAME), fieldColumn('revenue', account.fieldIds.revenue!)],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
    });

    // --- more rows than a page may hold
    const bulk = await defineType(t.admin, 'Bulk', []);
    const rows = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        id: `new:${from + i}`,
        typeId: bulk.typeId,
        fields: { name: `b${String(from + i).padStart(5, '0')}` },
      }));
    await putRecords(t.admin, rows(0, 1000));
    await putRecords(t.admin, rows(1000, 1));
    bulkReport = await createReport(t.admin, {
      rootTypeId: bulk.typeId,
      columns: [fieldColumn('name', NAME)],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
    });
  }, 60_000);
  afterAll(() => t.close());

  describe('sorting', () => {
    it('sorts text case-insensitively, by the stored sort unless the query gives one', async () => {
      expect(rowIds(await runOk(t.admin, sortReport))).toEqual(of(['s1', 's2', 's3', 's4', 's5']));
      const desc = await runOk(t.admin, sortReport, { sort: [{ colid: 'name', order: 'Descending' }] });
      expect(rowIds(desc)).toEqual(of(['s5', 's4', 's3', 's2', 's1']));
      expect(desc.meta.sort).toEqual([{ colid: 'name', order: 'Descending' }]);
      const reset = await runOk(t.admin, sortReport, {
        sort: [{ colid: 'name', order: 'Descending' }],
        isReset: true,
      });
      expect(rowIds(reset)).toEqual(of(['s1', 's2', 's3', 's4', 's5']));
      expect(reset.meta.sort).toEqual([{ colid: 'name', order: 'Ascending' }]);
    });

    it('puts blanks lowest: first ascending, last descending', async () => {
      const asc = await runOk(t.admin, sortReport, {
        sort: [
          { colid: 'age', order: 'Ascending' },
          { colid: 'name', order: 'Ascending' },
        ],
      });
      expect(rowIds(asc)).toEqual(of(['s2', 's3', 's1', 's4', 's5']));
      const desc = await runOk(t.admin, sortReport, {
        sort: [
          { colid: 'age', order: 'Descending' },
          { colid: 'name', order: 'Ascending' },
        ],
      });
      expect(rowIds(desc)).toEqual(of(['s5', 's1', 's4', 's3', 's2']));
      const dates = await runOk(t.admin, sortReport, { sort: [{ colid: 'born', order: 'Descending' }] });
      expect(rowIds(dates)).toEqual(of(['s4', 's1', 's3', 's5', 's2']));
      const datesUp = await runOk(t.admin, sortReport, { sort: [{ colid: 'born', order: 'Ascending' }] });
      expect(rowIds(datesUp)).toEqual(of(['s2', 's5', 's3', 's1', 's4']));
    });

    it('sorts by two columns, the second breaking ties of the first', async () => {
      const body = await runOk(t.admin, sortReport, {
        sort: [
          { colid: 'city', order: 'Ascending' },
          { colid: 'name', order: 'Descending' },
        ],
      });
      // city: (blank) s4, adelaide s5, perth/Perth s2 s3 (charlie before Bob, descending), Sydney s1.
      expect(rowIds(body)).toEqual(of(['s4', 's5', 's3', 's2', 's1']));
      const other = await runOk(t.admin, sortReport, {
        sort: [
          { colid: 'city', order: 'Descending' },
          { colid: 'name', order: 'Ascending' },
        ],
      });
      expect(rowIds(other)).toEqual(of(['s1', 's2', 's3', 's5', 's4']));
    });

    it('sorts by a column through a relationship path and by a relationship column', async () => {
      const byCity = await runOk(t.admin, contactReport, {
        sort: [
          { colid: 'accCity', order: 'Ascending' },
          { colid: 'name', order: 'Ascending' },
        ],
        conds: [],
      });
      // The hidden condition keeps contacts with an age: c5 (Gus) is left out.
      // Account cities: K1 none → c4 first; A2 Auckland → c3; A1 Sydney → c1, c2.
      expect(rowIds(byCity)).toEqual(of(['c4', 'c3', 'c1', 'c2']));
      const byAccount = await runOk(t.admin, contactReport, {
        sort: [
          { colid: 'account', order: 'Descending' },
          { colid: 'name', order: 'Descending' },
        ],
      });
      // Kappa, Beta, Acme (Dan, Cat).
      expect(rowIds(byAccount)).toEqual(of(['c4', 'c3', 'c2', 'c1']));
    });
  });

  describe('paging', () => {
    it('answers the page asked for and echoes the page size', async () => {
      const pages = [];
      for (const startIndex of [0, 2, 4, 6]) {
        const body = await runOk(t.admin, sortReport, { startIndex, pageSize: 2, metadata: 'none' });
        expect(body.pageSize).toBe(2);
        pages.push(rowIds(body));
      }
      expect(pages).toEqual([of(['s1', 's2']), of(['s3', 's4']), of(['s5']), []]);
    });

    it('clamps a page size over the maximum to 1000 and echoes it', async () => {
      const body = await runOk(t.admin, bulkReport, { pageSize: 5000, metadata: 'none' });
      expect(body.pageSize).toBe(1000);
      expect(body.gdata).toHaveLength(1000);
      expect(body.gdata[999].values[0]).toEqual({ val: 'b00999' });
      const rest = await runOk(t.admin, bulkReport, { pageSize: 5000, startIndex: 1000, metadata: 'none' });
      expect(rest.gdata.map((r: { values: Array<{ val: string }> }) => r.values[0]!.val)).toEqual(['b01000']);
      const def = await runOk(t.admin, bulkReport, { metadata: 'none' });
      expect(def.pageSize).toBe(200);
      expect(def.gdata).toHaveLength(200);
    });
  });

  describe('quick search', () => {
    const search = async (quickSearch: string) =>
      sortedIds(await runOk(t.admin, searchReport, { quickSearch, metadata: 'none' }));

    it.each([
      ['50%', ['q1']],
      ['t 50', ['q1', 'q2']],
      ['r_s', ['q3']],
      ["O'N", ['q5']],
      ["o'neil", ['q5']],
      ['"hi"', ['q6']],
      ['y "h', ['q6']],
      ['k\\s', ['q9']],
      ['FINDME', ['q7']],
      ['e-zab', ['q7']],
      ['  50%  ', ['q1']],
      ['zzzz', []],
      ['ÉRIC ød', ['q10']],
    ])('%j (three or more characters: names and text fields)', async (term, expected) => {
      expect(await search(term)).toEqual(set(expected));
    });

    it.each([
      ['%', ['q1']],
      ['_', ['q3']],
      ["'", ['q5']],
      ['ab', ['q8']],
      ['AB', ['q8']],
      ['"', ['q6']],
      ['\\', ['q9']],
      ['ér', ['q10']],
      ['ÉR', ['q10']],
      ['øD', ['q10']],
    ])('%j (one or two characters: names only)', async (term, expected) => {
      expect(await search(term)).toEqual(set(expected));
    });

    it('finds a record by its new text after it changes, and no longer by the old', async () => {
      const put = await t.admin.put([{ id: ids.q4!, fields: { name: 'renamed record', note: 'quartz' } }]);
      expect(put.status).toBe(200);
      expect(await search('renamed')).toEqual(set(['q4']));
      expect(await search('quartz')).toEqual(set(['q4']));
      expect(await search('rXs')).toEqual([]);
    });

    it('combines with conditions and sorts', async () => {
      const body = await runOk(t.admin, contactReport, {
        quickSearch: 'x.test',
        sort: [{ colid: 'name', order: 'Descending' }],
      });
      expect(rowIds(body)).toEqual(of(['c3', 'c2', 'c1']));
    });
  });

  describe('relationship components and id lists', () => {
    it('answers the records related to a record, in both directions', async () => {
      const contacts = await runOk(t.admin, contactReport, {
        relationDetail: { eid: ids.A1, relid: accountRel, direction: 'rev' },
      });
      expect(rowIds(contacts)).toEqual(of(['c1', 'c2']));
      const accounts = await runOk(t.admin, accountReport, {
        relationDetail: { eid: ids.c3, relid: accountRel, direction: 'fwd' },
      });
      expect(rowIds(accounts)).toEqual(of(['A2']));
    });

    it('adds inclids and removes exclids (unsaved changes of a relationship component)', async () => {
      const body = await runOk(t.admin, contactReport, {
        relationDetail: { eid: ids.A1, relid: accountRel, direction: 'rev' },
        inclids: [ids.c3],
        exclids: [ids.c1],
      });
      expect(rowIds(body)).toEqual(of(['c2', 'c3']));
    });

    it('filtereids restricts the rows to those ids; exclids alone removes ids', async () => {
      const only = await runOk(t.admin, contactReport, { filtereids: [ids.c1, ids.c4, ids.A1] });
      expect(rowIds(only)).toEqual(of(['c1', 'c4']));
      const without = await runOk(t.admin, contactReport, { exclids: [ids.c1, ids.c2] });
      expect(rowIds(without)).toEqual(of(['c3', 'c4']));
    });
  });

  describe('derived types', () => {
    it('includes records of derived types by default, and narrows to one with entityTypeId', async () => {
      expect(rowIds(await runOk(t.admin, accountReport))).toEqual(of(['A1', 'A2', 'K1']));
      expect(rowIds(await runOk(t.admin, accountReport, { entityTypeId: keyAccount.typeId }))).toEqual(
        of(['K1']),
      );
      expect(rowIds(await runOk(t.admin, accountReport, { entityTypeId: 'test:KeyAccount' }))).toEqual(
        of(['K1']),
      );
      expect(rowIds(await runOk(t.admin, accountReport, { entityTypeId: account.typeId }))).toEqual(
        of(['A1', 'A2', 'K1']),
      );
      expectError(await runReport(t.admin, accountReport, { entityTypeId: contact.typeId }), 400);
    });
  });

  describe('columns through relationship paths', () => {
    it('reads fields and relationships of related records, one row per record', async () => {
      const body = await runOk(t.admin, contactReport, {});
      const byId = new Map(body.gdata.map((r: { eid: number; values: unknown[] }) => [r.eid, r.values]));
      expect(byId.get(ids.c1)).toEqual([
        { val: 'Cat' },
        { val: 'cat@x.test' },
        { vals: [{ eid: ids.A1, val: 'Acme' }] },
        { val: 'Sydney' },
        { vals: [{ eid: ids.au, val: 'Australia' }] },
        { val: 30 },
      ]);
      expect(byId.get(ids.c4)).toEqual([
        { val: 'Fay' },
        { val: null },
        { vals: [{ eid: ids.K1, val: 'Kappa' }] },
        { val: null },
        { vals: [] },
        { val: 50 },
      ]);
    });

    it('filters on a column through a path, and on a relationship at the end of a path', async () => {
      const sydney = await runOk(t.admin, contactReport, {
        conds: [{ expid: 'accCity', oper: 'Equal', value: 'sydney' }],
      });
      expect(rowIds(sydney)).toEqual(of(['c1', 'c2']));
      const nz = await runOk(t.admin, contactReport, {
        conds: [{ expid: 'accCountry', oper: 'AnyOf', valueList: [ids.nz] }],
      });
      expect(rowIds(nz)).toEqual(of(['c3']));
      const noCountry = await runOk(t.admin, contactReport, {
        conds: [{ expid: 'accCountry', oper: 'IsNull' }],
      });
      expect(rowIds(noCountry)).toEqual(of(['c4']));
    });

    it('groups by a relationship and aggregates a field through a path', async () => {
      const id = await createReport(t.admin, {
        rootTypeId: contact.typeId,
        columns: [
          fieldColumn('name', NAME),
          relColumn('account', accountRel),
          fieldColumn('revenue', account.fieldIds.revenue!, [{ relId: accountRel, direction: 'fwd' }]),
          relColumn('country', countryRel, 'fwd', [{ relId: accountRel, direction: 'fwd' }]),
        ],
        groups: [{ columnId: 'account', order: 'Ascending' }],
        sorts: [{ columnId: 'name', order: 'Ascending' }],
        aggregates: [
          { columnId: 'revenue', kinds: ['Sum', 'Count', 'CountUnique', 'Max'] },
          { columnId: 'country', kinds: ['Count', 'CountUniqueNoBlanks'] },
        ],
        showGrandTotals: true,
      });
      const body = await runOk(t.admin, id, {});
      // Contacts' accounts: Cat and Dan → Acme (100, Australia), Eli → Beta (50, New Zealand),
      // Fay → Kappa (500, no country), Gus → none.
      expect(rowIds(body)).toEqual(of(['c5', 'c1', 'c2', 'c3', 'c4']));
      expect(body.rdata.map((g: { hdrs: unknown; count: number }) => [g.hdrs, g.count])).toEqual([
        [[{ vals: [] }], 1],
        [[{ vals: [{ eid: ids.A1, val: 'Acme' }] }], 2],
        [[{ vals: [{ eid: ids.A2, val: 'Beta' }] }], 1],
        [[{ vals: [{ eid: ids.K1, val: 'Kappa' }] }], 1],
      ]);
      expect(body.rdata[1].aggs).toEqual({
        revenue: [
          { kind: 'Sum', value: 200 },
          { kind: 'Count', value: 2 },
          { kind: 'CountUnique', value: 1 },
          { kind: 'Max', value: 100 },
        ],
        country: [
          { kind: 'Count', value: 2 },
          { kind: 'CountUniqueNoBlanks', value: 1 },
        ],
      });
      expect(body.total).toEqual({
        count: 5,
        aggs: {
          revenue: [
            { kind: 'Sum', value: 750 },
            { kind: 'Count', value: 4 },
            // 100, 50, 500 and a blank.
            { kind: 'CountUnique', value: 4 },
            { kind: 'Max', value: 500 },
          ],
          country: [
            { kind: 'Count', value: 3 },
            { kind: 'CountUniqueNoBlanks', value: 2 },
          ],
        },
      });
    });

    it('isReset drops the query conditions, sorts and limit', async () => {
      const body = await runOk(t.admin, contactReport, {
        conds: [{ expid: 'accCity', oper: 'Equal', value: 'Sydney' }],
        sort: [{ colid: 'name', order: 'Descending' }],
        limitOperator: 'ResultLimit',
        limitValue: 1,
        isReset: true,
      });
      expect(rowIds(body)).toEqual(of(['c1', 'c2', 'c3', 'c4']));
    });

    it('keeps hidden conditions even when the query tries to change them', async () => {
      const body = await runOk(t.admin, contactReport, { conds: [{ expid: 'hiddenAge', oper: 'IsNull' }] });
      expect(rowIds(body)).toEqual(of(['c1', 'c2', 'c3', 'c4']));
    });
  });

  describe('metadata levels', () => {
    it('full: columns, sort, filters and group settings', async () => {
      const body = await runOk(t.admin, contactReport, { metadata: 'full' });
      expect(body.meta).toMatchObject({
        title: 'Contacts',
        rootTypeId: contact.typeId,
        sort: [{ colid: 'name', order: 'Ascending' }],
        rcols: {
          name: { title: 'Name', type: 'String', ord: 0, hide: false, fid: NAME, entityname: true },
          email: { title: 'Email', type: 'String', ord: 1, hide: false, fid: contact.fieldIds.email },
          account: { type: 'InlineRelationship', ord: 2, rid: accountRel, rev: false, tid: account.typeId },
          accCity: { type: 'String', ord: 3, fid: account.fieldIds.city },
          accCountry: { type: 'InlineRelationship', ord: 4, rid: countryRel, tid: country },
          age: { type: 'Int32', ord: 5, hide: true, valueRule: { columnWidth: 120 } },
        },
        anlcols: {
          accCity: { colid: 'accCity', type: 'String', hidden: false },
          hiddenAge: { colid: 'age', type: 'Int32', oper: 'IsNotNull', hidden: true },
        },
        rmeta: { groups: [], showgt: false },
      });
      expect(body.meta.rcols.name.entityname).toBe(true);
      expect(body.meta.rcols.accCity.entityname).toBeUndefined();
      // Columns through a relationship path read another record's member.
      expect(body.meta.rcols.accCity.viaPath).toBe(true);
      expect(body.meta.rcols.accCountry.viaPath).toBe(true);
      expect(body.meta.rcols.email.viaPath).toBeUndefined();
      expect(body.meta.rcols.account.viaPath).toBeUndefined();
    });

    it('colbasic: columns only; none: no metadata, rows all the same', async () => {
      const basic = await runOk(t.admin, contactReport, { metadata: 'colbasic' });
      expect(Object.keys(basic.meta.rcols)).toEqual([
        'name',
        'email',
        'account',
        'accCity',
        'accCountry',
        'age',
      ]);
      expect(basic.meta.anlcols).toEqual({});
      expect(basic.meta.rmeta).toBeUndefined();
      const none = await runOk(t.admin, contactReport, { metadata: 'none' });
      expect(none.meta).toBeUndefined();
      expect(none.gdata).toEqual(basic.gdata);
      expect(typeof none.lrt).toBe('string');
    });
  });

  describe('generated reports', () => {
    it("the display report shows the name, the type's fields and its to-one relationships", async () => {
      const res = await t.admin.post(`/spapi/data/v1/report/type/${contact.typeId}/display`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const cols = Object.entries(
        res.body.meta.rcols as Record<string, { title: string; type: string; ord: number }>,
      )
        .sort(([, a], [, b]) => a.ord - b.ord)
        .map(([, c]) => [c.title, c.type]);
      expect(cols).toEqual([
        ['Name', 'String'],
        ['Email', 'String'],
        ['Age', 'Int32'],
        ['account', 'InlineRelationship'],
      ]);
      // Sorted by name, every contact (the report's hidden condition is not part of it).
      expect(rowIds(res.body)).toEqual(of(['c1', 'c2', 'c3', 'c4', 'c5']));
      expect(res.body.gdata[0].values).toEqual([
        { val: 'Cat' },
        { val: 'cat@x.test' },
        { val: 30 },
        { vals: [{ eid: ids.A1, val: 'Acme' }] },
      ]);
    });

    it('the picker report shows the name and description, by alias too, and takes a Contains condition on the name', async () => {
      const res = await t.admin.post('/spapi/data/v1/report/type/test:Account/picker', { usage: 'Picker' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const cols = Object.values(res.body.meta.rcols as Record<string, { fid: number; ord: number }>)
        .sort((a, b) => a.ord - b.ord)
        .map((c) => c.fid);
      expect(cols).toEqual([NAME, DESCRIPTION]);
      expect(rowIds(res.body)).toEqual(of(['A1', 'A2', 'K1']));
      const narrowed = await t.admin.post(`/spapi/data/v1/report/type/${account.typeId}/picker`, {
        usage: 'Picker',
        entityTypeId: keyAccount.typeId,
      });
      expect(rowIds(narrowed.body)).toEqual(of(['K1']));
      // Spec 02 §3 "Picker report request": conds carry an expression id, Contains, String and the text.
      const typed = await t.admin.post(`/spapi/data/v1/report/type/${account.typeId}/picker`, {
        usage: 'Picker',
        conds: [{ expid: 'name', oper: 'Contains', type: 'String', value: 'ET' }],
      });
      expect(typed.status, JSON.stringify(typed.body)).toBe(200);
      expect(rowIds(typed.body)).toEqual(of(['A2']));
    });

    it('answers 404 for an unknown type', async () => {
      expectError(await t.admin.post('/spapi/data/v1/report/type/987654/display', {}), 404);
    });
  });
});
