import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import {
  createReport,
  createRole,
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

/** The records the tests insert; every expectation below is worked out from this table. */
interface Lead {
  k: string;
  region: string | null;
  tier: string | null;
  amount: number;
  stage: 'Lost' | 'Open' | 'Won' | null;
  hot: boolean | null;
  /** Put by the user who may read only their own leads. */
  owned: boolean;
}
const leads: Lead[] = [
  { k: 'l01', region: null, tier: 'Gold', amount: 10, stage: 'Won', hot: null, owned: false },
  { k: 'l02', region: 'East', tier: 'Gold', amount: 20, stage: 'Lost', hot: false, owned: true },
  { k: 'l03', region: 'East', tier: 'Silver', amount: 30, stage: 'Won', hot: true, owned: false },
  { k: 'l04', region: 'North', tier: 'Gold', amount: 40, stage: 'Won', hot: false, owned: true },
  { k: 'l05', region: 'North', tier: 'Gold', amount: 50, stage: 'Lost', hot: true, owned: false },
  { k: 'l06', region: 'North', tier: 'Silver', amount: 60, stage: null, hot: false, owned: true },
  { k: 'l07', region: 'North', tier: 'Silver', amount: 70, stage: 'Won', hot: true, owned: true },
  { k: 'l08', region: 'North', tier: 'Gold', amount: 80, stage: 'Open', hot: false, owned: false },
  { k: 'l09', region: 'North', tier: null, amount: 90, stage: 'Won', hot: true, owned: true },
  { k: 'l10', region: 'South', tier: 'Gold', amount: 100, stage: 'Lost', hot: false, owned: false },
  { k: 'l11', region: 'South', tier: 'Silver', amount: 110, stage: 'Won', hot: true, owned: true },
  { k: 'l12', region: null, tier: 'Silver', amount: 120, stage: 'Open', hot: false, owned: true },
  { k: 'l13', region: 'North', tier: 'Gold', amount: 130, stage: 'Won', hot: true, owned: true },
];

describe.each(engines)("a group's Load more on %s", (engine) => {
  let t: TestApp;
  let owner: Client;
  const ids: Record<string, number> = {};
  const stageIds: Record<string, number> = {};
  let byRegion: number;
  let byStage: number;
  let byRegionAndTier: number;
  let byHot: number;
  let flat: number;
  const of = (keys: string[]) => keys.map((k) => ids[k]!);
  /** Runs the report for one group's rows: `values` as the report sent them in `rdata.hdrs`. */
  const more = (
    client: Client,
    reportId: number,
    values: unknown[],
    startIndex: number,
    pageSize: number,
    extra: Record<string, unknown> = {},
  ) => runOk(client, reportId, { metadata: 'none', pageSize, ...extra, group: { values, startIndex } });

  beforeAll(async () => {
    t = await startTestApp(engine);
    const lead = await defineType(t.admin, 'Lead', [
      { name: 'Region', script: 'region', type: 'Text' },
      { name: 'Tier', script: 'tier', type: 'Text' },
      { name: 'Amount', script: 'amount', type: 'Currency' },
      { name: 'Hot', script: 'hot', type: 'Boolean' },
    ]);
    const stage = await defineType(t.admin, 'LeadStage', [], sysType.enumValue);
    const stageRel = await defineRelationship(
      t.admin,
      'choiceField',
      lead.typeId,
      stage.typeId,
      'stage',
      'leads',
    );
    Object.assign(
      stageIds,
      await putRecords(
        t.admin,
        ['Won', 'Lost', 'Open'].map((name) => ({
          id: `new:${name}`,
          typeId: stage.typeId,
          fields: { name },
        })),
      ),
    );
    const ownRole = await createRole(t.admin, 'Own leads', [
      { typeId: lead.typeId, canRead: true, canCreate: true, canModify: true, ownedOnly: true },
      { typeId: stage.typeId, canRead: true },
      { typeId: sysType.report, canRead: true },
    ]);
    await t.addUser('owner', [ownRole]);
    owner = await t.login('owner');
    for (const owned of [false, true]) {
      Object.assign(
        ids,
        await putRecords(
          owned ? owner : t.admin,
          leads
            .filter((l) => l.owned === owned)
            .map((l) => ({
              id: `new:${l.k}`,
              typeId: lead.typeId,
              fields: { name: l.k, region: l.region, tier: l.tier, amount: l.amount, hot: l.hot },
              relationships: (l.stage ? { stage: { set: [stageIds[l.stage]!] } } : {}) as Record<
                string,
                { set: number[] }
              >,
            })),
        ),
      );
    }

    const columns = [
      fieldColumn('name', 100),
      fieldColumn('region', lead.fieldIds.region!),
      fieldColumn('tier', lead.fieldIds.tier!),
      fieldColumn('amount', lead.fieldIds.amount!),
      fieldColumn('hot', lead.fieldIds.hot!),
      relColumn('stage', stageRel),
    ];
    const base = {
      rootTypeId: lead.typeId,
      columns,
      sorts: [{ columnId: 'name', order: 'Ascending' }],
      aggregates: [{ columnId: 'amount', kinds: ['Sum'] }],
    };
    byRegion = await createReport(t.admin, { ...base, groups: [{ columnId: 'region', order: 'Ascending' }] });
    byStage = await createReport(t.admin, { ...base, groups: [{ columnId: 'stage', order: 'Ascending' }] });
    byRegionAndTier = await createReport(t.admin, {
      ...base,
      groups: [
        { columnId: 'region', order: 'Ascending' },
        { columnId: 'tier', order: 'Ascending' },
      ],
    });
    byHot = await createReport(t.admin, { ...base, groups: [{ columnId: 'hot', order: 'Ascending' }] });
    flat = await createReport(t.admin, base);
  });
  afterAll(() => t.close());

  // Region groups, blank first, each by name: (blank) l01 l12 | East l02 l03 | North l04 l05 l06 l07
  // l08 l09 l13 | South l10 l11.
  it('loads the rows of the middle group, past the first page, one page and the extra row at a time', async () => {
    const first = await runOk(t.admin, byRegion, { pageSize: 4 });
    expect(rowIds(first)).toEqual(of(['l01', 'l12', 'l02', 'l03']));
    const north = first.rdata[2].hdrs;
    expect(north).toEqual([{ val: 'North' }]);
    expect(first.rdata[2].count).toBe(7);

    const a = await more(t.admin, byRegion, north, 0, 3);
    expect(rowIds(a)).toEqual(of(['l04', 'l05', 'l06']));
    const b = await more(t.admin, byRegion, north, 2, 3);
    expect(rowIds(b)).toEqual(of(['l06', 'l07', 'l08']));
    // The last rows of the group: no extra row, and nothing of South after them.
    const c = await more(t.admin, byRegion, north, 5, 3);
    expect(rowIds(c)).toEqual(of(['l09', 'l13']));
    expect(rowIds(await more(t.admin, byRegion, north, 7, 3))).toEqual([]);
    expect(rowIds(await more(t.admin, byRegion, north, 500, 3))).toEqual([]);
    // The groups and totals come along, as with any page.
    expect(c.rdata.map((g: { count: number }) => g.count)).toEqual([2, 2, 7, 2]);
    expect(c.pageSize).toBe(3);
  });

  it('applies the conditions, quick search, sort and access rules of the report', async () => {
    // The owner reads only their own leads; of North those are l04 l06 l07 l09 l13.
    const own = await runOk(owner, byRegion, { pageSize: 1 });
    const north = own.rdata.find((g: { hdrs: Array<{ val: unknown }> }) => g.hdrs[0]!.val === 'North');
    expect(north.count).toBe(5);
    expect(rowIds(await more(owner, byRegion, north.hdrs, 1, 10))).toEqual(of(['l06', 'l07', 'l09', 'l13']));

    // Amount over 45 leaves l06 l07 l09 l13; a search for 'l0' (names) leaves l06 l07 l09.
    const conds = [{ expid: 'amount', oper: 'GreaterThan', value: 45 }];
    expect(rowIds(await more(owner, byRegion, north.hdrs, 1, 10, { conds }))).toEqual(
      of(['l07', 'l09', 'l13']),
    );
    expect(rowIds(await more(owner, byRegion, north.hdrs, 0, 10, { conds, quickSearch: 'l0' }))).toEqual(
      of(['l06', 'l07', 'l09']),
    );

    // A query sort orders the group's rows: North by amount from the highest.
    const sort = [{ colid: 'amount', order: 'Descending' }];
    expect(rowIds(await more(t.admin, byRegion, [{ val: 'North' }], 2, 3, { sort }))).toEqual(
      of(['l08', 'l07', 'l06']),
    );
    // Another user's leads are not in the owner's group, whatever they ask.
    expect(rowIds(await more(owner, byRegion, [{ val: 'East' }], 0, 10))).toEqual(of(['l02']));
  });

  it('loads the rows of the blank group', async () => {
    const first = await runOk(t.admin, byRegion, { pageSize: 1 });
    expect(first.rdata[0].hdrs).toEqual([{ val: null }]);
    expect(rowIds(await more(t.admin, byRegion, [{ val: null }], 1, 5))).toEqual(of(['l12']));
  });

  it('loads the rows of a choice group by the choice record, and of the blank choice', async () => {
    const first = await runOk(t.admin, byStage, { pageSize: 1 });
    // (blank) l06 | Lost l02 l05 l10 | Open l08 l12 | Won l01 l03 l04 l07 l09 l11 l13.
    expect(first.rdata.map((g: { hdrs: unknown }) => g.hdrs)).toEqual([
      [{ vals: [] }],
      [{ vals: [{ eid: stageIds.Lost, val: 'Lost' }] }],
      [{ vals: [{ eid: stageIds.Open, val: 'Open' }] }],
      [{ vals: [{ eid: stageIds.Won, val: 'Won' }] }],
    ]);
    expect(rowIds(await more(t.admin, byStage, first.rdata[3].hdrs, 3, 10))).toEqual(
      of(['l07', 'l09', 'l11', 'l13']),
    );
    expect(rowIds(await more(t.admin, byStage, [{ vals: [] }], 0, 10))).toEqual(of(['l06']));
    // The record id names the choice: a name changed since does not matter.
    expect(
      rowIds(await more(t.admin, byStage, [{ vals: [{ eid: stageIds.Open, val: 'x' }] }], 0, 10)),
    ).toEqual(of(['l08', 'l12']));
  });

  it('loads the rows of an inner group, or of an outer group across its inner groups', async () => {
    const first = await runOk(t.admin, byRegionAndTier, { pageSize: 1 });
    // North: (blank) l09 | Gold l04 l05 l08 l13 | Silver l06 l07.
    expect(first.rdata.map((g: { hdrs: Array<{ val: unknown }> }) => g.hdrs.map((h) => h.val))).toEqual([
      [null, 'Gold'],
      [null, 'Silver'],
      ['East', 'Gold'],
      ['East', 'Silver'],
      ['North', null],
      ['North', 'Gold'],
      ['North', 'Silver'],
      ['South', 'Gold'],
      ['South', 'Silver'],
    ]);
    const northGold = [{ val: 'North' }, { val: 'Gold' }];
    expect(rowIds(await more(t.admin, byRegionAndTier, northGold, 1, 2))).toEqual(of(['l05', 'l08']));
    expect(rowIds(await more(t.admin, byRegionAndTier, [{ val: 'North' }, { val: null }], 0, 5))).toEqual(
      of(['l09']),
    );
    expect(rowIds(await more(t.admin, byRegionAndTier, [{ val: 'North' }], 0, 10))).toEqual(
      of(['l09', 'l04', 'l05', 'l08', 'l13', 'l06', 'l07']),
    );
    expect(rowIds(await more(t.admin, byRegionAndTier, [{ val: 'North' }], 4, 2))).toEqual(
      of(['l13', 'l06']),
    );
  });

  it('loads the rows of a yes/no group, and keeps to the top N under a result limit', async () => {
    // (blank) l01 | No l02 l04 l06 l08 l10 l12 | Yes l03 l05 l07 l09 l11 l13.
    expect(rowIds(await more(t.admin, byHot, [{ val: true }], 2, 3))).toEqual(of(['l07', 'l09', 'l11']));
    expect(rowIds(await more(t.admin, byHot, [{ val: false }], 4, 5))).toEqual(of(['l10', 'l12']));
    // The top 6 rows are l01 l12 l02 l03 l04 l05: two of North.
    const limit = { limitOperator: 'ResultLimit', limitValue: 6 };
    expect(rowIds(await more(t.admin, byRegion, [{ val: 'North' }], 0, 10, limit))).toEqual(
      of(['l04', 'l05']),
    );
    expect(rowIds(await more(t.admin, byRegion, [{ val: 'North' }], 1, 10, limit))).toEqual(of(['l05']));
  });

  it('answers 400 for a group the report does not have, never a crash', async () => {
    const bad = async (reportId: number, group: unknown, message?: RegExp) => {
      const res = await runReport(t.admin, reportId, { metadata: 'none', pageSize: 5, group });
      expectError(res, 400);
      if (message) expect(res.body.error.message).toMatch(message);
    };
    const notOne = /not one of the report's groups/;
    await bad(byRegion, { values: [{ val: 'West' }], startIndex: 0 }, notOne);
    await bad(byRegion, { values: [{ val: "North' OR '1'='1" }], startIndex: 0 }, notOne);
    await bad(byRegion, { values: [{ val: 'north' }], startIndex: 0 }, notOne);
    await bad(byRegion, { values: [{ val: 7 }], startIndex: 0 }, notOne);
    await bad(byRegion, { values: [{ vals: [{ eid: ids.l04 }] }], startIndex: 0 }, notOne);
    await bad(byStage, { values: [{ val: 'Won' }], startIndex: 0 }, notOne);
    await bad(byStage, { values: [{ vals: [{ eid: ids.l04, val: 'Won' }] }], startIndex: 0 }, notOne);
    await bad(byRegion, { values: [{ val: 'North' }, { val: 'Gold' }], startIndex: 0 }, /2 levels/);
    await bad(flat, { values: [{ val: 'North' }], startIndex: 0 }, /not grouped/);
    await bad(byRegion, { values: [], startIndex: 0 });
    await bad(byRegion, { values: [{ val: 'North' }], startIndex: -1 });
    await bad(byRegion, { values: [{ val: { $ne: 1 } }], startIndex: 0 });
    await bad(byRegion, { values: [{ val: 'North' }] });
    await bad(byRegion, { values: 'North', startIndex: 0 });
    // The owner cannot learn of a group of records they cannot read by naming it.
    const ownerReads = await runReport(owner, byStage, {
      pageSize: 5,
      group: { values: [{ vals: [{ eid: stageIds.Open }] }], startIndex: 0 },
      conds: [{ expid: 'amount', oper: 'LessThan', value: 100 }],
    });
    expectError(ownerReads, 400);
  });
});
