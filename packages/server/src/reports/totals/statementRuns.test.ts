import { describe, expect, it } from 'vitest';
import { statementRuns } from './segmentedAggregates.js';

describe('statementRuns', () => {
  it('reads few chunks in one statement', () => {
    expect(statementRuns([0, 3, 9], 4)).toEqual([undefined]);
  });

  it('splits many into runs that cover every id, each with at most the given chunks', () => {
    const runs = statementRuns([0, 1, 5, 6, 7, 12, 40], 3);
    expect(runs).toEqual([
      { lo: 0, hi: 6 },
      { lo: 6, hi: 40 },
      { lo: 40, hi: 2 ** 40 },
    ]);
  });

  it('starts at chunk 0 and leaves no gap even when the first known chunk is later', () => {
    const runs = statementRuns([7, 8, 9], 2) as Array<{ lo: number; hi: number }>;
    expect(runs[0]!.lo).toBe(0);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.lo).toBe(runs[i - 1]!.hi);
  });
});
