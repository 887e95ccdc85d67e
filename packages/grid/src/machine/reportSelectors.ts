import type { SnapshotFrom } from 'xstate';
import { isActionEnabled, reportActions } from '../query/actionRules.js';
import { formatCountText } from '../query/formatCountText.js';
import { type PagerSlot, pagerWindow } from '../query/pagerWindow.js';
import type { QuickMenuAction, RowId, SortEntry } from '../types.js';
import { hasModifiedRecords } from './inlineEdit/editedRecords.js';
import { groupsWithMoreOf } from './paging/groupReads.js';
import { isDocumentReport } from './reportContext.js';
import type { reportMachine } from './reportMachine.js';

/** A snapshot of the report machine, as `useSelector` hands it to a selector. */
export type ReportSnapshot = SnapshotFrom<typeof reportMachine>;

/**
 * The grid is usable only when ready and there are columns (spec 02 §4). The short reads that take
 * what ready takes (the quick menu, the inline-edit row) and appending rows (live scroll, group
 * load-more) keep it usable, so selecting or scrolling does not flash the loading placeholders.
 */
export const canUseGrid = (s: ReportSnapshot): boolean =>
  Object.keys(s.context.meta?.rcols ?? {}).length > 0 &&
  (s.matches('ready') ||
    s.matches('fetchingQuickMenuActions') ||
    s.matches('fetchingEntityForInlineEditDebouncing') ||
    s.matches('fetchingEntityForInlineEdit') ||
    (s.matches('fetchingReportResults') && s.context.fetchRequest.append));

/** Save is enabled only with modified records and no save running (spec 02 §4 "Modes"). */
export const isSaveEnabled = (s: ReportSnapshot): boolean =>
  s.context.mode === 'inlineEditing' && hasModifiedRecords(s.context.editedRecords) && !s.context.isSaving;

/** Refresh is disabled while editing inline. */
export const isRefreshEnabled = (s: ReportSnapshot): boolean => s.context.mode !== 'inlineEditing';

/** Whether leaving should be prevented: inline editing with pending changes. */
export const hasUnsavedChanges = (s: ReportSnapshot): boolean =>
  s.context.mode === 'inlineEditing' && hasModifiedRecords(s.context.editedRecords);

/** The 'Please wait...' overlay shows while exporting or saving. */
export const isPleaseWaitShown = (s: ReportSnapshot): boolean =>
  s.matches('exportingReportData') || s.matches('savingModifiedEntities');

/** Rows are being read (loading placeholders, live scroll ignores more requests). */
export const isFetchingRows = (s: ReportSnapshot): boolean =>
  s.matches('fetchingReportResults') || s.matches('fetchingReportInfo') || s.matches('initialising');

/** Which confirm dialog is open, if any. */
export const openDialog = (
  s: ReportSnapshot,
): 'unsavedChanges' | 'confirmReset' | 'confirmDelete' | undefined =>
  s.matches('confirmingUnsavedChanges')
    ? 'unsavedChanges'
    : s.matches('confirmingResetReportView')
      ? 'confirmReset'
      : s.matches('confirmingDelete')
        ? 'confirmDelete'
        : undefined;

/** The footer's count text. */
export const countText = (s: ReportSnapshot): string =>
  formatCountText({
    usage: s.context.usage,
    mode: s.context.mode,
    pageSize: s.context.pageSize,
    firstRowIndex: s.context.firstRowIndex,
    // The rows read in the report's order: a group's Load more may have read rows further on.
    rowsCount: Math.max(0, s.context.readEnd - s.context.firstRowIndex),
    recordsCount: s.context.recordsCount,
    selectedCount: s.context.selectedIds.length,
  });

/**
 * The keys of the groups whose 'Load more' can read more rows after those loaded: the group's
 * count is not reached and its last read came with the extra row (DataGrid's `groupsWithMore`).
 */
export const groupsWithMore = (s: ReportSnapshot): ReadonlySet<string> => groupsWithMoreOf(s.context);

/** The pager's page window. */
export const pagerSlots = (s: ReportSnapshot): PagerSlot[] =>
  pagerWindow(s.context.page, s.context.availablePagesCount, s.context.usage);

/** The sort shown in the Sort popup: the applied one, else the report's own. */
export const currentSort = (s: ReportSnapshot): SortEntry[] => s.context.sort ?? s.context.meta?.sort ?? [];

/** The actions the report offers, builder actions first in build mode. */
export const offeredActions = (s: ReportSnapshot): QuickMenuAction[] =>
  reportActions({
    server: s.context.quickMenu?.actions ?? [],
    configured: s.context.reportEntity?.actions,
    isBuildMode: s.context.usage === 'build',
  });

/** Whether an action can run on the current selection (spec 02 §5 "Actions"). */
export const canRunAction = (s: ReportSnapshot, action: QuickMenuAction): boolean =>
  isActionEnabled(action, { selectedIds: s.context.selectedIds, areFiles: isDocumentReport(s.context) });

/** How a row is flagged while editing inline: red with errors, green when modified, highlighted once saved. */
export const rowEditState = (s: ReportSnapshot, eid: RowId): 'invalid' | 'modified' | 'saved' | undefined => {
  const record = s.context.editedRecords[String(eid)];
  if (record && Object.values(record.errors).some((e) => e !== '')) return 'invalid';
  if (record && Object.keys(record.cells).length > 0) return 'modified';
  return s.context.savedIds.includes(eid) ? 'saved' : undefined;
};
