import { describe, expect, it } from 'vitest';
import { type ChunkMarks, ChunkVersions, staleChunks } from '../../src/data/chunkMarkers.js';

const sorted = (v: ChunkVersions) => [...v].sort(([a], [b]) => a.localeCompare(b));

describe('chunk marker versions', () => {
  it('answers the versions moved over the ones they were read since, and leaves those as they were', () => {
    const base = ChunkVersions.of([
      ['1:0', 1],
      ['1:1', 2],
    ]);
    const next = base.with([
      ['1:1', 5],
      ['7:-1', 6],
    ]);
    expect(sorted(next)).toEqual([
      ['1:0', 1],
      ['1:1', 5],
      ['7:-1', 6],
    ]);
    expect([next.size, next.get('1:1'), next.get('7:-1'), next.get('9:9')]).toEqual([3, 5, 6, undefined]);
    expect([...next.keys()].sort()).toEqual(['1:0', '1:1', '7:-1']);
    expect(sorted(base)).toEqual([
      ['1:0', 1],
      ['1:1', 2],
    ]);
    expect(base.size).toBe(2);
  });

  it('answers the same after many reads, as the moved ones are folded in', () => {
    const plain = new Map(Array.from({ length: 400 }, (_, c) => [`1:${c}`, 1] as [string, number]));
    let versions = ChunkVersions.of(plain);
    for (let n = 0; n < 300; n++) {
      const moved: Array<[string, number]> = [
        [`1:${(n * 37) % 450}`, n + 2],
        [`2:${n % 5}`, n + 2],
      ];
      for (const [k, v] of moved) plain.set(k, v);
      versions = versions.with(moved);
      expect(versions.size).toBe(plain.size);
    }
    expect(sorted(versions)).toEqual([...plain].sort(([a], [b]) => a.localeCompare(b)));
  });

  it('finds the stale chunks from the moved markers alone when read since the marks before', () => {
    const sources = { roots: new Set([1]), linkSides: new Map([[5, new Set(['to' as const])]]), targets: [] };
    const before: ChunkMarks = {
      meta: '1',
      targets: '0',
      versions: ChunkVersions.of([
        ['1:0', 1],
        ['1:3', 2],
        ['5:-3', 3],
      ]),
    };
    const moved: Array<[string, number]> = [
      ['1:3', 4],
      ['5:-3', 5],
      ['1:0', 1],
    ];
    const now: ChunkMarks = {
      ...before,
      versions: before.versions.with(moved),
      moved: { since: before.versions, keys: moved.map(([k]) => k) },
    };
    // A link's target end counts for the chunk of its target: -1 - (-3) = 2.
    expect(staleChunks(sources, before, now)).toEqual([2, 3]);
    const { moved: _, ...readWhole } = now;
    expect(staleChunks(sources, before, { ...readWhole, versions: ChunkVersions.of(now.versions) })).toEqual([
      2, 3,
    ]);
  });
});
