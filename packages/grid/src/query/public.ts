/** The report's query rules (spec 02 §4, §5, §9): pure functions the machine and the view share. */
export {
  type ActionSelection,
  canEditRecord,
  isActionEnabled,
  openRecordIntent,
  type ReportActionsInput,
  reportActions,
} from './actionRules.js';
export { type CountTextInput, formatCountText } from './formatCountText.js';
export { groupLoadMoreSize } from './groupLoadMoreSize.js';
export { inlineCellError } from './inlineCellError.js';
export {
  type InlineSaveOutcome,
  inlineSaveOutcome,
  recordErrorKey,
  recordsToSave,
  type SaveValidationEntry,
} from './inlineSaveOutcome.js';
export { arePageNumbersHidden, type PagerSlot, pagerWindow } from './pagerWindow.js';
export {
  availablePagesCount,
  clampPage,
  defaultPageSize,
  type PageCountInput,
  type PagingCommand,
  pageAfter,
  pageAfterDelete,
} from './paging.js';
export {
  buildReportQuery,
  coerceLimitValue,
  type MetadataLevel,
  type ReportPage,
  type ReportQueryInput,
  readReportPage,
} from './reportQuery.js';
export {
  applySelection,
  maxSelectedRows,
  type SelectionInput,
  type SelectionResult,
  selectionAfterMultiSelect,
  tooManySelectedMessage,
} from './selection.js';
