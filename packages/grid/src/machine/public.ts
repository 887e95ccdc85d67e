/** The report machine of spec 02 §4, its types and the selectors the view reads it with. */
export {
  type DeleteConfirmation,
  type DeleteDependent,
  deleteConfirmation,
  isSameDeleteConfirmation,
} from './deleteConfirmation.js';
export { type DeleteItem, deleteMessages } from './deleteMessages.js';
export { firstReportQueryOf } from './firstQuery.js';
export { reportMessages } from './reportActions.js';
export { defaultReportTenantSettings } from './reportContext.js';
export { inlineEditRowDebounceMs } from './reportGuards.js';
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
export { type ActionStep, routeAction, rowOpenIntent } from './routeAction.js';
