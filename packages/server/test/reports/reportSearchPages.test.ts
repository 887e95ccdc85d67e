import { reportQuery } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contextFor } from '../../src/auth/contextFor.js';
import { chunkOfId } from '../../src/data/chunkMarkers.js';
import { reportResultCache } from '../../src/reports/resultCache.js';
import { loadReport, runReport } from '../../src/reports/runReport.js';
import { SEARCH_ROWS_KEPT } from '../../src/reports/searchPageCache.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';
import { createReport, fieldColumn, putRecords, relColumn, rowIds, runOk } from './reportSupport.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const NAME = 100;

/** Decision 0025: a quick search's first rows kept in order, revalidated by the change markers. */
describe.each(engines)('quick search pages on %s', (engine) => {
  let t: TestApp;
  let item: { typeId: number; fieldIds: Record<string, number> };
  let report: number;
  const ids: number[] = [];
  const cache = () => reportResultCache(t.services.db);

  /** The same page read inside a transaction, where nothing is cached. */
  const reference = async (query: Record<string, unknown>) => {
    const ctx = await contextFor(t.services, t.tenantId, t.adminId);
    const body = await t.services.db.transaction().execute(async (tx) => {
      const inTx = { ...ctx, db: tx };
      return runReport(inTx, await loadReport(inTx, { reportId: report }), reportQuery.parse(query));
    });
    return rowIds(body);
  };
  /** Every page of a search, 4 rows at a time, each as the uncached read answers it. */
  const expectPages = async (query: Record<string, unknown>) => {
    const all: number[] = [];
    for (let start = 0; start < 40; start += 4) {
      const q = { ...query, startIndex: start, pageSize: 4, metadata: 'none' };
      const page = rowIds(await runOk(t.admin, report, q));
      expect(page).toEqual(await reference(q));
      all.push(...page);
    }
    return all;
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    item = await defineType(t.admin, 'Item', [
      { name: 'Note', script: 'note', type: 'Text' },
      { name: 'Rank', script: 'rank', type: 'Number' },
    ]);
    const made = await putRecords(
      t.admin,
      Array.from({ length: 30 }, (_, i) => ({
        id: `new:i${i}`,
        typeId: item.typeId,
        fields: {
          name: i % 3 === 0 ? `Other ${i}` : `Alpha ${String.fromCharCode(97 + (i % 26))} ${i}`,
          note: i % 5 === 0 ? 'an alphabet note' : 'plain',
          rank: (i * 7) % 11,
        },
      })),
    );
    ids.push(...Object.values(made));
    report = await createReport(t.admin, {
      rootTypeId: item.typeId,
      columns: [
        fieldColumn('name', NAME),
        fieldColumn('note', item.fieldIds.note!),
        fieldColumn('rank', item.fieldIds.rank!),
      ],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
    });
  });
  afterAll(() => t.close());

  it('pages through a search in the order the uncached read gives, and serves repeats from the cache', async () => {
    const all = await expectPages({ quickSearch: 'alph' });
    expect(all).toHaveLength(22);
    expect(new Set(all).size).toBe(22);
    const hits = cache().stats.hits;
    await runOk(t.admin, report, { quickSearch: 'alph', startIndex: 8, pageSize: 4 });
    expect(cache().stats.hits).toBe(hits + 1);
    // Another order is another question.
    await expectPages({ quickSearch: 'alph', sort: [{ colid: 'rank', order: 'Descending' }] });
    await expectPages({ quickSearch: 'al' });
  });

  it('a write to a record the search reads shows in the next page read', async () => {
    await expectPages({ quickSearch: 'alph' });
    expect((await t.admin.put([{ id: ids[3]!, fields: { name: 'Aardvark alpha' } }])).status).toBe(200);
    expect((await t.admin.put([{ id: ids[1]!, fields: { name: 'Gone' } }])).status).toBe(200);
    expect((await t.admin.put([], [ids[2]!])).status).toBe(200);
    await putRecords(t.admin, [{ id: 'new:n', typeId: item.typeId, fields: { name: 'Alpha zz new' } }]);
    const all = await expectPages({ quickSearch: 'alph' });
    expect(all[0]).toBe(ids[3]);
    expect(all).not.toContain(ids[1]);
    expect(all).not.toContain(ids[2]);
    expect(all).toHaveLength(22);
    await expectPages({ quickSearch: 'alph', sort: [{ colid: 'rank', order: 'Descending' }] });
  });

  it('a search with a result limit stops at the limit', async () => {
    const q = { quickSearch: 'alph', limitOperator: 'ResultLimit', limitValue: 6 };
    const all = await expectPages(q);
    expect(all).toHaveLength(6);
  });

  describe('with more matches than are kept, over several chunks of ids', () => {
    let big: number;
    let partType: number;
    const bigIds: number[] = [];
    // Names spread over the ids, so every chunk holds rows before and after the last one kept.
    const name = (i: number) => `Alpha ${String((i * 7) % 1200).padStart(4, '0')}`;

    /** Pages of 100 up to past the kept rows, each as the uncached read answers it. */
    const expectBigPages = async (query: Record<string, unknown>) => {
      const all: number[] = [];
      for (let start = 0; start <= SEARCH_ROWS_KEPT; start += 100) {
        const q = { ...query, startIndex: start, pageSize: 100, metadata: 'none' };
        const page = rowIds(await runOk(t.admin, big, q));
        const ctx = await contextFor(t.services, t.tenantId, t.adminId);
        const expected = await t.services.db.transaction().execute(async (tx) => {
          const inTx = { ...ctx, db: tx };
          return rowIds(
            await runReport(inTx, await loadReport(inTx, { reportId: big }), reportQuery.parse(q)),
          );
        });
        expect(page, `from ${start}`).toEqual(expected);
        all.push(...page);
      }
      return all;
    };

    beforeAll(async () => {
      const kind = await defineType(t.admin, 'Part', [{ name: 'Rank', script: 'rank', type: 'Number' }]);
      partType = kind.typeId;
      for (let from = 0; from < 1200; from += 400) {
        const made = await putRecords(
          t.admin,
          Array.from({ length: 400 }, (_, n) => ({
            id: `new:p${from + n}`,
            typeId: kind.typeId,
            fields: { name: name(from + n), ...(n % 7 === 0 ? {} : { rank: (from + n) % 13 }) },
          })),
        );
        bigIds.push(...Array.from({ length: 400 }, (_, n) => made[`p${from + n}`]!));
      }
      big = await createReport(t.admin, {
        rootTypeId: kind.typeId,
        columns: [fieldColumn('name', NAME), fieldColumn('rank', kind.fieldIds.rank!)],
        sorts: [{ columnId: 'name', order: 'Ascending' }],
      });
    });

    it('after writes, searches again only the chunks written and answers as the uncached read', async () => {
      const byRank = { quickSearch: 'alph', sort: [{ colid: 'rank', order: 'Descending' }] };
      // Each read twice, so its rows are kept (decision 0148).
      expect(await expectBigPages({ quickSearch: 'alph' })).toHaveLength(600);
      await expectBigPages({ quickSearch: 'alph' });
      await expectBigPages(byRank);
      await expectBigPages(byRank);
      // A term too short for the trigram index matches names.
      const short = { quickSearch: 'ph' };
      await expectBigPages(short);
      await expectBigPages(short);
      // The writes below touch the chunk of the last records only: the first records' is kept.
      expect(chunkOfId(engine, bigIds[0]!)).not.toBe(chunkOfId(engine, bigIds[1199]!));

      const refreshed = cache().stats.refreshed;
      // A record moves to the front, one goes, a new one sorts among the kept, and ten kept ones
      // stop matching: fewer rows are left before the last one kept than are kept.
      const [front, deleted] = [bigIds[1199]!, bigIds[1198]!];
      const last = chunkOfId(engine, front);
      const gone = bigIds
        .filter((id, i) => chunkOfId(engine, id) === last && (i * 7) % 1200 < SEARCH_ROWS_KEPT)
        .slice(-10);
      expect(gone).toHaveLength(10);
      await putRecords(t.admin, [
        { id: front, fields: { name: 'Alpha 0000 moved', rank: null } },
        ...gone.map((id, n) => ({ id, fields: { name: `Beta ${n}` } })),
        { id: 'new:early', typeId: partType, fields: { name: 'Alpha 0001 new', rank: 12 } },
      ]);
      expect((await t.admin.put([], [deleted])).status).toBe(200);

      const all = await expectBigPages({ quickSearch: 'alph' });
      expect(all.slice(0, 2)).toEqual([bigIds[0], front]);
      for (const id of gone) expect(all).not.toContain(id);
      expect(all).not.toContain(deleted);
      await expectBigPages(byRank);
      await expectBigPages(short);
      expect(cache().stats.refreshed).toBeGreaterThanOrEqual(refreshed + 3);
    });

    it('a write to what only a shown column reaches keeps the kept search as it is', async () => {
      const maker = await defineType(t.admin, 'Maker', []);
      const makerRel = await defineRelationship(t.admin, 'lookup', partType, maker.typeId, 'maker', 'parts');
      const made = await putRecords(t.admin, [
        { id: 'new:m', typeId: maker.typeId, fields: { name: 'Acme' } },
      ]);
      const shown = await createReport(t.admin, {
        rootTypeId: partType,
        columns: [fieldColumn('name', NAME), relColumn('maker', makerRel)],
        sorts: [{ columnId: 'name', order: 'Ascending' }],
      });
      const page = async () => (await runOk(t.admin, shown, { quickSearch: 'alph', pageSize: 20 })).gdata;
      const ids = (rows: Array<{ eid: number }>) => rows.map((r) => r.eid);
      const first = await page();
      const linked = first[0].eid;
      // Neither the link nor the maker's name is read by the search: they change what a row shows,
      // not which rows match.
      await putRecords(t.admin, [
        { id: linked, relationships: { [`#${makerRel}:fwd`]: { set: [made.m!] } } },
      ]);
      await putRecords(t.admin, [{ id: made.m!, fields: { name: 'Acme Parts' } }]);
      const after = await page();
      expect(ids(after)).toEqual(ids(first));
      expect(after[0].values[1]).toEqual({ vals: [{ eid: made.m, val: 'Acme Parts' }] });
    });
  });
});
