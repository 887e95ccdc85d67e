import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ChunkVersions } from '../../src/data/chunkMarkers.js';
import type { PlannedAggregate } from '../../src/reports/plan/planTypes.js';
import type { ResolvedColumn } from '../../src/reports/resolveColumns.js';
import type { GroupKey } from '../../src/reports/totals/groupKeys.js';
import { mergePartials } from '../../src/reports/totals/mergePartials.js';
import { partialColumns } from '../../src/reports/totals/partialColumns.js';
import {
  dropChunk,
  emptySegmentState,
  ingestPartials,
  nextSegmentState,
} from '../../src/reports/totals/partialRows.js';

/**
 * Group buckets and totals merged from per-chunk partials (decision 0025), with no database: the
 * rows a chunk's statement answers are given as the drivers give them.
 */
describe('partials merged by chunk', () => {
  const column = (id: string, type: ResolvedColumn['type']) =>
    ({ id, type, kind: 'field' }) as ResolvedColumn;
  const amount = column('amount', 'Currency');
  const title = column('title', 'String');
  const aggregates: PlannedAggregate[] = [
    { column: amount, kinds: ['Sum', 'Average', 'Min', 'Max', 'Count'] },
  ];
  const partials = partialColumns('sqlite', aggregates, () => sql`v`)!;
  const keys: GroupKey[] = [{ column: title, order: 'Ascending', value: sql`k`, id: undefined, i: 0 }];
  const marks = { meta: '1', targets: '0', versions: ChunkVersions.of([]) };
  /** A partial row: chunk, group key, count, then sum, sum and count of values, min, max, count. */
  const row = (
    ch: number,
    k: string | null,
    cnt: number,
    sum: number | null,
    min: number | null,
    max: number | null,
    n: number,
  ) => ({
    ch,
    k0: k,
    p0: cnt,
    p1: sum,
    p2: sum,
    p3: n,
    p4: min,
    p5: max,
    p6: n,
  });

  it('answers per group and in total what one statement over every record answers', () => {
    expect(partials.columns.map((c) => c.merge)).toEqual([
      'count',
      'sum',
      'sum',
      'count',
      'min',
      'max',
      'count',
    ]);
    const state = emptySegmentState(marks);
    const rows = [
      row(0, 'A', 2, 0.1, 0.05, 0.05, 2),
      row(0, 'B', 1, null, null, null, 0),
      row(1, 'A', 1, 0.2, 0.2, 0.2, 1),
    ];
    expect(ingestPartials('sqlite', keys, partials.columns.length, state, rows, true)).toBe(true);
    expect(state.weight).toBe(3);
    const [groups, total] = mergePartials(state, partials, ['groups', 'total'], 1000);
    expect(groups).toEqual([
      {
        k0: 'A',
        cnt: 3,
        a0_0: 0.30000000000000004,
        a0_1: 0.30000000000000004 / 3,
        a0_2: 0.05,
        a0_3: 0.2,
        a0_4: 3,
      },
      { k0: 'B', cnt: 1, a0_0: null, a0_1: null, a0_2: null, a0_3: null, a0_4: 0 },
    ]);
    expect(total).toEqual([
      { cnt: 4, a0_0: groups![0]!.a0_0, a0_1: groups![0]!.a0_1, a0_2: 0.05, a0_3: 0.2, a0_4: 3 },
    ]);
  });

  it('keeps sums exact over many partials (Neumaier) and drops a group whose count falls to nothing', () => {
    const state = emptySegmentState(marks);
    const rows = [
      row(0, 'A', 1, 1e16, 1, 1, 1),
      ...Array.from({ length: 10 }, (_, ch) => row(ch + 1, 'A', 1, 1, 1, 1, 1)),
    ];
    ingestPartials(
      'sqlite',
      keys,
      partials.columns.length,
      state,
      [...rows, row(11, 'A', 1, -1e16, 1, 1, 1)],
      true,
    );
    ingestPartials(
      'sqlite',
      keys,
      partials.columns.length,
      state,
      [row(12, 'Z', 0, null, null, null, 0)],
      true,
    );
    const [groups] = mergePartials(state, partials, ['groups'], 1000);
    expect(groups).toHaveLength(1);
    expect(groups![0]!.a0_0).toBe(10);
  });

  it('merges again after a refresh only what changed, answering what a fresh merge answers', () => {
    const width = partials.columns.length;
    const chunkRows = (ch: number, bump: number) => [
      row(ch, 'A', 2, ch * 0.1 + bump, ch, ch + 1, 2),
      row(ch, ch % 3 === 0 ? 'B' : 'C', 1, 0.3 + bump, -ch, 0.3, 1),
    ];
    const allRows = (bumped: number) =>
      Array.from({ length: 200 }, (_, ch) => chunkRows(ch, ch === bumped ? 7 : 0)).flat();
    const kept = emptySegmentState(marks);
    ingestPartials('sqlite', keys, width, kept, allRows(-1), true);
    const before = mergePartials(kept, partials, ['groups', 'total'], 1000);
    expect(kept.blocks.size).toBe(7);

    // Chunk 101 read again: the kept state and its merges stay as they were.
    const next = nextSegmentState(kept, marks);
    dropChunk(next, 101);
    expect(ingestPartials('sqlite', keys, width, next, chunkRows(101, 7), false)).toBe(true);
    const fresh = emptySegmentState(marks);
    ingestPartials('sqlite', keys, width, fresh, allRows(101), true);
    expect(mergePartials(next, partials, ['groups', 'total'], 1000)).toEqual(
      mergePartials(fresh, partials, ['groups', 'total'], 1000),
    );
    expect(next.blocks.get(0)).toBe(kept.blocks.get(0));
    expect(next.blocks.get(3)).not.toBe(kept.blocks.get(3));
    expect(mergePartials(kept, partials, ['groups', 'total'], 1000)).toEqual(before);
    expect(next.weight).toBe(kept.weight);
  });

  it('answers the groups regrouped: reordered, and merged where they meet', () => {
    const state = emptySegmentState(marks);
    const rows = ['A', 'B', 'C'].map((k, n) => row(n * 40, k, n + 1, n + 1, 1, 1, 1));
    ingestPartials('sqlite', keys, partials.columns.length, state, rows, true);
    const regrouping = {
      groups: [{ keys: { k0: 'C' } }, { keys: { k0: null } }],
      placeOf: Int32Array.of(1, 1, 0),
    };
    const [groups] = mergePartials(state, partials, ['groups'], 1000, regrouping);
    expect(groups!.map((g) => [g.k0, g.cnt, g.a0_0])).toEqual([
      ['C', 3, 3],
      [null, 3, 3],
    ]);
  });

  it('answers at most the groups a report answers', () => {
    const state = emptySegmentState(marks);
    const rows = ['A', 'B', 'C'].map((k) => row(0, k, 1, 1, 1, 1, 1));
    ingestPartials('sqlite', keys, partials.columns.length, state, rows, true);
    expect(mergePartials(state, partials, ['groups'], 2)[0]!.map((r) => r.k0)).toEqual(['A', 'B']);
  });

  it('refuses a value that is not a number, and a group new to a kept order', () => {
    const width = partials.columns.length;
    const state = emptySegmentState(marks);
    expect(
      ingestPartials('sqlite', keys, width, state, [{ ...row(0, 'A', 1, 1, 1, 1, 1), p1: 'x' }], true),
    ).toBe(false);
    // PostgreSQL answers numeric sums as text.
    expect(
      ingestPartials('postgres', keys, width, state, [{ ...row(0, 'A', 1, 1, 1, 1, 1), p1: '2.5' }], true),
    ).toBe(true);
    const next = nextSegmentState(state, marks);
    expect(ingestPartials('sqlite', keys, width, next, [row(1, 'New', 1, 1, 1, 1, 1)], false)).toBe(false);
    expect(state.groups.map((g) => g.norm)).toEqual(['["A"]']);
  });

  it('cannot make distinct counts, or the least and greatest of text, from partials', () => {
    expect(
      partialColumns('sqlite', [{ column: amount, kinds: ['CountUnique'] }], () => sql`v`),
    ).toBeUndefined();
    expect(partialColumns('sqlite', [{ column: title, kinds: ['Max'] }], () => sql`v`)).toBeUndefined();
    expect(
      partialColumns('sqlite', [{ column: title, kinds: ['Count', 'CountAll'] }], () => sql`v`),
    ).toBeDefined();
  });
});
