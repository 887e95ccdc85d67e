import { describe, expect, it } from 'vitest';
import type { QuickMenuAction } from '../types.js';
import { applySelection, selectionAfterMultiSelect, tooManySelectedMessage } from './selection.js';

const multi = { ismultiselect: true } as QuickMenuAction;
const single = { ismultiselect: false } as QuickMenuAction;
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('applySelection', () => {
  it('keeps at most 200 selected rows outside a picker, with a warning', () => {
    const result = applySelection({ requested: ids(201), mode: 'multiSelect', usage: 'run', actions: [] });
    expect(result.selectedIds).toHaveLength(200);
    expect(result.warning).toBe(tooManySelectedMessage);
    expect(tooManySelectedMessage).toBe('You cannot select more than 200 items.');
  });

  it('lets a picker select more than 200 rows', () => {
    const result = applySelection({ requested: ids(250), mode: 'multiSelect', usage: 'picker', actions: [] });
    expect(result.selectedIds).toHaveLength(250);
    expect(result.warning).toBeUndefined();
  });

  it('switches to multi-select when several rows are selected and an action supports it', () => {
    expect(
      applySelection({ requested: [1, 2], mode: 'default', usage: 'run', actions: [single, multi] }).mode,
    ).toBe('multiSelect');
    expect(applySelection({ requested: [1, 2], mode: 'default', usage: 'run', actions: [single] }).mode).toBe(
      'default',
    );
    expect(applySelection({ requested: [1], mode: 'default', usage: 'run', actions: [multi] }).mode).toBe(
      'default',
    );
  });

  it('does not leave inline editing for a selection', () => {
    expect(
      applySelection({ requested: [1, 2], mode: 'inlineEditing', usage: 'run', actions: [multi] }).mode,
    ).toBe('inlineEditing');
  });

  it('drops duplicate ids', () => {
    expect(
      applySelection({ requested: [3, 3, 4], mode: 'multiSelect', usage: 'run', actions: [] }).selectedIds,
    ).toEqual([3, 4]);
  });
});

describe('selectionAfterMultiSelect', () => {
  it('keeps only the first selected id', () => {
    expect(selectionAfterMultiSelect([7, 8, 9])).toEqual([7]);
    expect(selectionAfterMultiSelect([])).toEqual([]);
  });
});
