import { assign, enqueueActions } from 'xstate';
import { inlineSaveOutcome } from '../../query/inlineSaveOutcome.js';
import { selectionAfterMultiSelect } from '../../query/selection.js';
import { errorMessage, pageFetch, rowName } from '../reportContext.js';
import type { ReportActorOutputs as Out, ReportContext } from '../reportMachineTypes.js';
import { reportMessages } from '../reportMessages.js';
import { reportSetup } from '../reportSetup.js';
import { readCell, withEditedCell, withInvalidDate } from './editedRecords.js';

/** The outcome of the save that just settled, from the edited records and the server's answers. */
export const saveOutcomeOf = (context: ReportContext) =>
  inlineSaveOutcome({
    records: Object.values(context.editedRecords).filter((r) => Object.keys(r.cells).length > 0),
    results: context.saveResults ?? [],
    recordName: (eid) => rowName(context, eid),
  });

/** The inline-edit feature's actions: edits, the unsaved-changes question, saving and its outcome. */
export const inlineEditActions = {
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
};
