import { type ReportQuery, reportQuery, type StoredExportQuery, sysField } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFor } from '../../src/auth/contextFor.js';
import type { RequestContext } from '../../src/context.js';
import { type ExportCell, exportRows } from '../../src/exports/exportRows.js';
import { loadReport, runReport } from '../../src/reports/runReport.js';
import { createReport, fieldColumn, putRecords, relColumn, runOk } from '../reports/reportSupport.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';

const ROWS = 45;
const nameOf = (i: number) => `s${String(i).padStart(2, '0')}`;
/** Text with ties, ties that differ only in case, and blanks. */
const txtOf = (i: number) => ['alpha', 'Alpha', 'beta', null, 'gamma', 'BETA'][i % 6]!;
/** Decimals with ties and blanks. */
const nOf = (i: number) => (i % 7 === 0 ? null : ((i * 7) % 5) + 0.5);
/** Each group's name and rank: g1 has no rank, so the lookup path holds blanks as well as rows without a group. */
const groups = { g0: { name: 'Gb', rank: 2 }, g1: { name: 'ga', rank: null }, g2: { name: 'Gc', rank: 1 } };
/** Each row's group (by key), none for every fourth. */
const groupOf = (i: number) => (['g0', 'g1', 'g2', null] as const)[i % 4] ?? null;

describe.each(engines)('export through a keyset cursor on %s', (engine) => {
  let t: TestApp;
  let ctx: RequestContext;
  let seek: { typeId: number; fieldIds: Record<string, number> };
  let ids: Record<string, number>;
  let groupRel: number;
  let tagRel: number;
  let rankField: number;
  let calcField: number;
  let reportId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const group = await defineType(t.admin, 'SeekGroup', [{ name: 'Rank', script: 'rank', type: 'Number' }]);
    rankField = group.fieldIds.rank!;
    const tag = await defineType(t.admin, 'SeekTag', []);
    seek = await defineType(t.admin, 'Seek', [
      { name: 'Txt', script: 'txt', type: 'Text' },
      { name: 'N', script: 'n', type: 'Decimal' },
      { name: 'Flag', script: 'flag', type: 'Boolean' },
      { name: 'Twice', script: 'twice', type: 'Calculation', fieldCalculation: '[n] * 2' },
    ]);
    calcField = seek.fieldIds.twice!;
    groupRel = await defineRelationship(t.admin, 'lookup', seek.typeId, group.typeId, 'grp', 'seeks');
    tagRel = await defineRelationship(t.admin, 'manyToMany', seek.typeId, tag.typeId, 'tags', 'seeksTagged');
    const refs = await putRecords(t.admin, [
      ...Object.entries(groups).map(([k, g]) => ({
        id: `new:${k}`,
        typeId: group.typeId,
        fields: { name: g.name, ...(g.rank === null ? {} : { rank: g.rank }) },
      })),
      { id: 'new:t1', typeId: tag.typeId, fields: { name: 'red' } },
      { id: 'new:t2', typeId: tag.typeId, fields: { name: 'blue' } },
    ]);
    ids = await putRecords(
      t.admin,
      Array.from({ length: ROWS }, (_, i) => {
        const g = groupOf(i);
        return {
          id: `new:${nameOf(i)}`,
          typeId: seek.typeId,
          fields: {
            name: nameOf(i),
            ...(txtOf(i) === null ? {} : { txt: txtOf(i) }),
            ...(nOf(i) === null ? {} : { n: nOf(i) }),
            flag: i % 3 === 0,
          },
          relationships: {
            ...(g === null ? {} : { grp: { set: [refs[g]!] } }),
            ...(i % 5 === 0 ? {} : { tags: { set: [i % 2 === 0 ? refs.t1! : refs.t2!] } }),
          },
        };
      }),
    );
    reportId = await createReport(
      t.admin,
      {
        rootTypeId: seek.typeId,
        columns: [
          fieldColumn('name', sysField.name),
          fieldColumn('txt', seek.fieldIds.txt!),
          fieldColumn('n', seek.fieldIds.n!),
          fieldColumn('flag', seek.fieldIds.flag!),
          relColumn('grp', groupRel),
          fieldColumn('rank', rankField, [{ relId: groupRel, direction: 'fwd' }]),
          fieldColumn('twice', calcField),
          relColumn('tags', tagRel),
        ],
        conditions: [{ id: 'n', columnId: 'n' }],
        sorts: [{ columnId: 'name', order: 'Ascending' }],
      },
      'Seek',
    );
    ctx = await contextFor(t.services, t.tenantId, t.adminId);
  }, 60_000);
  afterAll(() => t.close());

  /** The names of an export's rows (the first column) and the number of pages it read. */
  async function exported(report: number, stored: StoredExportQuery, pageSize: number) {
    let pages = 0;
    const source = await exportRows(ctx, await loadReport(ctx, { reportId: report }), stored, {
      pageSize,
      onPage: () => pages++,
    });
    const names: string[] = [];
    for await (const page of source.pages) names.push(...page.map((row) => textOf(row[0])));
    return { names, pages };
  }
  const textOf = (cell: ExportCell | undefined) => (cell && cell.kind === 'text' ? cell.value : '');
  /** The rows of the same export read in one page, as the offset read gave them. */
  const inOnePage = async (report: number, stored: StoredExportQuery) =>
    (await exported(report, stored, 1000)).names;

  /** The names in the order the report's SQL gives: the JS model of blanks lowest, text lower-cased. */
  function modelOrder(keys: Array<{ of: (i: number) => string | number | null; desc: boolean }>) {
    const rows = Array.from({ length: ROWS }, (_, i) => i);
    const idDesc = keys.at(-1)?.desc ?? false;
    const cmp = (a: string | number | null, b: string | number | null) => {
      if (a === b) return 0;
      if (a === null) return -1;
      if (b === null) return 1;
      return a < b ? -1 : 1;
    };
    rows.sort((a, b) => {
      for (const k of keys) {
        const c = cmp(k.of(a), k.of(b));
        if (c !== 0) return k.desc ? -c : c;
      }
      const c = ids[nameOf(a)]! - ids[nameOf(b)]!;
      return idDesc ? -c : c;
    });
    return rows.map(nameOf);
  }
  const lowerTxt = (i: number) => txtOf(i)?.toLowerCase() ?? null;

  it('exports across pages with ties and blanks, ascending then descending, as the model orders them', async () => {
    const stored: StoredExportQuery = {
      sort: [
        { colid: 'txt', order: 'Ascending' },
        { colid: 'n', order: 'Descending' },
      ],
    };
    const want = modelOrder([
      { of: lowerTxt, desc: false },
      { of: nOf, desc: true },
    ]);
    const { names, pages } = await exported(reportId, stored, 4);
    expect(names).toEqual(want);
    expect(pages).toBe(Math.ceil(ROWS / 4));
    expect(await inOnePage(reportId, stored)).toEqual(want);
  }, 30_000);

  it('exports descending then ascending keys with blanks at a page boundary', async () => {
    const stored: StoredExportQuery = {
      sort: [
        { colid: 'n', order: 'Descending' },
        { colid: 'txt', order: 'Ascending' },
      ],
    };
    const want = modelOrder([
      { of: nOf, desc: true },
      { of: lowerTxt, desc: false },
    ]);
    for (const pageSize of [1, 3, 7])
      expect((await exported(reportId, stored, pageSize)).names).toEqual(want);
    // Descending only: blanks last, ties by id descending.
    const desc: StoredExportQuery = { sort: [{ colid: 'n', order: 'Descending' }] };
    expect((await exported(reportId, desc, 5)).names).toEqual(modelOrder([{ of: nOf, desc: true }]));
    // Yes/no keys compare too.
    const flag: StoredExportQuery = {
      sort: [
        { colid: 'flag', order: 'Descending' },
        { colid: 'name', order: 'Ascending' },
      ],
    };
    expect((await exported(reportId, flag, 4)).names).toEqual(
      modelOrder([
        { of: (i) => (i % 3 === 0 ? 1 : 0), desc: true },
        { of: nameOf, desc: false },
      ]),
    );
  }, 30_000);

  it('exports sorted through a lookup path and by a relationship, as in one page', async () => {
    const rankOf = (i: number) => {
      const g = groupOf(i);
      return g === null ? null : groups[g].rank;
    };
    const groupName = (i: number) => {
      const g = groupOf(i);
      return g === null ? null : groups[g].name.toLowerCase();
    };
    const byRank: StoredExportQuery = {
      sort: [
        { colid: 'rank', order: 'Descending' },
        { colid: 'n', order: 'Ascending' },
      ],
    };
    const want = modelOrder([
      { of: rankOf, desc: true },
      { of: nOf, desc: false },
    ]);
    expect((await exported(reportId, byRank, 4)).names).toEqual(want);
    expect(await inOnePage(reportId, byRank)).toEqual(want);
    const byGroup: StoredExportQuery = { sort: [{ colid: 'grp', order: 'Descending' }] };
    const wantGroups = modelOrder([{ of: groupName, desc: true }]);
    expect((await exported(reportId, byGroup, 6)).names).toEqual(wantGroups);
    expect(await inOnePage(reportId, byGroup)).toEqual(wantGroups);
  }, 30_000);

  it('stops at a result limit that ends mid-page, with conditions and quick search applied', async () => {
    const stored: StoredExportQuery = {
      sort: [
        { colid: 'txt', order: 'Descending' },
        { colid: 'name', order: 'Ascending' },
      ],
      limitOperator: 'ResultLimit',
      limitValue: 13,
    };
    const all = modelOrder([
      { of: lowerTxt, desc: true },
      { of: nameOf, desc: false },
    ]);
    const { names, pages } = await exported(reportId, stored, 5);
    expect(names).toEqual(all.slice(0, 13));
    expect(pages).toBe(3);
    const filtered: StoredExportQuery = {
      sort: [{ colid: 'n', order: 'Ascending' }],
      conds: [{ expid: 'n', oper: 'GreaterThan', value: 1 }],
      quickSearch: 'beta',
    };
    const want = await inOnePage(reportId, filtered);
    expect(want.length).toBeGreaterThan(6);
    expect(want.length).toBeLessThan(ROWS / 2);
    expect((await exported(reportId, filtered, 3)).names).toEqual(want);
  }, 30_000);

  it('exports a grouped report in group order across pages', async () => {
    const grouped = await createReport(
      t.admin,
      {
        rootTypeId: seek.typeId,
        columns: [
          fieldColumn('name', sysField.name),
          relColumn('grp', groupRel),
          fieldColumn('flag', seek.fieldIds.flag!),
          fieldColumn('n', seek.fieldIds.n!),
        ],
        groups: [
          { columnId: 'grp', order: 'Ascending' },
          { columnId: 'flag', order: 'Descending' },
        ],
        sorts: [{ columnId: 'n', order: 'Descending' }],
        aggregates: [{ columnId: 'n', kinds: ['Sum'] }],
      },
      'Seek grouped',
    );
    const groupName = (i: number) => {
      const g = groupOf(i);
      return g === null ? null : groups[g].name.toLowerCase();
    };
    const want = modelOrder([
      { of: groupName, desc: false },
      { of: (i) => (i % 3 === 0 ? 1 : 0), desc: true },
      { of: nOf, desc: true },
    ]);
    expect((await exported(grouped, {}, 4)).names).toEqual(want);
    expect(await inOnePage(grouped, {})).toEqual(want);
  }, 30_000);

  it('falls back to offsets for a calculated or many-valued sort key, with the same rows', async () => {
    for (const colid of ['twice', 'tags']) {
      const stored: StoredExportQuery = {
        sort: [
          { colid, order: 'Ascending' },
          { colid: 'name', order: 'Descending' },
        ],
      };
      const report = await loadReport(ctx, { reportId });
      const page = await runReport(ctx, report, query({ sort: stored.sort, pageSize: 5 }), { keyset: {} });
      expect(page.cursor, colid).toBeUndefined();
      const want = await inOnePage(reportId, stored);
      expect(want).toHaveLength(ROWS);
      expect((await exported(reportId, stored, 4)).names, colid).toEqual(want);
    }
  }, 30_000);

  it('neither repeats nor skips exported rows when records are added or deleted between pages', async () => {
    const source = await exportRows(ctx, await loadReport(ctx, { reportId }), {}, { pageSize: 10 });
    const names: string[] = [];
    let page = 0;
    for await (const rows of source.pages) {
      names.push(...rows.map((row) => textOf(row[0])));
      if (page++ === 0) {
        // Before the cursor: must not come out, nor push already-exported rows into the next page.
        const added = await putRecords(t.admin, [
          { id: 'new:a', typeId: seek.typeId, fields: { name: 'r-new' } },
          { id: 'new:b', typeId: seek.typeId, fields: { name: 's05x' } },
          { id: 'new:c', typeId: seek.typeId, fields: { name: 's20x' } },
          { id: 'new:d', typeId: seek.typeId, fields: { name: 'zz' } },
        ]);
        const removed = await t.admin.put([], [ids[nameOf(3)]!]);
        expect(removed.status, JSON.stringify(removed.body)).toBe(200);
        ids = { ...ids, ...added };
      }
    }
    const original = Array.from({ length: ROWS }, (_, i) => nameOf(i));
    expect(names).toEqual([...original.slice(0, 21), 's20x', ...original.slice(21), 'zz']);
  }, 30_000);

  it('lets other work run between its pages', async () => {
    let read = 0;
    let readWhenOtherWorkRan = -1;
    const source = await exportRows(
      ctx,
      await loadReport(ctx, { reportId }),
      {},
      {
        pageSize: 5,
        onPage: (index) => {
          read = index + 1;
          if (index === 0) setImmediate(() => (readWhenOtherWorkRan = read));
        },
      },
    );
    for await (const _ of source.pages);
    expect(read).toBeGreaterThan(5);
    // SQLite answers without leaving the event loop: without a turn between pages, the other work
    // (other requests, the response's own writes) would wait for the whole file.
    expect(readWhenOtherWorkRan).toBeGreaterThan(0);
    expect(readWhenOtherWorkRan).toBeLessThan(read);
  }, 30_000);

  it('answers the cursor of the last row only when asked, and reads on after it', async () => {
    const report = await loadReport(ctx, { reportId });
    const q = query({
      sort: [
        { colid: 'txt', order: 'Ascending' },
        { colid: 'rank', order: 'Descending' },
      ],
      pageSize: 6,
    });
    const first = await runReport(ctx, report, q, { keyset: {} });
    expect(first.cursor?.id).toBe(first.gdata.at(-1)?.eid);
    expect(first.cursor?.keys).toHaveLength(2);
    const next = await runReport(ctx, report, { ...q, startIndex: 6 }, { keyset: { after: first.cursor! } });
    const byOffset = await runReport(ctx, report, { ...q, startIndex: 6 });
    expect(next.gdata).toEqual(byOffset.gdata);
    expect(byOffset).not.toHaveProperty('cursor');
    // Browsers never see it.
    const http = await runOk(t.admin, reportId, { pageSize: 6, metadata: 'none' });
    expect(http).not.toHaveProperty('cursor');
    // A cursor of another shape is a clear error, not a wrong page.
    await expect(
      runReport(ctx, report, q, { keyset: { after: { keys: ['alpha'], id: first.cursor!.id } } }),
    ).rejects.toThrow('The cursor holds 1 sort keys; the report sorts by 2.');
  }, 30_000);
});

function query(q: Partial<ReportQuery>): ReportQuery {
  return reportQuery.parse({ metadata: 'none', ...q });
}
