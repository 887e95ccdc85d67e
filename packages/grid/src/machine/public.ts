/** The report machine of spec 02 §4, its types and the selectors the view reads it with. */
export {
  type DeleteConfirmation,
  type DeleteDependent,
  deleteConfirmation,
  isSameDeleteConfirmation,
} from './delete/deleteConfirmation.js';
export { type DeleteItem, deleteMessages } from './delete/deleteMessages.js';
export { firstReportQueryOf } from './firstQuery.js';
export { inlineEditRowDebounceMs } from './inlineEdit/inlineEditGuards.js';
export { defaultReportTenantSettings } from './reportContext.js';
export { quickSearchDebounceMs, reportMachine } from './reportMachine.js';
export type {
  ExportDownload,
  FetchRequest,
  HostActionRequest,
  InlineEditForm,
  ReportActorInputs,
  ReportActorOutputs,
  ReportContext,
  ReportEntity,
  ReportEvent,
  ReportHostActions,
  ReportMachineInput,
  ReportViewQuery,
  RowEntity,
} from './reportMachineTypes.js';
export { reportMessages } from './reportMessages.js';
export {
  canRunAction,
  canUseGrid,
  countText,
  currentSort,
  groupsWithMore,
  hasUnsavedChanges,
  isFetchingRows,
  isPleaseWaitShown,
  isRefreshEnabled,
  isSaveEnabled,
  offeredActions,
  openDialog,
  pagerSlots,
  type ReportSnapshot,
  rowEditState,
} from './reportSelectors.js';
export { type ActionStep, routeAction, rowOpenIntent } from './selection/routeAction.js';
