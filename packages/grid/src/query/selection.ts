import type { QuickMenuAction, ReportMode, ReportUsage, RowId } from '../types.js';

/** At most this many rows can be selected outside a picker (spec 02 §5 "Selection"). */
export const maxSelectedRows = 200;
export const tooManySelectedMessage = 'You cannot select more than 200 items.';

export interface SelectionInput {
  /** The selection the user asks for. */
  requested: readonly RowId[];
  mode: ReportMode;
  usage: ReportUsage;
  actions: readonly QuickMenuAction[];
}

export interface SelectionResult {
  selectedIds: RowId[];
  mode: ReportMode;
  /** The warning to show when the selection was cut to the maximum. */
  warning?: string;
}

/**
 * Applies a selection change: duplicates dropped, at most 200 rows outside a picker (the first
 * 200 kept, with a warning), and a switch to multi-select when more than one row is selected and
 * any quick-menu action supports multi-select.
 */
export function applySelection({ requested, mode, usage, actions }: SelectionInput): SelectionResult {
  let selectedIds = [...new Set(requested)];
  let warning: string | undefined;
  if (usage !== 'picker' && selectedIds.length > maxSelectedRows) {
    selectedIds = selectedIds.slice(0, maxSelectedRows);
    warning = tooManySelectedMessage;
  }
  const nextMode =
    mode === 'default' && selectedIds.length > 1 && actions.some((a) => a.ismultiselect)
      ? 'multiSelect'
      : mode;
  return { selectedIds, mode: nextMode, ...(warning ? { warning } : {}) };
}

/** Leaving multi-select keeps only the first selected id. */
export function selectionAfterMultiSelect(selectedIds: readonly RowId[]): RowId[] {
  return selectedIds.slice(0, 1);
}
