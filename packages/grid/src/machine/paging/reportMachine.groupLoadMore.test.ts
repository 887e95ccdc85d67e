import type { ReportRunResponse } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { startReport } from '../reportMachineHarness.js';
import type { ReportActorInputs } from '../reportMachineTypes.js';
import { countText, groupsWithMore } from '../reportSelectors.js';

type Query = ReportActorInputs['fetchReportResults']['query'];

/** A report of 76 deals grouped by stage, ten to a page: A 1-7, B 8-32, C 33-36, D 37-76 (eid = row + 1). */
const stages: Array<[string, number]> = [
  ['A', 7],
  ['B', 25],
  ['C', 4],
  ['D', 40],
];
const stageOf = (index: number) => {
  let before = 0;
  for (const [stage, count] of stages) {
    if (index < before + count) return stage;
    before += count;
  }
  return '?';
};
const recordCount = stages.reduce((n, [, count]) => n + count, 0);

/**
 * The server of the report: a page of the report, or with `group` the next rows of that group
 * only. `cut` answers fewer rows of a group than it counts (records deleted meanwhile).
 */
function groupedAnswer(query: Query, cut: Record<string, number> = {}): ReportRunResponse {
  let from = query.startIndex;
  let to = recordCount;
  if (query.group) {
    const value = query.group.values[0];
    const at = stages.findIndex(([stage]) => value && 'val' in value && value.val === stage);
    if (at < 0) throw new Error("The group to load more rows of is not one of the report's groups.");
    const start = stages.slice(0, at).reduce((n, [, count]) => n + count, 0);
    const [stage, count] = stages[at]!;
    from = start + Math.min(query.group.startIndex, count);
    to = start + (cut[stage] ?? count);
  }
  const gdata = [];
  for (let i = from; i < Math.min(to, from + query.pageSize); i++)
    gdata.push({ eid: i + 1, values: [{ val: `Deal ${i + 1}` }, { val: stageOf(i) }] });
  return {
    ...(query.metadata === 'none'
      ? {}
      : {
          meta: {
            title: 'Deals by stage',
            rootTypeId: 10_001,
            rcols: {
              name: { title: 'Name', type: 'String' as const, ord: 0, hide: false, entityname: true },
              stage: { title: 'Stage', type: 'String' as const, ord: 1, hide: false },
            },
            sort: [{ colid: 'name', order: 'Ascending' as const }],
            anlcols: {},
            rmeta: {
              groups: [{ colid: 'stage', order: 'Ascending' as const }],
              aggs: {},
              showst: true,
              showgt: false,
              showcnt: true,
            },
          },
        }),
    gdata,
    rdata: stages.map(([stage, count]) => ({ hdrs: [{ val: stage }], aggs: {}, count })),
    pageSize: query.pageSize,
    lrt: '2026-11-22T03:00:00.000Z',
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function startGrouped(cut: Record<string, number> = {}) {
  return startReport({
    input: { pageSize: 10 },
    stubs: { fetchReportResults: async ({ query }) => groupedAnswer(query, cut) },
  });
}

describe("report machine: a group's Load more", () => {
  it("reads the next rows of that group only and puts them after the group's last loaded row", async () => {
    const report = startGrouped();
    await report.settled();
    const eids = () => report.snapshot().context.rows.map((r) => r.eid);
    expect(eids()).toEqual(range(1, 10));
    // A is loaded whole; B has 3 of 25 loaded; C and D none.
    expect(groupsWithMore(report.snapshot())).toEqual(new Set(['B', 'C', 'D']));

    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'B' });
    await report.settled();
    expect(report.queries().at(-1)).toEqual({
      startIndex: 0,
      pageSize: 11,
      metadata: 'none',
      usage: 'Default',
      group: { values: [{ val: 'B' }], startIndex: 3 },
    });
    expect(eids()).toEqual(range(1, 20));

    // B again: ten pages (spec 02 §9), of which the last 12 rows of B come back, without the extra
    // row.
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'B' });
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({
      pageSize: 101,
      group: { values: [{ val: 'B' }], startIndex: 13 },
    });
    expect(eids()).toEqual(range(1, 32));

    // D, whose rows are not next to those loaded: one page again, after them.
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'D' });
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({
      pageSize: 11,
      group: { values: [{ val: 'D' }], startIndex: 0 },
    });
    expect(eids()).toEqual([...range(1, 32), ...range(37, 46)]);
    expect(groupsWithMore(report.snapshot())).toEqual(new Set(['C', 'D']));
    // The rows read in the report's order end with B's.
    expect(countText(report.snapshot())).toBe('32 of many');

    // B has no more: nothing is asked.
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'B' });
    await report.settled();
    expect(report.calls.fetchReportResults).toHaveLength(4);
    expect(report.snapshot().context.page).toBe(1);
    expect(report.snapshot().context.hasMore).toBe(true);
  });

  it('live scroll then reads on from the rows read in order, skipping rows a group already loaded', async () => {
    const report = startGrouped();
    await report.settled();
    const eids = () => report.snapshot().context.rows.map((r) => r.eid);
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'D' });
    await report.settled();
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'B' });
    await report.settled();
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'B' });
    await report.settled();
    expect(eids()).toEqual([...range(1, 32), ...range(37, 46)]);

    report.actor.send({ type: 'LOAD_NEXT_PAGE' });
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({ startIndex: 32, pageSize: 11 });
    expect(report.queries().at(-1)).not.toHaveProperty('group');
    // C's rows go before D's; D's rows 37-42 were loaded already.
    expect(eids()).toEqual(range(1, 46));
    expect(countText(report.snapshot())).toBe('42 of many');

    // D goes on after the rows its own Load more read.
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'D' });
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({
      pageSize: 11,
      group: { values: [{ val: 'D' }], startIndex: 10 },
    });
    expect(eids()).toEqual(range(1, 56));
    expect(countText(report.snapshot())).toBe('42 of many');
  });

  it('on a later page, a group before it loads from its first row, the group it ends in from after it', async () => {
    const report = startGrouped();
    await report.settled();
    const eids = () => report.snapshot().context.rows.map((r) => r.eid);
    report.actor.send({ type: 'GOTO_PAGE', page: 2 });
    await report.settled();
    expect(eids()).toEqual(range(11, 20));
    expect(groupsWithMore(report.snapshot())).toEqual(new Set(['A', 'B', 'C', 'D']));

    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'A' });
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({ group: { values: [{ val: 'A' }], startIndex: 0 } });
    expect(eids()).toEqual([...range(1, 7), ...range(11, 20)]);
    expect(groupsWithMore(report.snapshot())).toEqual(new Set(['B', 'C', 'D']));

    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'B' });
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({
      pageSize: 11,
      group: { values: [{ val: 'B' }], startIndex: 13 },
    });
    expect(eids()).toEqual([...range(1, 7), ...range(11, 30)]);
    expect(report.snapshot().context.page).toBe(2);
    expect(countText(report.snapshot())).toBe('30 of many');
  });

  it('hides Load more when a group answers without the extra row, though its count says more', async () => {
    const report = startGrouped({ C: 2 });
    await report.settled();
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'C' });
    await report.settled();
    expect(report.snapshot().context.rows.map((r) => r.eid)).toEqual([...range(1, 10), 33, 34]);
    expect(groupsWithMore(report.snapshot())).toEqual(new Set(['B', 'D']));
  });

  it('forgets what groups read when the rows are replaced (sort, search, paging)', async () => {
    const report = startGrouped();
    await report.settled();
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'C' });
    await report.settled();
    expect(groupsWithMore(report.snapshot())).toEqual(new Set(['B', 'D']));
    report.actor.send({ type: 'APPLY_SORT', sort: [{ colid: 'name', order: 'Ascending' }] });
    await report.settled();
    expect(report.snapshot().context.rows.map((r) => r.eid)).toEqual(range(1, 10));
    expect(groupsWithMore(report.snapshot())).toEqual(new Set(['B', 'C', 'D']));
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'C' });
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({
      sort: [{ colid: 'name', order: 'Ascending' }],
      group: { values: [{ val: 'C' }], startIndex: 0 },
    });
  });

  it("reads on in the report's order for rows of a group the report sent no header for", async () => {
    const report = startGrouped();
    await report.settled();
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'Z' });
    await report.settled();
    expect(report.queries().at(-1)).toEqual({
      startIndex: 10,
      pageSize: 11,
      metadata: 'none',
      usage: 'Default',
    });
    expect(report.snapshot().context.rows.map((r) => r.eid)).toEqual(range(1, 20));
  });

  it('keeps the rows and says why when the group read fails', async () => {
    let fail = false;
    const report = startReport({
      input: { pageSize: 10 },
      stubs: {
        fetchReportResults: async ({ query }) => {
          if (fail) throw new Error("The group to load more rows of is not one of the report's groups.");
          return groupedAnswer(query);
        },
      },
    });
    await report.settled();
    fail = true;
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'B' });
    await report.settled();
    expect(report.snapshot().context.rows.map((r) => r.eid)).toEqual(range(1, 10));
    expect(report.snapshot().context.errorText).toBe(
      "The group to load more rows of is not one of the report's groups.",
    );
  });
});
