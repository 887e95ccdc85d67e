import { describe, expect, it } from 'vitest';
import type { ReportMeta, SortEntry } from '../types.js';
import { headerSort, withAppliedSortEntries } from './headerSort.js';
import { createSortState, sortEntriesOf } from './sortState.js';

const col = (title: string, ord: number) => ({ title, type: 'String' as const, ord, hide: false });

function meta(overrides: Partial<ReportMeta> = {}): ReportMeta {
  return {
    title: 'Opportunities',
    rootTypeId: 1,
    rcols: { name: col('Name', 0), stage: col('Stage', 1), amount: col('Amount', 2), close: col('Close', 3) },
    sort: [{ colid: 'name', order: 'Ascending' }],
    anlcols: {},
    ...overrides,
  };
}

const groupedByStage: ReportMeta['rmeta'] = {
  groups: [{ colid: 'stage', order: 'Ascending' }],
  aggs: {},
  showst: false,
  showgt: false,
  showcnt: false,
};

const entries = (state: ReturnType<typeof createSortState>): SortEntry[] => sortEntriesOf(state.applied);

describe('headerSort: a click on a column header (issue 12)', () => {
  it('sorts by the clicked column alone, ascending; a second click flips the direction', () => {
    let state = headerSort(createSortState(meta()), 'amount', { add: false });
    expect(entries(state)).toEqual([{ colid: 'amount', order: 'Ascending' }]);
    expect(state.stored).toBe(state.applied);
    state = headerSort(state, 'amount', { add: false });
    expect(entries(state)).toEqual([{ colid: 'amount', order: 'Descending' }]);
    state = headerSort(state, 'amount', { add: false });
    expect(entries(state)).toEqual([{ colid: 'amount', order: 'Ascending' }]);
  });

  it('adds a sort with Shift, and flips an added one in its place', () => {
    let state = headerSort(createSortState(meta()), 'stage', { add: true });
    expect(entries(state)).toEqual([
      { colid: 'name', order: 'Ascending' },
      { colid: 'stage', order: 'Ascending' },
    ]);
    state = headerSort(state, 'name', { add: true });
    expect(entries(state)).toEqual([
      { colid: 'name', order: 'Descending' },
      { colid: 'stage', order: 'Ascending' },
    ]);
    // A plain click on a sorted column makes it the only sort, its direction flipped.
    state = headerSort(state, 'stage', { add: false });
    expect(entries(state)).toEqual([{ colid: 'stage', order: 'Descending' }]);
  });

  it('keeps one sort besides the groups when grouped (spec 02 §4); a group column flips its direction', () => {
    const grouped = meta({ rmeta: groupedByStage });
    let state = headerSort(createSortState(grouped), 'amount', { add: true });
    expect(entries(state)).toEqual([
      { colid: 'amount', order: 'Ascending' },
      { colid: 'stage', order: 'Ascending' },
    ]);
    state = headerSort(state, 'close', { add: true });
    expect(entries(state)).toEqual([
      { colid: 'close', order: 'Ascending' },
      { colid: 'stage', order: 'Ascending' },
    ]);
    state = headerSort(state, 'stage', { add: false });
    expect(entries(state)).toEqual([
      { colid: 'close', order: 'Ascending' },
      { colid: 'stage', order: 'Descending' },
    ]);
  });

  it('ignores a column that cannot be sorted by', () => {
    const state = createSortState(meta());
    expect(headerSort(state, 'nope', { add: false })).toBe(state);
  });
});

describe('withAppliedSortEntries: a kept sort laid over the report sort', () => {
  it('applies the entries a query sent, dropping columns the report no longer has', () => {
    const state = withAppliedSortEntries(createSortState(meta()), [
      { colid: 'amount', order: 'Descending' },
      { colid: 'gone', order: 'Ascending' },
      { colid: 'close', order: 'Ascending' },
    ]);
    expect(entries(state)).toEqual([
      { colid: 'amount', order: 'Descending' },
      { colid: 'close', order: 'Ascending' },
    ]);
    expect(state.stored).toBe(state.applied);
    expect(state.defaults).toEqual(createSortState(meta()).defaults);
  });

  it('keeps the groups first with the direction kept for them, and one other sort', () => {
    const grouped = meta({ rmeta: groupedByStage });
    const state = withAppliedSortEntries(createSortState(grouped), [
      { colid: 'amount', order: 'Descending' },
      { colid: 'close', order: 'Ascending' },
      { colid: 'stage', order: 'Descending' },
    ]);
    expect(entries(state)).toEqual([
      { colid: 'amount', order: 'Descending' },
      { colid: 'stage', order: 'Descending' },
    ]);
    expect(state.applied[0]).toMatchObject({ id: 'stage', isGroupedColumn: true });
  });

  it('leaves the state as it is without entries', () => {
    const state = createSortState(meta());
    expect(withAppliedSortEntries(state, undefined)).toBe(state);
  });
});
