import { describe, expect, it } from 'vitest';
import type { ReportGroup, ReportRow } from '../../types.js';
import { buildDisplayRows } from './displayRows.js';

const row = (eid: number, city: string | null, n: number): ReportRow => ({
  eid,
  values: [{ val: city }, { val: n }],
});
const group = (city: string | null, count: number): ReportGroup => ({
  hdrs: [{ val: city }],
  aggs: { n: [{ kind: 'Sum', value: count * 10 }] },
  count,
});
const shape = (rows: ReturnType<typeof buildDisplayRows>) =>
  rows.map((r) =>
    r.kind === 'group'
      ? `[${r.group.hdrs[0] && 'val' in r.group.hdrs[0] ? r.group.hdrs[0].val : ''} ${r.group.loaded}/${r.group.count}]`
      : r.row.eid,
  );

describe('buildDisplayRows', () => {
  const rows = [row(1, 'Adelaide', 1), row(2, 'Adelaide', 2), row(3, 'Perth', 3)];
  const groups = [group('Adelaide', 2), group('Perth', 5), group('Sydney', 4)];

  it('lists records as they come when the report is not grouped', () => {
    expect(shape(buildDisplayRows({ rows }))).toEqual([1, 2, 3]);
  });

  it('puts a header before each group, with loaded and total counts', () => {
    expect(shape(buildDisplayRows({ rows, groups, groupValueIndexes: [0] }))).toEqual([
      '[Adelaide 2/2]',
      1,
      2,
      '[Perth 1/5]',
      3,
      '[Sydney 0/4]',
    ]);
  });

  it("offers 'Load more' for the groups said to have more, else while fewer are loaded than counted", () => {
    const more = (out: ReturnType<typeof buildDisplayRows>) =>
      out.flatMap((r) => (r.kind === 'group' ? [[r.group.key, r.group.hasMore]] : []));
    expect(more(buildDisplayRows({ rows, groups, groupValueIndexes: [0] }))).toEqual([
      ['Adelaide', false],
      ['Perth', true],
      ['Sydney', true],
    ]);
    // The report machine knows better: Perth's rows after those loaded are all read, Sydney's not.
    const said = new Set(['Sydney', 'Nowhere']);
    expect(more(buildDisplayRows({ rows, groups, groupValueIndexes: [0], groupsWithMore: said }))).toEqual([
      ['Adelaide', false],
      ['Perth', false],
      ['Sydney', true],
    ]);
  });

  it('hides the records of collapsed groups', () => {
    const out = buildDisplayRows({ rows, groups, groupValueIndexes: [0], collapsed: new Set(['Adelaide']) });
    expect(shape(out)).toEqual(['[Adelaide 2/2]', '[Perth 1/5]', 3, '[Sydney 0/4]']);
    expect(out[0]).toMatchObject({ kind: 'group', isExpanded: false });
  });

  it('matches related-record groups by record id and keeps unmatched rows in a group of their own', () => {
    const rel: ReportRow[] = [
      { eid: 1, values: [{ vals: [{ eid: 9, val: 'Ann' }] }] },
      { eid: 2, values: [{ vals: [] }] },
    ];
    const out = buildDisplayRows({
      rows: rel,
      groups: [{ hdrs: [{ vals: [{ eid: 9, val: 'Ann' }] }], aggs: {}, count: 1 }],
      groupValueIndexes: [0],
    });
    expect(out.map((r) => (r.kind === 'group' ? `g${r.group.count}` : r.row.eid))).toEqual([
      'g1',
      1,
      'gnull',
      2,
    ]);
  });

  it('survives broken input', () => {
    expect(buildDisplayRows({ rows: null as never })).toEqual([]);
    expect(
      shape(
        buildDisplayRows({
          rows: [row(1, 'A', 1), { eid: 2 } as never],
          groups: [null as never],
          groupValueIndexes: [0],
        }),
      ),
    ).toEqual(['[A 1/null]', 1]);
  });
});
