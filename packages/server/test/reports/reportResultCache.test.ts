import { sysType } from '@plinth/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keptAnswers } from '../../src/reports/keptAnswers.js';
import { ReportResultCache, reportResultCache } from '../../src/reports/resultCache.js';
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
  writeRawField,
} from './reportSupport.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const NAME = 100;

describe('the report result cache', () => {
  /** A result set twice, as a key asked for again is: kept (decision 0148). */
  const keep = (
    cache: ReportResultCache,
    key: string,
    marker: string,
    rows: unknown,
    state?: unknown,
    weight = 0,
  ) => {
    cache.set(key, marker, rows, state, weight);
    cache.set(key, marker, rows, state, weight);
  };

  it('keeps a result from the second time its key is set, noting as many keys as it holds entries', () => {
    const cache = new ReportResultCache(2);
    cache.set('a', 'm1', [1]);
    expect(cache.get('a', 'm1')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('a', 'm1', [1]);
    expect(cache.get('a', 'm1')).toEqual([1]);
    // A kept key whose markers moved is kept again at once.
    cache.set('a', 'm2', [2]);
    expect(cache.get('a', 'm2')).toEqual([2]);
    // Noted keys beyond the bound are forgotten, the oldest first: 'b' is a first ask again.
    cache.set('b', 'm1', [3]);
    cache.set('c', 'm1', [4]);
    cache.set('d', 'm1', [5]);
    cache.set('b', 'm1', [3]);
    expect(cache.get('b', 'm1')).toBeUndefined();
    cache.set('d', 'm1', [5]);
    expect(cache.get('d', 'm1')).toEqual([5]);
  });

  it('keeps at most its bound of entries, dropping the least recently used', () => {
    const cache = new ReportResultCache(2);
    keep(cache, 'a', 'm1', [1]);
    keep(cache, 'b', 'm1', [2]);
    expect(cache.get('a', 'm1')).toEqual([1]);
    keep(cache, 'c', 'm1', [3]);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 'm1')).toBeUndefined();
    expect(cache.get('a', 'm1')).toEqual([1]);
    // A changed marker is a miss, and the stale entry is gone.
    expect(cache.get('c', 'm2')).toBeUndefined();
    expect(cache.get('c', 'm1')).toBeUndefined();
  });

  it('keeps at most its bound of partial rows, dropping the least recently used (decision 0025)', () => {
    const cache = new ReportResultCache(10, 10);
    keep(cache, 'a', 'm1', [1], 'state a', 6);
    keep(cache, 'b', 'm1', [2], 'state b', 3);
    expect(cache.weight).toBe(9);
    expect(cache.peek('a')?.state).toBe('state a');
    keep(cache, 'c', 'm1', [3], 'state c', 4);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.weight).toBe(7);
    // A stale read drops the entry and its weight.
    expect(cache.get('b', 'm2')).toBeUndefined();
    expect(cache.weight).toBe(4);
    cache.clear();
    expect(cache.weight).toBe(0);
  });
});

describe.each(engines)('cached groups and totals on %s', (engine) => {
  let t: TestApp;
  let deal: { typeId: number; fieldIds: Record<string, number> };
  let stage: { typeId: number };
  let note: { typeId: number };
  let report: number;
  let owner: Client;
  const ids: Record<string, number> = {};
  const cache = () => reportResultCache(t.services.db);
  const summary = (body: {
    rdata: Array<{
      hdrs: Array<{ vals: Array<{ val: unknown }> }>;
      count: number;
      aggs: { amount: Array<{ value: unknown }> };
    }>;
    total: { count: number; aggs: { amount: Array<{ value: unknown }> } };
  }) => ({
    groups: body.rdata.map((g) => [g.hdrs[0]!.vals[0]?.val ?? null, g.count, g.aggs.amount[0]!.value]),
    total: [body.total.count, body.total.aggs.amount[0]!.value],
  });

  beforeAll(async () => {
    t = await startTestApp(engine);
    stage = await defineType(t.admin, 'Stage', [], sysType.enumValue);
    note = await defineType(t.admin, 'Note', []);
    deal = await defineType(t.admin, 'Deal', [{ name: 'Amount', script: 'amount', type: 'Currency' }]);
    const stageRel = await defineRelationship(
      t.admin,
      'choiceField',
      deal.typeId,
      stage.typeId,
      'stage',
      'deals',
    );
    const role = await createRole(t.admin, 'Own deals', [
      { typeId: deal.typeId, canRead: true, canCreate: true, canModify: true, ownedOnly: true },
      { typeId: stage.typeId, canRead: true },
      { typeId: sysType.report, canRead: true },
    ]);
    await t.addUser('owner', [role]);
    owner = await t.login('owner');
    Object.assign(
      ids,
      await putRecords(t.admin, [
        { id: 'new:S1', typeId: stage.typeId, fields: { name: 'Open', enumOrder: 1 } },
        { id: 'new:S2', typeId: stage.typeId, fields: { name: 'Won', enumOrder: 2 } },
      ]),
    );
    const dealOf = (key: string, amount: number, s: string) => ({
      id: `new:${key}`,
      typeId: deal.typeId,
      fields: { name: key, amount },
      relationships: { stage: { set: [ids[s]!] } },
    });
    Object.assign(
      ids,
      await putRecords(t.admin, [dealOf('d1', 100, 'S1'), dealOf('d2', 50, 'S1'), dealOf('d3', 20, 'S2')]),
    );
    Object.assign(ids, await putRecords(owner, [dealOf('o1', 7, 'S1')]));
    report = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns: [
        fieldColumn('name', NAME),
        fieldColumn('amount', deal.fieldIds.amount!),
        relColumn('stage', stageRel),
      ],
      groups: [{ columnId: 'stage', order: 'Ascending' }],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
      aggregates: [{ columnId: 'amount', kinds: ['Sum'] }],
      showGrandTotals: true,
    });
  });
  afterAll(() => t.close());

  it('answers a repeated read from the cache, the same as the first', async () => {
    const first = await runOk(t.admin, report);
    // Kept from its second read (decision 0148).
    await runOk(t.admin, report);
    // The groups' own cache, below the kept answer (decision 0144).
    keptAnswers(t.services.db).clear();
    const hits = cache().stats.hits;
    const second = await runOk(t.admin, report);
    expect(cache().stats.hits).toBe(hits + 1);
    expect(summary(second)).toEqual(summary(first));
    expect(summary(first)).toEqual({
      groups: [
        ['Open', 3, 157],
        ['Won', 1, 20],
      ],
      total: [4, 177],
    });
  });

  it('a write between two reads changes the totals: updates, creates, deletes and links', async () => {
    await runOk(t.admin, report);
    expect((await t.admin.put([{ id: ids.d1!, fields: { amount: 1000 } }])).status).toBe(200);
    expect(summary(await runOk(t.admin, report)).total).toEqual([4, 1077]);

    const created = await putRecords(t.admin, [
      {
        id: 'new:d4',
        typeId: deal.typeId,
        fields: { name: 'd4', amount: 3 },
        relationships: { stage: { set: [ids.S2!] } },
      },
    ]);
    expect(summary(await runOk(t.admin, report)).groups).toEqual([
      ['Open', 3, 1057],
      ['Won', 2, 23],
    ]);

    // A link alone moves a record between groups.
    expect((await t.admin.put([{ id: ids.d2!, relationships: { stage: { set: [ids.S2!] } } }])).status).toBe(
      200,
    );
    expect(summary(await runOk(t.admin, report)).groups).toEqual([
      ['Open', 2, 1007],
      ['Won', 3, 73],
    ]);

    // Renaming a choice value renames its group.
    expect((await t.admin.put([{ id: ids.S2!, fields: { name: 'Closed' } }])).status).toBe(200);
    expect(summary(await runOk(t.admin, report)).groups.map((g) => g[0])).toEqual(['Closed', 'Open']);

    const del = await t.admin.post('/spapi/data/v1/entity/put', { entities: [], deleted: [created.d4] });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(summary(await runOk(t.admin, report)).total).toEqual([4, 1077]);

    // A write that bypasses the entity service is seen too: the markers are bumped by triggers.
    await writeRawField(t, ids.d3!, deal.fieldIds.amount!, 25);
    expect(summary(await runOk(t.admin, report)).total).toEqual([4, 1082]);
  });

  it('a write to an unrelated type keeps the cached answer', async () => {
    await runOk(t.admin, report);
    await putRecords(t.admin, [{ id: 'new:n1', typeId: note.typeId, fields: { name: 'unrelated' } }]);
    // The whole answer is kept (decision 0144), and so are the groups below it.
    const hits = keptAnswers(t.services.db).stats.hits;
    await runOk(t.admin, report);
    expect(keptAnswers(t.services.db).stats.hits).toBe(hits + 1);
    keptAnswers(t.services.db).clear();
    const groupHits = cache().stats.hits;
    await runOk(t.admin, report);
    expect(cache().stats.hits).toBe(groupHits + 1);
  });

  it('two users with different rules get their own groups and totals', async () => {
    for (let round = 0; round < 2; round++) {
      const mine = summary(await runOk(owner, report));
      expect(mine).toEqual({ groups: [['Open', 1, 7]], total: [1, 7] });
      const all = summary(await runOk(t.admin, report));
      expect(all.total).toEqual([4, 1082]);
    }
    expect((await owner.put([{ id: ids.o1!, fields: { amount: 8 } }])).status).toBe(200);
    expect(summary(await runOk(owner, report)).total).toEqual([1, 8]);
    expect(summary(await runOk(t.admin, report)).total).toEqual([4, 1083]);
  });

  it('pages through the rows in the order of their groups', async () => {
    const all = rowIds(await runOk(t.admin, report, { pageSize: 100 }));
    expect(all).toHaveLength(4);
    const pages = [];
    for (let start = 0; start < 4; start += 3)
      pages.push(...rowIds(await runOk(t.admin, report, { startIndex: start, pageSize: 3 })));
    expect(pages).toEqual(all);
    expect(rowIds(await runOk(t.admin, report, { startIndex: 1, pageSize: 2 }))).toEqual(all.slice(1, 3));
  });

  it('bumps a marker in the same transaction as the write', async () => {
    const markers = async () =>
      (
        await sql<{
          v: unknown;
        }>`SELECT version AS v FROM change_markers WHERE tenant_id = ${t.tenantId} AND type_id = ${deal.typeId}`.execute(
          t.services.db,
        )
      ).rows.map((r) => Number(r.v))[0] ?? 0;
    const before = await markers();
    await t.services.db
      .transaction()
      .execute(async (tx) => {
        await sql`UPDATE entities SET name = 'rolled back' WHERE tenant_id = ${t.tenantId} AND id = ${ids.d1!}`.execute(
          tx,
        );
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await markers()).toBe(before);
    await sql`UPDATE entities SET name = 'd1' WHERE tenant_id = ${t.tenantId} AND id = ${ids.d1!}`.execute(
      t.services.db,
    );
    expect(await markers()).toBeGreaterThan(before);
  });
});
