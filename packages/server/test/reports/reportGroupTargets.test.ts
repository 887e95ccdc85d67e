import { reportQuery, sysType } from '@plinth/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contextFor } from '../../src/auth/contextFor.js';
import { chunkIdsOf } from '../../src/data/chunkMarkers.js';
import { reportResultCache } from '../../src/reports/resultCache.js';
import { loadReport, runReport } from '../../src/reports/runReport.js';
import { firstRead } from '../../src/reports/totals/segmentedAggregates.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import { createReport, createRole, fieldColumn, putRecords, relColumn, runOk } from './reportSupport.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const NAME = 100;

type Header = { vals: Array<{ eid: number; val: unknown }> };
type Group = { hdrs: Header[]; count: number; aggs: unknown };

/**
 * Decision 0089: partials of a relationship's groups are kept by the related record's id and named
 * afterwards. Related records the caller may not read fall into the one blank group, with the
 * records linked to none, and their counts and aggregates are merged into it.
 */
describe.each(engines)('groups of a relationship named after their partials on %s', (engine) => {
  let t: TestApp;
  let deal: { typeId: number; fieldIds: Record<string, number> };
  let account: { typeId: number; fieldIds: Record<string, number> };
  let owner: Client;
  let ownerId: number;
  let byAccount: number;
  let byAccountDown: number;
  let byAccountAndStage: number;
  const a: Record<string, number> = {};
  const s: Record<string, number> = {};
  const deals: number[] = [];
  const cache = () => reportResultCache(t.services.db);

  /** The groups as header ids and names, counts and aggregates. */
  const groupsOf = (body: { rdata?: Group[] }) =>
    (body.rdata ?? []).map((g) => [g.hdrs.map((h) => h.vals.map((v) => [v.eid, v.val])), g.count, g.aggs]);

  /** The same question answered by the whole statements, which join the names (nothing is kept in a transaction). */
  const reference = async (reportId: number, userId: number, query: Record<string, unknown>) => {
    const ctx = await contextFor(t.services, t.tenantId, userId);
    return t.services.db.transaction().execute(async (tx) => {
      const inTx = { ...ctx, db: tx };
      return runReport(inTx, await loadReport(inTx, { reportId }), reportQuery.parse(query));
    });
  };
  const expectFresh = async (client: Client, userId: number, reportId: number, query = {}) => {
    const body = await runOk(client, reportId, query);
    const whole = await reference(reportId, userId, query);
    expect(groupsOf(body)).toEqual(groupsOf(whole as never));
    expect(body.total).toEqual(whole.total);
    return body;
  };
  const skipToNextChunk = () =>
    sql`UPDATE tenants SET next_id = (next_id / ${chunkIdsOf(engine)} + 2) * ${chunkIdsOf(engine)} WHERE id = ${t.tenantId}`.execute(
      t.services.db,
    );

  beforeAll(async () => {
    // A first read by related id goes a chunk a statement here, as a million records' would.
    firstRead.idsPerStatement = 1;
    t = await startTestApp(engine);
    account = await defineType(t.admin, 'Account', [{ name: 'City', script: 'city', type: 'Text' }]);
    const stage = await defineType(t.admin, 'Stage', [], sysType.enumValue);
    deal = await defineType(t.admin, 'Deal', [{ name: 'Amount', script: 'amount', type: 'Currency' }]);
    const accountRel = await defineRelationship(
      t.admin,
      'lookup',
      deal.typeId,
      account.typeId,
      'account',
      'deals',
    );
    const stageRel = await defineRelationship(
      t.admin,
      'choiceField',
      deal.typeId,
      stage.typeId,
      'stage',
      'deals',
    );
    // The owner reads every deal and stage, but only the accounts they own.
    const role = await createRole(t.admin, 'Own accounts', [
      { typeId: deal.typeId, canRead: true, canCreate: true, canModify: true },
      { typeId: account.typeId, canRead: true, canCreate: true, ownedOnly: true },
      { typeId: stage.typeId, canRead: true },
      { typeId: sysType.report, canRead: true },
    ]);
    ownerId = await t.addUser('owner', [role]);
    owner = await t.login('owner');
    Object.assign(
      s,
      await putRecords(
        t.admin,
        ['Open', 'Won'].map((name, i) => ({
          id: `new:${name}`,
          typeId: stage.typeId,
          fields: { name, enumOrder: i },
        })),
      ),
    );
    // The administrator's accounts, one named as one of the owner's: hidden from the owner, never merged with it.
    Object.assign(
      a,
      await putRecords(t.admin, [
        { id: 'new:Acme', typeId: account.typeId, fields: { name: 'Acme', city: 'Perth' } },
        { id: 'new:Zeta', typeId: account.typeId, fields: { name: 'Zeta', city: 'Oslo' } },
      ]),
    );
    const mine = await putRecords(owner, [
      { id: 'new:Acme', typeId: account.typeId, fields: { name: 'Acme', city: 'Perth' } },
      { id: 'new:beta', typeId: account.typeId, fields: { name: 'beta', city: 'Oslo' } },
    ]);
    a.ownAcme = mine.Acme!;
    a.beta = mine.beta!;
    const targets = [a.Acme, a.Zeta, a.ownAcme, a.beta, undefined];
    // Deals over several chunks, linked to each account in turn and to none.
    for (let c = 0; c < 3; c++) {
      await skipToNextChunk();
      const made = await putRecords(
        t.admin,
        Array.from({ length: 10 }, (_, i) => {
          const to = targets[(c + i) % targets.length];
          return {
            id: `new:d${c}-${i}`,
            typeId: deal.typeId,
            fields: { name: `d${c}-${i}`, amount: i === 3 ? null : 100 * c + i + 0.5 },
            relationships: {
              ...(to === undefined ? {} : { account: { set: [to] } }),
              stage: { set: [i % 2 === 0 ? s.Open! : s.Won!] },
            },
          };
        }),
      );
      deals.push(...Object.values(made));
    }
    const columns = [
      fieldColumn('name', NAME),
      fieldColumn('amount', deal.fieldIds.amount!),
      relColumn('account', accountRel),
      relColumn('stage', stageRel),
      fieldColumn('city', account.fieldIds.city!, [{ relId: accountRel, direction: 'fwd' }]),
    ];
    const aggregates = [{ columnId: 'amount', kinds: ['Sum', 'Average', 'Min', 'Max', 'Count', 'CountAll'] }];
    const grouped = (groups: Array<{ columnId: string; order: string }>) =>
      createReport(t.admin, {
        rootTypeId: deal.typeId,
        columns,
        groups,
        conditions: [
          { id: 'account', columnId: 'account' },
          { id: 'city', columnId: 'city' },
          { id: 'amount', columnId: 'amount' },
        ],
        sorts: [{ columnId: 'name', order: 'Ascending' }],
        aggregates,
        showGrandTotals: true,
      });
    byAccount = await grouped([{ columnId: 'account', order: 'Ascending' }]);
    byAccountDown = await grouped([{ columnId: 'account', order: 'Descending' }]);
    byAccountAndStage = await grouped([
      { columnId: 'account', order: 'Ascending' },
      { columnId: 'stage', order: 'Descending' },
    ]);
  });
  afterAll(async () => {
    firstRead.idsPerStatement = 65_536;
    await t.close();
  });

  it('puts the deals of accounts the caller may not read into the blank group, merged', async () => {
    const body = await expectFresh(owner, ownerId, byAccount);
    const groups = body.rdata as Group[];
    expect(groups.map((g) => g.hdrs[0]!.vals.map((v) => v.eid))).toEqual([[], [a.ownAcme], [a.beta]]);
    // Blank: the deals linked to none and to the administrator's two accounts, 6 + 6 + 6 of 30.
    expect(groups.map((g) => g.count)).toEqual([18, 6, 6]);
    const blankAmounts = deals
      .map((id, n) => ({ id, n, c: Math.floor(n / 10), i: n % 10 }))
      .filter(({ c, i }) => [0, 1, 4].includes((c + i) % 5) && i !== 3)
      .map(({ c, i }) => 100 * c + i + 0.5);
    const aggs = (groups[0]!.aggs as { amount: Array<{ kind: string; value: unknown }> }).amount;
    const value = (kind: string) => aggs.find((x) => x.kind === kind)?.value;
    expect(value('Sum')).toBeCloseTo(
      blankAmounts.reduce((x, y) => x + y, 0),
      6,
    );
    expect(value('Count')).toBe(blankAmounts.length);
    expect(value('CountAll')).toBe(18);
    expect(value('Min')).toBe(Math.min(...blankAmounts));
    expect(value('Max')).toBe(Math.max(...blankAmounts));
    expect(body.total.count).toBe(30);
    // The administrator sees both Acme accounts as groups of their own, by id.
    const all = await expectFresh(t.admin, t.adminId, byAccount);
    expect((all.rdata as Group[]).map((g) => g.hdrs[0]!.vals.map((v) => v.eid))).toEqual([
      [],
      [a.Acme, a.ownAcme].sort((x, y) => x! - y!).slice(0, 1),
      [a.Acme, a.ownAcme].sort((x, y) => x! - y!).slice(1),
      [a.beta],
      [a.Zeta],
    ]);
  });

  it('keeps the blank group lowest in a descending order, and under two levels', async () => {
    const down = await expectFresh(owner, ownerId, byAccountDown);
    expect((down.rdata as Group[]).map((g) => g.hdrs[0]!.vals.map((v) => v.val))).toEqual([
      ['beta'],
      ['Acme'],
      [],
    ]);
    const two = await expectFresh(owner, ownerId, byAccountAndStage);
    expect(
      (two.rdata as Group[]).map((g) => [
        g.hdrs[0]!.vals.map((v) => v.val)[0] ?? null,
        g.hdrs[1]!.vals[0]?.val,
      ]),
    ).toEqual([
      [null, 'Won'],
      [null, 'Open'],
      ['Acme', 'Won'],
      ['Acme', 'Open'],
      ['beta', 'Won'],
      ['beta', 'Open'],
    ]);
  });

  it('stays merged after writes read by chunk: a link to a hidden account, a new account, a rename', async () => {
    await expectFresh(owner, ownerId, byAccount);
    const writes: Array<() => Promise<unknown>> = [
      // A deal of the owner's account moves to a hidden one: the blank group grows by chunk.
      () => t.admin.put([{ id: deals[2]!, relationships: { account: { set: [a.Zeta!] } } }]),
      () => t.admin.put([{ id: deals[12]!, fields: { amount: 9999.25 } }]),
      // A new account of the owner's, linked in one chunk: a new group, read by chunk.
      async () => {
        const made = await putRecords(owner, [
          { id: 'new:Gamma', typeId: account.typeId, fields: { name: 'Gamma' } },
        ]);
        a.Gamma = made.Gamma!;
        return t.admin.put([{ id: deals[21]!, relationships: { account: { set: [a.Gamma] } } }]);
      },
      // The hidden account renamed: still hidden, still blank.
      () => t.admin.put([{ id: a.Zeta!, fields: { name: 'Aardvark' } }]),
      () => t.admin.put([], [deals[0]!]),
    ];
    for (const write of writes) {
      await runOk(owner, byAccount);
      const res = (await write()) as { status?: number } | undefined;
      if (res?.status !== undefined) expect(res.status).toBe(200);
      await expectFresh(owner, ownerId, byAccount);
      await expectFresh(t.admin, t.adminId, byAccount);
      await expectFresh(owner, ownerId, byAccountAndStage);
    }
    const body = await runOk(owner, byAccount);
    expect((body.rdata as Group[]).map((g) => g.hdrs[0]!.vals.map((v) => v.val)[0] ?? null)).toEqual([
      null,
      'Acme',
      'beta',
      'Gamma',
    ]);
    expect(cache().stats.refreshed).toBeGreaterThan(0);
  });

  it('answers as the whole statements under conditions on the relationship and on the related record', async () => {
    const queries = [
      { conds: [{ expid: 'account', oper: 'AnyOf', valueList: [a.Acme, a.ownAcme] }] },
      { conds: [{ expid: 'account', oper: 'IsNull' }] },
      { conds: [{ expid: 'account', oper: 'NotEqual', value: a.beta }] },
      { conds: [{ expid: 'city', oper: 'Equal', value: 'Perth' }] },
      { conds: [{ expid: 'city', oper: 'IsNull' }] },
      { conds: [{ expid: 'amount', oper: 'GreaterThan', value: 100 }] },
      { quickSearch: 'd1-' },
    ];
    for (const query of queries)
      for (const reportId of [byAccount, byAccountDown, byAccountAndStage]) {
        await expectFresh(owner, ownerId, reportId, query);
        await expectFresh(t.admin, t.adminId, reportId, query);
      }
    // A relationship's NotEqual names its record by value (it built an empty IN () list: a 500 on PostgreSQL).
    const notBeta = await runOk(owner, byAccount, queries[2]!);
    expect((notBeta.rdata as Group[]).map((g) => g.hdrs[0]!.vals.map((v) => v.val)[0] ?? null)).toEqual([
      null,
      'Acme',
      'Gamma',
    ]);
  });
});
