import type { RowId } from '../../types.js';

/** How a click or Space selects: Ctrl/Cmd (or multi-select mode) toggles, Shift selects a range. */
export interface SelectHow {
  toggle: boolean;
  range: boolean;
}

export interface RowSelectionInput {
  selectedIds: readonly RowId[];
  /** The visible records' ids in order: a range runs over them. */
  recordIds: readonly RowId[];
  /** The row the last plain or toggling click selected; a range starts there. */
  anchor: RowId | null;
  eid: RowId;
  how: SelectHow;
}

/**
 * The selection a click on a row asks for, and the anchor after it: a range from the anchor to the
 * row (added to the selection when toggling), else the row toggled or selected alone.
 *
 * @example
 * rowSelection({ selectedIds: [2], recordIds: [1, 2, 3], anchor: 1, eid: 3, how: { toggle: false, range: true } })
 * // → { ids: [1, 2, 3], anchor: 1 }
 */
export function rowSelection({ selectedIds, recordIds, anchor, eid, how }: RowSelectionInput): {
  ids: RowId[];
  anchor: RowId | null;
} {
  if (how.range && anchor !== null) {
    const a = recordIds.indexOf(anchor);
    const b = recordIds.indexOf(eid);
    if (a >= 0 && b >= 0) {
      const range = recordIds.slice(Math.min(a, b), Math.max(a, b) + 1);
      return { ids: [...new Set([...(how.toggle ? selectedIds : []), ...range])], anchor };
    }
  }
  if (!how.toggle) return { ids: [eid], anchor: eid };
  const ids = selectedIds.includes(eid) ? selectedIds.filter((id) => id !== eid) : [...selectedIds, eid];
  return { ids, anchor: eid };
}

/** What the select-all box asks for: the visible records added, or removed when all are selected. */
export function selectAllToggled(selectedIds: readonly RowId[], recordIds: readonly RowId[]): RowId[] {
  const isAllSelected = recordIds.length > 0 && recordIds.every((id) => selectedIds.includes(id));
  return isAllSelected
    ? selectedIds.filter((id) => !recordIds.includes(id))
    : [...new Set([...selectedIds, ...recordIds])];
}
