import { describe, expect, it } from 'vitest';
import type { ReportMeta } from '../types.js';
import {
  addSort,
  applySort,
  canAddSort,
  clearSort,
  createSortState,
  discardSort,
  moveSort,
  removeSort,
  resetSort,
  setSort,
  sortEntriesOf,
  toggleSort,
  updateSort,
} from './sortState.js';
import { sortTooltipLines, truncateSortLabel } from './sortTooltipLabel.js';

const col = (title: string, ord: number, hide = false) => ({ title, type: 'String' as const, ord, hide });

function meta(overrides: Partial<ReportMeta> = {}): ReportMeta {
  return {
    title: 'Opportunities',
    rootTypeId: 1,
    rcols: {
      name: col('Name', 0),
      stage: col('Stage', 1),
      amount: col('Amount', 2),
      secret: col('Secret', 3, true),
    },
    sort: [{ colid: 'name', order: 'Descending' }],
    anlcols: {},
    ...overrides,
  };
}

const ids = (sorts: { id: string }[]) => sorts.map((s) => s.id);

describe('createSortState', () => {
  it('offers the visible columns in column order and shows the report sort', () => {
    const state = createSortState(meta());
    expect(state.columns).toEqual([
      { id: 'name', name: 'Name' },
      { id: 'stage', name: 'Stage' },
      { id: 'amount', name: 'Amount' },
    ]);
    expect(state.applied).toEqual([
      {
        id: 'name',
        name: 'Name',
        direction: 'Descending',
        ordinal: 0,
        isAdded: false,
        isGroupedColumn: false,
      },
    ]);
    expect(state.stored).toEqual(state.applied);
  });

  it('puts grouped columns first and keeps only one other sort when grouped', () => {
    const state = createSortState(
      meta({
        sort: [
          { colid: 'stage', order: 'Ascending' },
          { colid: 'name', order: 'Ascending' },
          { colid: 'amount', order: 'Descending' },
        ],
        rmeta: {
          groups: [{ colid: 'stage', order: 'Descending' }],
          aggs: {},
          showst: false,
          showgt: false,
          showcnt: false,
        },
      }),
    );
    expect(state.applied.map((s) => [s.id, s.direction, s.isGroupedColumn])).toEqual([
      ['stage', 'Descending', true],
      ['name', 'Ascending', false],
    ]);
  });

  it('drops unknown columns and tolerates missing metadata', () => {
    expect(createSortState(meta({ sort: [{ colid: 'gone', order: 'Ascending' }] })).applied).toEqual([]);
    expect(createSortState(undefined)).toEqual({ columns: [], defaults: [], applied: [], stored: [] });
  });
});

describe('header operations', () => {
  it('set sorts by that one column and applies at once', () => {
    const state = setSort(createSortState(meta()), 'amount', 'Descending');
    expect(sortEntriesOf(state.applied)).toEqual([{ colid: 'amount', order: 'Descending' }]);
    expect(state.stored).toEqual(state.applied);
  });

  it('set ignores a column the report does not have', () => {
    const state = createSortState(meta());
    expect(setSort(state, 'nope', 'Ascending')).toBe(state);
  });

  it('toggle flips a sorted column and sorts another one ascending', () => {
    let state = toggleSort(createSortState(meta()), 'name');
    expect(sortEntriesOf(state.applied)).toEqual([{ colid: 'name', order: 'Ascending' }]);
    state = toggleSort(state, 'stage');
    expect(sortEntriesOf(state.applied)).toEqual([{ colid: 'stage', order: 'Ascending' }]);
  });

  it('clear removes every sort but a grouped column', () => {
    expect(clearSort(createSortState(meta())).applied).toEqual([]);
    const grouped = createSortState(
      meta({
        rmeta: {
          groups: [{ colid: 'stage', order: 'Ascending' }],
          aggs: {},
          showst: false,
          showgt: false,
          showcnt: false,
        },
      }),
    );
    expect(ids(clearSort(grouped).applied)).toEqual(['stage']);
  });

  it('set on a grouped column only changes its direction', () => {
    const grouped = createSortState(
      meta({
        rmeta: {
          groups: [{ colid: 'stage', order: 'Ascending' }],
          aggs: {},
          showst: false,
          showgt: false,
          showcnt: false,
        },
      }),
    );
    const state = setSort(grouped, 'stage', 'Descending');
    expect(state.applied.map((s) => [s.id, s.direction])).toEqual([
      ['stage', 'Descending'],
      ['name', 'Descending'],
    ]);
    expect(ids(setSort(state, 'amount', 'Ascending').applied)).toEqual(['stage', 'amount']);
  });
});

describe('popup operations', () => {
  it('add uses the first unused column, ascending, and marks it added', () => {
    const state = addSort(createSortState(meta()));
    expect(state.stored[1]).toEqual({
      id: 'stage',
      name: 'Stage',
      direction: 'Ascending',
      ordinal: 1,
      isAdded: true,
      isGroupedColumn: false,
    });
    expect(state.applied).toHaveLength(1);
  });

  it('add is disabled once every column is used', () => {
    let state = addSort(addSort(createSortState(meta())));
    expect(ids(state.stored)).toEqual(['name', 'stage', 'amount']);
    expect(canAddSort(state)).toBe(false);
    expect(addSort(state)).toBe(state);
    state = removeSort(state, 'stage');
    expect(canAddSort(state)).toBe(true);
  });

  it('add stops at the ten sorts the report call takes', () => {
    const rcols = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`c${i}`, col(`C${i}`, i)]));
    let state = createSortState(meta({ rcols, sort: [] }));
    for (let i = 0; i < 12; i++) state = addSort(state);
    expect(state.stored).toHaveLength(10);
    expect(canAddSort(state)).toBe(false);
    expect(sortEntriesOf(applySort(state).applied)).toHaveLength(10);
  });

  it('add is disabled in a grouped report that already has its one other sort', () => {
    const grouped = createSortState(
      meta({
        rmeta: {
          groups: [{ colid: 'stage', order: 'Ascending' }],
          aggs: {},
          showst: false,
          showgt: false,
          showcnt: false,
        },
      }),
    );
    expect(canAddSort(grouped)).toBe(false);
    const cleared = removeSort(grouped, 'name');
    expect(canAddSort(cleared)).toBe(true);
  });

  it('update changes the direction or moves the sort to an unused column', () => {
    let state = addSort(createSortState(meta()));
    state = updateSort(state, 'stage', { direction: 'Descending', columnId: 'amount' });
    expect(state.stored[1]).toMatchObject({ id: 'amount', name: 'Amount', direction: 'Descending' });
    expect(updateSort(state, 'amount', { columnId: 'name' })).toBe(state);
    expect(updateSort(state, 'amount', { columnId: 'secret' })).toBe(state);
    expect(updateSort(state, 'missing', { direction: 'Ascending' })).toBe(state);
  });

  it('a grouped column can change direction but not column, position or presence', () => {
    let state = createSortState(
      meta({
        rmeta: {
          groups: [{ colid: 'stage', order: 'Ascending' }],
          aggs: {},
          showst: false,
          showgt: false,
          showcnt: false,
        },
      }),
    );
    state = updateSort(state, 'stage', { direction: 'Descending', columnId: 'amount' });
    expect(state.stored[0]).toMatchObject({ id: 'stage', direction: 'Descending' });
    expect(removeSort(state, 'stage')).toBe(state);
    expect(moveSort(state, 'stage', 1)).toBe(state);
    expect(moveSort(state, 'name', 0)).toBe(state);
  });

  it('move reorders the sorts and renumbers them', () => {
    let state = addSort(addSort(createSortState(meta())));
    state = moveSort(state, 'amount', 0);
    expect(state.stored.map((s) => [s.id, s.ordinal])).toEqual([
      ['amount', 0],
      ['name', 1],
      ['stage', 2],
    ]);
    expect(moveSort(state, 'amount', 99).stored.map((s) => s.id)).toEqual(['name', 'stage', 'amount']);
  });

  it('apply commits the stored sorts; discard drops them', () => {
    const edited = updateSort(addSort(createSortState(meta())), 'name', { direction: 'Ascending' });
    const applied = applySort(edited);
    expect(sortEntriesOf(applied.applied)).toEqual([
      { colid: 'name', order: 'Ascending' },
      { colid: 'stage', order: 'Ascending' },
    ]);
    expect(applied.applied.every((s) => !s.isAdded)).toBe(true);
    const discarded = discardSort(edited);
    expect(discarded.stored).toEqual(createSortState(meta()).applied);
  });

  it('reset returns to the report sort', () => {
    const state = resetSort(applySort(removeSort(createSortState(meta()), 'name')));
    expect(sortEntriesOf(state.applied)).toEqual([{ colid: 'name', order: 'Descending' }]);
  });
});

describe('sortEntriesOf', () => {
  it('sends the one other sort before the grouped columns', () => {
    const grouped = createSortState(
      meta({
        rmeta: {
          groups: [{ colid: 'stage', order: 'Ascending' }],
          aggs: {},
          showst: false,
          showgt: false,
          showcnt: false,
        },
      }),
    );
    expect(sortEntriesOf(grouped.applied)).toEqual([
      { colid: 'name', order: 'Descending' },
      { colid: 'stage', order: 'Ascending' },
    ]);
  });
});

describe('sort tooltip label', () => {
  it('keeps labels of up to 30 characters and cuts longer ones to 26 plus ...', () => {
    expect(truncateSortLabel('a'.repeat(30))).toBe('a'.repeat(30));
    expect(truncateSortLabel('abcdefghijklmnopqrstuvwxyz12345')).toBe('abcdefghijklmnopqrstuvwxyz...');
  });

  it('lists each sort with its direction', () => {
    expect(sortTooltipLines(createSortState(meta()).applied)).toEqual(['Name: Descending']);
  });
});
