import type { ReportMode, ReportUsage } from '../types.js';

export interface CountTextInput {
  usage: ReportUsage;
  mode: ReportMode;
  pageSize: number;
  /** Index of the first loaded row (0-based). */
  firstRowIndex: number;
  /** How many rows are loaded. */
  rowsCount: number;
  recordsCount: number | undefined;
  selectedCount: number;
}

/**
 * The footer's count text (spec 02 §9): 'start-end of total'; '{n} of many' while more exist,
 * n the last loaded row; '1-{page size} of many' in build mode; '{n} selected' in multi-select
 * mode with a selection.
 */
export function formatCountText(input: CountTextInput): string {
  if (input.usage === 'build') return `1-${input.pageSize} of many`;
  if (input.mode === 'multiSelect' && input.selectedCount > 0) return `${input.selectedCount} selected`;
  const start = Math.max(0, input.firstRowIndex);
  const end = start + Math.max(0, input.rowsCount);
  if (input.recordsCount === undefined) return `${end} of many`;
  if (input.rowsCount === 0) return `0 of ${input.recordsCount}`;
  return `${start + 1}-${end} of ${input.recordsCount}`;
}
