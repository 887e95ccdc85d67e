import { isExportFormat } from '@plinth/schema';
import { assign, enqueueActions, raise } from 'xstate';
import { groupLoadMoreSize } from '../query/groupLoadMoreSize.js';
import { inlineSaveOutcome } from '../query/inlineSaveOutcome.js';
import { pageAfter, pageAfterDelete } from '../query/paging.js';
import { applySelection, selectionAfterMultiSelect } from '../query/selection.js';
import { deleteMessages } from './deleteMessages.js';
import {
  appendFetch,
  deleteItems,
  errorMessage,
  groupFetch,
  pageFetch,
  readCell,
  rowName,
  withEditedCell,
  withInvalidDate,
  withReportAnswer,
} from './reportContext.js';
import type { ReportActorOutputs as Out, ReportContext } from './reportMachineTypes.js';
import { reportSetup } from './reportSetup.js';
import { routeAction, rowOpenIntent } from './routeAction.js';

/** The toasts of spec 02 §8 the machine raises. */
export const reportMessages = {
  exportFailed: 'Failed to export the report data.',
  resetDone: 'Table has been reset to default view.',
  saveFailed: 'Failed to save changes.',
} as const;

/** The outcome of the save that just settled, from the edited records and the server's answers. */
export const saveOutcomeOf = (context: ReportContext) =>
  inlineSaveOutcome({
    records: Object.values(context.editedRecords).filter((r) => Object.keys(r.cells).length > 0),
    results: context.saveResults ?? [],
    recordName: (eid) => rowName(context, eid),
  });

const isQuickMenu = (value: unknown): value is Out['fetchQuickMenuActions'] =>
  typeof value === 'object' && value !== null && Array.isArray((value as { actions?: unknown }).actions);

/** The report machine's own actions: context updates, and host actions queued with their params. */
export const reportActions = {
  raiseLoad: reportSetup.createAction(raise({ type: 'LOAD' })),
  selectRows: reportSetup.createAction(
    enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'SELECT_ROWS') return;
      const result = applySelection({
        requested: Array.isArray(event.ids) ? event.ids.filter((id) => Number.isFinite(id)) : [],
        mode: context.mode,
        usage: context.usage,
        actions: context.quickMenu?.actions ?? [],
      });
      enqueue.assign({ selectedIds: result.selectedIds, mode: result.mode, isQuickMenuStale: true });
      if (result.warning) enqueue({ type: 'notify', params: { kind: 'warning', title: result.warning } });
    }),
  ),
  enterMultiSelect: reportSetup.createAction(
    assign(({ context }) => (context.mode === 'default' ? { mode: 'multiSelect' as const } : {})),
  ),
  exitMultiSelect: reportSetup.createAction(
    enqueueActions(({ context, enqueue }) => {
      if (context.mode !== 'multiSelect') return;
      enqueue({ type: 'reportSelection', params: [...context.selectedIds] });
      enqueue.assign({
        mode: 'default',
        selectedIds: selectionAfterMultiSelect(context.selectedIds),
        isQuickMenuStale: true,
      });
    }),
  ),
  editCell: reportSetup.createAction(
    assign(({ context, event }) =>
      event.type === 'EDIT_CELL' && context.mode === 'inlineEditing' && typeof event.cell?.colid === 'string'
        ? {
            editedRecords: withEditedCell(
              context.editedRecords,
              event.eid,
              event.cell,
              event.error,
              readCell(context, event.eid, event.cell.colid),
            ),
          }
        : {},
    ),
  ),
  invalidDate: reportSetup.createAction(
    assign(({ context, event }) =>
      event.type === 'INVALID_DATE' && context.mode === 'inlineEditing'
        ? { editedRecords: withInvalidDate(context.editedRecords, event.eid, event.colid, event.error) }
        : {},
    ),
  ),
  holdSearch: reportSetup.createAction(assign({ isSearchPending: true })),
  dropSearchHold: reportSetup.createAction(assign({ isSearchPending: false })),
  // A fetch of the first page sends the search typed meanwhile: nothing is left to run.
  takeHeldSearch: reportSetup.createAction(
    assign(({ context }) =>
      context.fetchRequest.startIndex === 0 && !context.fetchRequest.append ? { isSearchPending: false } : {},
    ),
  ),
  assignSearch: reportSetup.createAction(
    assign(({ event }) => (event.type === 'SEARCH' ? { searchValue: event.value } : {})),
  ),
  startSearch: reportSetup.createAction(
    assign(({ context }) => ({
      fetchRequest: pageFetch(context, 1),
      ...(context.usage === 'picker' ? {} : { selectedIds: [], isQuickMenuStale: true }),
    })),
  ),
  prepareLoad: reportSetup.createAction(
    assign(({ context }) => ({ fetchRequest: pageFetch(context, 1, { metadata: 'full' }) })),
  ),
  prepareRefresh: reportSetup.createAction(
    assign(({ context }) => ({ fetchRequest: pageFetch(context, 1, { metadata: 'full' }) })),
  ),
  preparePage: reportSetup.createAction(
    assign(({ context, event }) => {
      const command =
        event.type === 'GOTO_PAGE'
          ? ({ kind: 'goto', page: event.page } as const)
          : event.type === 'NEXT_PAGE'
            ? ({ kind: 'next' } as const)
            : event.type === 'PREVIOUS_PAGE'
              ? ({ kind: 'previous' } as const)
              : ({ kind: 'first' } as const);
      return {
        fetchRequest: pageFetch(context, pageAfter(command, context.page, context.availablePagesCount)),
      };
    }),
  ),
  prepareNextPageAppend: reportSetup.createAction(
    assign(({ context }) => ({ fetchRequest: appendFetch(context, context.pageSize) })),
  ),
  // The group's next rows (spec 02 §9 size); rows of a group the report sent no header for read on
  // in the report's order.
  prepareGroupLoadMore: reportSetup.createAction(
    assign(({ context, event }) => {
      if (event.type !== 'LOAD_MORE_IN_GROUP') return {};
      const size = groupLoadMoreSize(context.pageSize, event.groupKey, context.lastLoadMoreGroup);
      return {
        fetchRequest: groupFetch(context, event.groupKey, size) ?? appendFetch(context, size),
        lastLoadMoreGroup: event.groupKey,
      };
    }),
  ),
  applySort: reportSetup.createAction(
    assign(({ context, event }) =>
      event.type === 'APPLY_SORT' ? { sort: [...event.sort], fetchRequest: pageFetch(context, 1) } : {},
    ),
  ),
  applyFilters: reportSetup.createAction(
    assign(({ context, event }) =>
      event.type === 'APPLY_FILTERS'
        ? { conds: [...event.conds], limitValue: event.limitValue, fetchRequest: pageFetch(context, 1) }
        : {},
    ),
  ),
  storeAnswer: reportSetup.createAction(
    assign(({ context, event }) => ('output' in event ? withReportAnswer(context, event.output) : {})),
  ),
  dropKeptView: reportSetup.createAction(
    assign(({ context }) => ({
      isKeptView: false,
      sort: undefined,
      conds: [],
      limitValue: undefined,
      searchValue: '',
      fetchRequest: pageFetch(context, 1, { metadata: 'full' }),
    })),
  ),
  storeFetchError: reportSetup.createAction(
    assign(({ event }) => ({
      errorText: errorMessage('error' in event ? event.error : undefined),
    })),
  ),
  storeTenantSettings: reportSetup.createAction(
    assign(({ context, event }) =>
      'output' in event && typeof event.output === 'object' && event.output !== null
        ? { tenantSettings: { ...context.tenantSettings, ...event.output } }
        : {},
    ),
  ),
  storeQuickMenu: reportSetup.createAction(
    assign(({ event }) =>
      'output' in event && isQuickMenu(event.output)
        ? { quickMenu: event.output, isQuickMenuStale: false }
        : { isQuickMenuStale: false },
    ),
  ),
  markQuickMenuFetched: reportSetup.createAction(assign({ isQuickMenuStale: false })),
  storeReportEntity: reportSetup.createAction(
    assign(({ event }) =>
      'output' in event ? { reportEntity: event.output as Out['fetchReportEntity'] } : {},
    ),
  ),
  storeIsOfTypeRelationshipId: reportSetup.createAction(
    assign(({ event }) =>
      'output' in event ? { isOfTypeRelationshipId: event.output as Out['fetchIsOfTypeRelationshipId'] } : {},
    ),
  ),
  storePersonDerivedTypes: reportSetup.createAction(
    assign(({ event }) =>
      'output' in event && Array.isArray(event.output)
        ? { personDerivedTypeIds: event.output as Out['fetchPersonDerivedTypes'] }
        : {},
    ),
  ),
  exportDone: reportSetup.createAction(
    enqueueActions(({ context, event, enqueue }) => {
      const result = 'output' in event ? (event.output as Out['exportReportData'] | undefined) : undefined;
      if (typeof result?.fileHash !== 'string' || !isExportFormat(result.format)) {
        enqueue.assign({ exportResult: undefined });
        enqueue({ type: 'notify', params: { kind: 'error', title: reportMessages.exportFailed } });
        return;
      }
      enqueue.assign({ exportResult: result });
      enqueue({ type: 'downloadFile', params: { ...result, title: context.meta?.title ?? 'Report' } });
    }),
  ),
  exportFailed: reportSetup.createAction(
    enqueueActions(({ enqueue }) => {
      enqueue.assign({ exportResult: undefined });
      enqueue({ type: 'notify', params: { kind: 'error', title: reportMessages.exportFailed } });
    }),
  ),
  runAction: reportSetup.createAction(
    enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'RUN_ACTION' || typeof event.action !== 'object' || event.action === null) return;
      const step = routeAction(context, event.action);
      if (step.kind === 'event') enqueue.raise(step.event);
      else if (step.kind === 'navigate') enqueue({ type: 'navigate', params: step.intent });
      else if (step.kind === 'host')
        enqueue({
          type: 'runHostAction',
          params: { action: event.action, selectedIds: [...context.selectedIds] },
        });
    }),
  ),
  holdEvent: reportSetup.createAction(assign(({ event }) => ({ pendingEvent: event }))),
  replayPendingEvent: reportSetup.createAction(
    enqueueActions(({ context, enqueue }) => {
      const pending = context.pendingEvent;
      enqueue.assign({ pendingEvent: undefined });
      if (!pending) return;
      if (pending.type === 'REQUEST_LEAVE') enqueue('leave');
      else enqueue.raise(pending);
    }),
  ),
  dropPendingEvent: reportSetup.createAction(assign({ pendingEvent: undefined })),
  leaveInlineEditing: reportSetup.createAction(
    assign(({ context }) =>
      context.mode === 'inlineEditing'
        ? {
            mode: 'default' as const,
            editedRecords: {},
            validationEntries: [],
            inlineEditRowId: undefined,
            inlineEditEntities: {},
          }
        : {},
    ),
  ),
  enterInlineEditing: reportSetup.createAction(
    assign(({ context, event }) => ({
      mode: 'inlineEditing' as const,
      selectedIds:
        context.mode === 'multiSelect' ? selectionAfterMultiSelect(context.selectedIds) : context.selectedIds,
      inlineEditForm: 'output' in event ? (event.output as Out['fetchPageAndEntityType']) : undefined,
      editedRecords: {},
      savedIds: [],
      validationEntries: [],
    })),
  ),
  startRowEdit: reportSetup.createAction(
    assign(({ event }) => (event.type === 'START_ROW_EDIT' ? { inlineEditRowId: event.eid } : {})),
  ),
  storeInlineEditEntity: reportSetup.createAction(
    assign(({ context, event }) =>
      'output' in event && context.inlineEditRowId !== undefined
        ? {
            inlineEditEntities: {
              ...context.inlineEditEntities,
              [String(context.inlineEditRowId)]: event.output,
            },
          }
        : {},
    ),
  ),
  openRow: reportSetup.createAction(
    assign(({ event }) => (event.type === 'OPEN_ROW' ? { openRowId: event.eid } : {})),
  ),
  navigateToOpenedRow: reportSetup.createAction(
    enqueueActions(({ context, event, enqueue }) => {
      if (context.openRowId === undefined) return;
      const entity = 'output' in event ? (event.output as Out['fetchRowEntity']) : undefined;
      enqueue({ type: 'navigate', params: rowOpenIntent(context, context.openRowId, entity) });
      enqueue.assign({ openRowId: undefined });
    }),
  ),
  startSaving: reportSetup.createAction(assign({ isSaving: true, saveResults: undefined })),
  stopSaving: reportSetup.createAction(assign({ isSaving: false })),
  storeSaveResults: reportSetup.createAction(
    assign(({ event }) =>
      'output' in event && Array.isArray(event.output)
        ? { saveResults: event.output as Out['saveModifiedEntities'] }
        : {},
    ),
  ),
  applySaveOutcome: reportSetup.createAction(
    enqueueActions(({ context, enqueue }) => {
      const outcome = saveOutcomeOf(context);
      enqueue.assign({
        editedRecords: Object.fromEntries(outcome.failedRecords.map((r) => [String(r.eid), r])),
        savedIds: outcome.savedIds,
        validationEntries: outcome.validationEntries,
        saveResults: undefined,
        ...(outcome.leaveEditMode
          ? { mode: 'default' as const, inlineEditRowId: undefined, inlineEditEntities: {} }
          : { pendingEvent: undefined }),
      });
      for (const toast of outcome.toasts) enqueue({ type: 'notify', params: toast });
    }),
  ),
  saveFailed: reportSetup.createAction(
    enqueueActions(({ context, event, enqueue }) => {
      enqueue.assign({
        pendingEvent: undefined,
        fetchRequest: pageFetch(context, context.page, { metadata: 'none' }),
      });
      enqueue({
        type: 'notify',
        params: {
          kind: 'error',
          title: reportMessages.saveFailed,
          text: errorMessage('error' in event ? event.error : undefined),
        },
      });
    }),
  ),
  prepareRefetchWithoutMetadata: reportSetup.createAction(
    assign(({ context }) => ({
      fetchRequest: pageFetch(context, context.page, { metadata: 'none' }),
    })),
  ),
  holdDeleteIds: reportSetup.createAction(
    assign(({ context, event }) =>
      event.type === 'DELETE' ? { deleteIds: [...(event.ids ?? context.selectedIds)] } : {},
    ),
  ),
  dropDeleteIds: reportSetup.createAction(assign({ deleteIds: [], deleteDetails: undefined })),
  storeDeleteDetails: reportSetup.createAction(
    assign(({ event }) =>
      'output' in event ? { deleteDetails: event.output as Out['fetchDeleteDetails'] } : {},
    ),
  ),
  deleteDetailsFailed: reportSetup.createAction(
    enqueueActions(({ context, event, enqueue }) => {
      const title = deleteMessages.detailsFailed(deleteItems(context));
      enqueue.assign({ deleteIds: [], deleteDetails: undefined });
      const text = errorMessage('error' in event ? event.error : undefined);
      enqueue({ type: 'notify', params: { kind: 'error', title, text } });
    }),
  ),
  deleteDone: reportSetup.createAction(
    enqueueActions(({ context, enqueue }) => {
      const ids = context.deleteIds;
      const deleted = new Set(ids);
      const recordsCount =
        context.recordsCount === undefined ? undefined : Math.max(0, context.recordsCount - ids.length);
      const page =
        recordsCount === undefined
          ? context.page
          : pageAfterDelete({
              page: context.page,
              pageSize: context.pageSize,
              recordsCount: context.recordsCount ?? 0,
              deletedCount: ids.length,
            });
      const rows = context.rows.filter((r) => !deleted.has(r.eid));
      const title = deleteMessages.deleted(deleteItems(context));
      enqueue({ type: 'notify', params: { kind: 'success', title } });
      enqueue.assign({
        rows,
        recordsCount,
        totalItemsLoaded: rows.length,
        page,
        selectedIds: [],
        isQuickMenuStale: true,
        deleteIds: [],
        deleteDetails: undefined,
        fetchRequest: pageFetch(context, page),
      });
    }),
  ),
  deleteFailed: reportSetup.createAction(
    enqueueActions(({ context, event, enqueue }) => {
      const error: unknown = 'error' in event ? event.error : undefined;
      const title = deleteMessages.failed(deleteItems(context));
      enqueue.assign({ deleteIds: [], deleteDetails: undefined });
      enqueue({ type: 'notify', params: { kind: 'error', title, text: errorMessage(error) } });
    }),
  ),
  resetView: reportSetup.createAction(
    enqueueActions(({ context, enqueue }) => {
      enqueue.assign({
        sort: undefined,
        conds: [],
        limitValue: undefined,
        searchValue: '',
        page: 1,
        lastLoadMoreGroup: undefined,
        fetchRequest: { ...pageFetch(context, 1, { metadata: 'full', isReset: true }) },
      });
      enqueue('resetColumnState');
      enqueue({ type: 'notify', params: { kind: 'success', title: reportMessages.resetDone } });
    }),
  ),
};
