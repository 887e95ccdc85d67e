import { reportQuery, sysType } from '@plinth/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contextFor } from '../../src/auth/contextFor.js';
import { chunkIdsOf } from '../../src/data/chunkMarkers.js';
import { reportResultCache } from '../../src/reports/resultCache.js';
import { loadReport, runReport } from '../../src/reports/runReport.js';
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

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const NAME = 100;

/** Decision 0025: group buckets and totals refreshed by reading again only the chunks a write touched. */
describe.each(engines)('groups and totals refreshed by chunks on %s', (engine) => {
  let t: TestApp;
  let deal: { typeId: number; fieldIds: Record<string, number> };
  let stage: { typeId: number };
  let stageRel: number;
  let owner: Client;
  let ownerId: number;
  let report: number;
  let plainReport: number;
  const stages: number[] = [];
  const deals: number[] = [];
  const cache = () => reportResultCache(t.services.db);

  /**
   * What a grouped answer says: groups (name, count, aggregates), the grand total, and the page's
   * records in order, read group by group (decision 0021).
   */
  const summary = (body: {
    rdata?: ReadonlyArray<{ hdrs: readonly unknown[]; count: number; aggs: unknown }> | undefined;
    total?: { count: number; aggs: unknown } | undefined;
    gdata: Array<{ eid: number }>;
  }) => ({
    groups: (body.rdata ?? []).map((g) => {
      const h = g.hdrs[0] as { vals: Array<{ val: unknown }> };
      return [h.vals[0]?.val ?? null, g.count, g.aggs];
    }),
    total: body.total,
    rows: rowIds(body),
  });

  /** The same question answered by the whole statements (inside a transaction nothing is cached). */
  const reference = async (reportId: number, userId: number, query: Record<string, unknown> = {}) => {
    const ctx = await contextFor(t.services, t.tenantId, userId);
    return t.services.db.transaction().execute(async (tx) => {
      const inTx = { ...ctx, db: tx };
      return runReport(inTx, await loadReport(inTx, { reportId }), reportQuery.parse(query));
    });
  };

  /** Moves the tenant's next id to the start of a chunk further on, so records spread over chunks. */
  const skipToNextChunk = async () => {
    await sql`UPDATE tenants SET next_id = (next_id / ${chunkIdsOf(engine)} + 2) * ${chunkIdsOf(engine)} WHERE id = ${t.tenantId}`.execute(
      t.services.db,
    );
  };

  /** Moves a deal to another stage by rewriting its link only, leaving the record as it was. */
  const moveLinkRaw = async (dealId: number, stageId: number) => {
    await t.services.db.transaction().execute(async (tx) => {
      await sql`DELETE FROM relationships WHERE tenant_id = ${t.tenantId} AND rel_id = ${stageRel} AND from_id = ${dealId}`.execute(
        tx,
      );
      await sql`INSERT INTO relationships (tenant_id, rel_id, from_id, to_id) VALUES (${t.tenantId}, ${stageRel}, ${dealId}, ${stageId})`.execute(
        tx,
      );
    });
  };

  const newDeal = (key: string, amount: number | null, s: number) => ({
    id: `new:${key}`,
    typeId: deal.typeId,
    fields: { name: key, amount, quantity: amount === null ? null : Math.round(amount) % 7 },
    relationships: { stage: { set: [s] } },
  });

  beforeAll(async () => {
    t = await startTestApp(engine);
    stage = await defineType(t.admin, 'Stage', [], sysType.enumValue);
    deal = await defineType(t.admin, 'Deal', [
      { name: 'Amount', script: 'amount', type: 'Currency' },
      { name: 'Quantity', script: 'quantity', type: 'Number' },
    ]);
    stageRel = await defineRelationship(t.admin, 'choiceField', deal.typeId, stage.typeId, 'stage', 'deals');
    const role = await createRole(t.admin, 'Own deals', [
      { typeId: deal.typeId, canRead: true, canCreate: true, canModify: true, ownedOnly: true },
      { typeId: stage.typeId, canRead: true },
      { typeId: sysType.report, canRead: true },
    ]);
    ownerId = await t.addUser('owner', [role]);
    owner = await t.login('owner');
    const s = await putRecords(
      t.admin,
      ['Open', 'Won', 'Lost', 'Empty'].map((name, i) => ({
        id: `new:${name}`,
        typeId: stage.typeId,
        fields: { name, enumOrder: i + 1 },
      })),
    );
    stages.push(s.Open!, s.Won!, s.Lost!, s.Empty!);
    // Three chunks of deals (the last stage has none), some owned by the owner.
    for (let c = 0; c < 3; c++) {
      await skipToNextChunk();
      const made = await putRecords(
        t.admin,
        Array.from({ length: 6 }, (_, i) => newDeal(`d${c}-${i}`, 10 * c + i + 0.25, stages[(c + i) % 3]!)),
      );
      deals.push(...Object.values(made));
      await skipToNextChunk();
      deals.push(...Object.values(await putRecords(owner, [newDeal(`o${c}`, 100 + c, stages[c % 3]!)])));
    }
    const columns = [
      fieldColumn('name', NAME),
      fieldColumn('amount', deal.fieldIds.amount!),
      fieldColumn('quantity', deal.fieldIds.quantity!),
      relColumn('stage', stageRel),
    ];
    report = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns,
      conditions: [{ id: 'amount', columnId: 'amount' }],
      groups: [{ columnId: 'stage', order: 'Ascending' }],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
      aggregates: [
        { columnId: 'amount', kinds: ['Sum', 'Average', 'Min', 'Max', 'Count'] },
        { columnId: 'quantity', kinds: ['CountAll', 'Sum'] },
      ],
      showGrandTotals: true,
    });
    plainReport = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns,
      aggregates: [{ columnId: 'amount', kinds: ['Sum', 'Max'] }],
    });
  });
  afterAll(() => t.close());

  /** Reads the report through the cache and expects the whole statements' answer. */
  const expectFresh = async (client: Client, userId: number, reportId = report, query = {}) => {
    const body = await runOk(client, reportId, query);
    expect(summary(body)).toEqual(summary(await reference(reportId, userId, query)));
    return body;
  };

  it('reads the deals in several chunks and answers what the whole statements answer', async () => {
    const chunks = new Set(deals.map((id) => Math.floor(id / chunkIdsOf(engine))));
    expect(chunks.size).toBeGreaterThanOrEqual(6);
    const body = await expectFresh(t.admin, t.adminId);
    expect(body.total.count).toBe(21);
    expect(summary(body).groups.map((g) => g[0])).toEqual(['Lost', 'Open', 'Won']);
    await expectFresh(owner, ownerId);
    await expectFresh(t.admin, t.adminId, plainReport);
  });

  it('after a write reads only the chunks it touched: updates, links, creates and deletes', async () => {
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['an amount', () => t.admin.put([{ id: deals[0]!, fields: { amount: 1000.5 } }])],
      ['an amount emptied', () => t.admin.put([{ id: deals[1]!, fields: { amount: null } }])],
      ['a stage', () => t.admin.put([{ id: deals[2]!, relationships: { stage: { set: [stages[1]!] } } }])],
      ['a new deal', () => putRecords(t.admin, [newDeal('late', 7.5, stages[0]!)])],
      ['a deleted deal', () => t.admin.put([], [deals[3]!])],
      ['a raw value', () => writeRawField(t, deals[4]!, deal.fieldIds.amount!, 3.125)],
      // A link written without its record (an import, another process): only the link's chunk moves.
      ['a link alone', () => moveLinkRaw(deals[7]!, stages[2]!)],
    ];
    for (const [what, write] of writes) {
      await runOk(t.admin, report);
      await runOk(t.admin, plainReport);
      await write();
      const refreshed = cache().stats.refreshed;
      await expectFresh(t.admin, t.adminId);
      await expectFresh(t.admin, t.adminId, plainReport);
      expect(cache().stats.refreshed, what).toBe(refreshed + 2);
    }
  });

  it('a write by the owner refreshes their own groups too', async () => {
    await expectFresh(owner, ownerId);
    const mine = deals.at(-1)!;
    expect((await owner.put([{ id: mine, fields: { amount: 55 } }])).status).toBe(200);
    const refreshed = cache().stats.refreshed;
    const body = await expectFresh(owner, ownerId);
    expect(cache().stats.refreshed).toBe(refreshed + 1);
    expect(body.total.count).toBe(3);
  });

  it('a group new to the kept order is read by chunk; a renamed group reads every chunk again', async () => {
    await runOk(t.admin, report);
    expect(
      (await t.admin.put([{ id: deals[5]!, relationships: { stage: { set: [stages[3]!] } } }])).status,
    ).toBe(200);
    let refreshed = cache().stats.refreshed;
    let body = await expectFresh(t.admin, t.adminId);
    // Groups of a relationship are kept by the related id and named afterwards (decision 0089).
    expect(cache().stats.refreshed).toBe(refreshed + 1);
    expect(summary(body).groups.map((g) => g[0])).toEqual(['Empty', 'Lost', 'Open', 'Won']);

    // The last deal of a group leaves it: the group is gone, without reading every chunk.
    expect(
      (await t.admin.put([{ id: deals[5]!, relationships: { stage: { set: [stages[0]!] } } }])).status,
    ).toBe(200);
    refreshed = cache().stats.refreshed;
    body = await expectFresh(t.admin, t.adminId);
    expect(cache().stats.refreshed).toBe(refreshed + 1);
    expect(summary(body).groups.map((g) => g[0])).toEqual(['Lost', 'Open', 'Won']);

    expect((await t.admin.put([{ id: stages[0]!, fields: { name: 'Zero' } }])).status).toBe(200);
    refreshed = cache().stats.refreshed;
    body = await expectFresh(t.admin, t.adminId);
    expect(cache().stats.refreshed).toBe(refreshed);
    expect(summary(body).groups.map((g) => g[0])).toEqual(['Lost', 'Won', 'Zero']);
  });

  it('stays equal to the whole statements through many random writes, with conditions and search', async () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((seed / 2_147_483_648) * n);
    };
    const queries = [
      {},
      { conds: [{ expid: 'amount', oper: 'GreaterThan', value: 12 }] },
      { quickSearch: 'd1-' },
      // A page inside the groups: a group's rows from an offset, and the next group's first.
      { startIndex: 4, pageSize: 5 },
    ];
    let made = 0;
    for (let step = 0; step < 24; step++) {
      const live = deals.filter((id) => id !== deals[3]);
      const target = live[rnd(live.length)]!;
      switch (rnd(6)) {
        case 0:
          await t.admin.put([{ id: target, fields: { amount: rnd(5000) / 4 } }]);
          break;
        case 1:
          await t.admin.put([{ id: target, relationships: { stage: { set: [stages[rnd(3)]!] } } }]);
          break;
        case 2:
          if (rnd(2)) await skipToNextChunk();
          deals.push(
            ...Object.values(
              await putRecords(t.admin, [newDeal(`d1-r${made++}`, rnd(900), stages[rnd(3)]!)]),
            ),
          );
          break;
        case 3:
          await t.admin.put([{ id: target, fields: { name: rnd(2) ? `d1-x${step}` : `other ${step}` } }]);
          break;
        case 4:
          await moveLinkRaw(target, stages[rnd(3)]!);
          break;
        default:
          await t.admin.put([{ id: target, fields: { quantity: rnd(20) } }]);
      }
      for (const q of queries) await expectFresh(t.admin, t.adminId, report, q);
      await expectFresh(owner, ownerId);
    }
  });

  it('bumps chunk markers for records and both ends of links, in the writing transaction', async () => {
    const versions = async () =>
      new Map(
        (
          await sql<{
            s: unknown;
            c: unknown;
            v: unknown;
          }>`SELECT source_id AS s, chunk AS c, version AS v FROM change_chunks WHERE tenant_id = ${t.tenantId}`.execute(
            t.services.db,
          )
        ).rows.map((r) => [`${Number(r.s)}:${Number(r.c)}`, Number(r.v)]),
      );
    const chunk = (id: number) => Math.floor(id / chunkIdsOf(engine));
    const id = deals[6]!;
    const before = await versions();
    await t.services.db
      .transaction()
      .execute(async (tx) => {
        await sql`UPDATE entities SET name = 'rolled back' WHERE tenant_id = ${t.tenantId} AND id = ${id}`.execute(
          tx,
        );
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await versions()).toEqual(before);

    expect((await t.admin.put([{ id, fields: { amount: 1 } }])).status).toBe(200);
    const afterUpdate = await versions();
    const key = `${deal.typeId}:${chunk(id)}`;
    expect(afterUpdate.get(key)).toBeGreaterThan(before.get(key) ?? 0);
    // The stage type's records did not change: a link is counted by relationship, not by type.
    const stageKeys = [...afterUpdate.keys()].filter((k) => k.startsWith(`${stage.typeId}:`));
    for (const k of stageKeys) expect(afterUpdate.get(k)).toBe(before.get(k));

    expect((await t.admin.put([{ id, relationships: { stage: { set: [stages[2]!] } } }])).status).toBe(200);
    const afterLink = await versions();
    const from = `${stageRel}:${chunk(id)}`;
    const to = `${stageRel}:${-1 - chunk(stages[2]!)}`;
    expect(afterLink.get(from)).toBeGreaterThan(afterUpdate.get(from) ?? 0);
    expect(afterLink.get(to)).toBeGreaterThan(afterUpdate.get(to) ?? 0);
    for (const k of stageKeys) expect(afterLink.get(k)).toBe(before.get(k));
  });
});
