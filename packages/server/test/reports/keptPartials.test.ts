import { reportQuery, sysType } from '@plinth/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contextFor } from '../../src/auth/contextFor.js';
import { chunkIdsOf } from '../../src/data/chunkMarkers.js';
import { keptAnswers } from '../../src/reports/keptAnswers.js';
import { reportResultCache } from '../../src/reports/resultCache.js';
import { loadReport, runReport } from '../../src/reports/runReport.js';
import type { Services } from '../../src/services.js';
import { startTwoApps, type TwoApps } from '../coherence/twoApps.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import { createReport, fieldColumn, putRecords, relColumn, runOk } from './reportSupport.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

type Group = { hdrs: Array<{ vals: Array<{ val: unknown }> }>; count: number; aggs: any };
const summary = (answer: unknown) => {
  const body = answer as { rdata?: Group[]; total?: { count: number; aggs: any } };
  return {
    groups: (body.rdata ?? []).map((g) => [g.hdrs[0]!.vals[0]?.val ?? null, g.count, g.aggs.amount[0].value]),
    total: body.total && [body.total.count, body.total.aggs.amount[0].value],
  };
};

/** A grouped report over deals in several chunks: what each test reads. */
async function arrange(t: TestApp) {
  const stage = await defineType(t.admin, 'Stage', [], sysType.enumValue);
  const deal = await defineType(t.admin, 'Deal', [{ name: 'Amount', script: 'amount', type: 'Currency' }]);
  const rel = await defineRelationship(t.admin, 'choiceField', deal.typeId, stage.typeId, 'stage', 'deals');
  const stages = await putRecords(
    t.admin,
    ['Open', 'Won'].map((name, i) => ({
      id: `new:${name}`,
      typeId: stage.typeId,
      fields: { name, enumOrder: i },
    })),
  );
  const deals: number[] = [];
  for (let c = 0; c < 4; c++) {
    await sql`UPDATE tenants SET next_id = (next_id / ${chunkIdsOf(t.engine)} + 2) * ${chunkIdsOf(t.engine)} WHERE id = ${t.tenantId}`.execute(
      t.services.db,
    );
    const made = await putRecords(
      t.admin,
      Array.from({ length: 5 }, (_, i) => ({
        id: `new:d${c}-${i}`,
        typeId: deal.typeId,
        fields: { name: `d${c}-${i}`, amount: 10 * c + i },
        relationships: { stage: { set: [i % 2 ? stages.Won! : stages.Open!] } },
      })),
    );
    deals.push(...Object.values(made));
  }
  const report = await createReport(t.admin, {
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
  return { report, deals, stages };
}

/** The whole statements' answer (nothing is kept inside a transaction). */
async function reference(services: Services, tenantId: number, userId: number, reportId: number) {
  const ctx = await contextFor(services, tenantId, userId);
  return services.db.transaction().execute(async (tx) => {
    const inTx = { ...ctx, db: tx };
    return runReport(inTx, await loadReport(inTx, { reportId }), reportQuery.parse({}));
  });
}

/**
 * Decision 0089: the group partials are kept in the database too, so a process that starts (or
 * another process) reads again only the chunks written since, never every record, and stays
 * coherent: a write through any process shows in the very next read through any other.
 */
describe.each(engines)('group partials kept across restarts on %s', (engine) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof arrange>>;
  const cache = () => reportResultCache(t.services.db);
  /** What a start leaves of the kept results: nothing in memory. */
  const restart = () => {
    cache().clear();
    keptAnswers(t.services.db).clear();
  };
  const expectWhole = async (client: Client = t.admin) => {
    const body = await runOk(client, s.report);
    expect(summary(body)).toEqual(summary(await reference(t.services, t.tenantId, t.adminId, s.report)));
    return body;
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    s = await arrange(t);
  });
  afterAll(() => t.close());

  it('after a start reads no chunk again when nothing was written, and only those written since', async () => {
    await expectWhole();
    restart();
    let refreshed = cache().stats.refreshed;
    await expectWhole();
    expect(cache().stats.refreshed).toBe(refreshed + 1);

    expect((await t.admin.put([{ id: s.deals[6]!, fields: { amount: 1000 } }])).status).toBe(200);
    restart();
    refreshed = cache().stats.refreshed;
    const body = await expectWhole();
    expect(cache().stats.refreshed).toBe(refreshed + 1);
    expect(body.total.aggs.amount[0].value).toBe(340 - 11 + 1000);
  });

  it('a kept state that is not one is ignored: the whole aggregate, then kept again', async () => {
    await expectWhole();
    for (const state of [
      'not json',
      '{"format":1,"form":"targets","chunks":[[0,"AAAA","AA"]]}',
      '{}',
      '[]',
    ]) {
      await sql`UPDATE kept_partials SET state = ${state} WHERE tenant_id = ${t.tenantId}`.execute(
        t.services.db,
      );
      restart();
      const refreshed = cache().stats.refreshed;
      await expectWhole();
      expect(cache().stats.refreshed).toBe(refreshed);
    }
    restart();
    const refreshed = cache().stats.refreshed;
    await expectWhole();
    expect(cache().stats.refreshed).toBe(refreshed + 1);
  });

  it("another tenant's kept partials are never read", async () => {
    const other = await t.addTenant('other');
    const theirs = await arrange({ ...t, admin: other.admin, tenantId: other.tenantId });
    await runOk(other.admin, theirs.report);
    // Only theirs are kept: ours (the same report, statements and keys but for the tenant) are read whole.
    await sql`DELETE FROM kept_partials WHERE tenant_id = ${t.tenantId}`.execute(t.services.db);
    const kept = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM kept_partials WHERE tenant_id = ${other.tenantId}`.execute(t.services.db);
    expect(Number(kept.rows[0]!.n)).toBeGreaterThan(0);
    restart();
    const refreshed = cache().stats.refreshed;
    await expectWhole();
    expect(cache().stats.refreshed).toBe(refreshed);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('group partials kept by one process, read by another', () => {
  let two: TwoApps;
  let s: Awaited<ReturnType<typeof arrange>>;
  beforeAll(async () => {
    two = await startTwoApps();
    s = await arrange(two.t);
  });
  afterAll(() => two.close());

  it('B starts from what A kept and sees a write through A at its very next read, and A one through B', async () => {
    const { t } = two;
    const onB = two.onB(t.admin);
    const whole = async () => summary(await reference(t.services, t.tenantId, t.adminId, s.report));
    expect(summary(await runOk(t.admin, s.report))).toEqual(await whole());
    // B has nothing in memory: it reads A's partials and no chunk again.
    const cacheB = reportResultCache(two.servicesB.db);
    let refreshed = cacheB.stats.refreshed;
    expect(summary(await runOk(onB, s.report))).toEqual(await whole());
    expect(cacheB.stats.refreshed).toBe(refreshed + 1);

    for (let step = 0; step < 4; step++) {
      const [writer, reader] = step % 2 === 0 ? [t.admin, onB] : [onB, t.admin];
      const res = await writer.put([{ id: s.deals[step * 5 + 1]!, fields: { amount: 500 + step } }]);
      expect(res.status).toBe(200);
      expect(summary(await runOk(reader, s.report))).toEqual(await whole());
    }
    // A start of B after writes through A: B reads the chunks written since A kept its partials.
    cacheB.clear();
    expect(
      (await t.admin.put([{ id: s.deals[0]!, relationships: { stage: { set: [s.stages.Won!] } } }])).status,
    ).toBe(200);
    refreshed = cacheB.stats.refreshed;
    expect(summary(await runOk(onB, s.report))).toEqual(await whole());
    expect(cacheB.stats.refreshed).toBe(refreshed + 1);
  });
});
