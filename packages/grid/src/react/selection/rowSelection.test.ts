import { describe, expect, it } from 'vitest';
import { rowSelection, selectAllToggled } from './rowSelection.js';

const recordIds = [1, 2, 3, 4, 5];
const plain = { toggle: false, range: false };

describe('rowSelection', () => {
  it('selects a clicked row alone and makes it the anchor', () => {
    expect(rowSelection({ selectedIds: [1, 2], recordIds, anchor: null, eid: 4, how: plain })).toEqual({
      ids: [4],
      anchor: 4,
    });
  });

  it('toggles a row in and out of the selection with Ctrl or in multi-select mode', () => {
    const how = { toggle: true, range: false };
    expect(rowSelection({ selectedIds: [1], recordIds, anchor: 1, eid: 3, how }).ids).toEqual([1, 3]);
    expect(rowSelection({ selectedIds: [1, 3], recordIds, anchor: 1, eid: 3, how }).ids).toEqual([1]);
  });

  it('selects the range from the anchor with Shift, either way, keeping the anchor', () => {
    const how = { toggle: false, range: true };
    expect(rowSelection({ selectedIds: [4], recordIds, anchor: 4, eid: 2, how })).toEqual({
      ids: [2, 3, 4],
      anchor: 4,
    });
    // Ctrl+Shift adds the range to what was selected.
    expect(
      rowSelection({ selectedIds: [5], recordIds, anchor: 1, eid: 2, how: { toggle: true, range: true } })
        .ids,
    ).toEqual([5, 1, 2]);
  });

  it('selects the row alone when there is no anchor or the anchor is no longer shown', () => {
    const how = { toggle: false, range: true };
    expect(rowSelection({ selectedIds: [], recordIds, anchor: null, eid: 2, how }).ids).toEqual([2]);
    expect(rowSelection({ selectedIds: [9], recordIds, anchor: 9, eid: 2, how })).toEqual({
      ids: [2],
      anchor: 2,
    });
  });
});

describe('selectAllToggled', () => {
  it('adds the visible records, keeping others selected', () => {
    expect(selectAllToggled([9, 2], [1, 2, 3])).toEqual([9, 2, 1, 3]);
  });

  it('removes the visible records when all are selected', () => {
    expect(selectAllToggled([9, 1, 2, 3], [1, 2, 3])).toEqual([9]);
  });
});
