import { recordErrorKey, recordsToSave } from '../../query/inlineSaveOutcome.js';
import type { ReportContext } from '../reportMachineTypes.js';
import type { ReportGuards } from '../reportSetup.js';
import { hasModifiedRecords } from './editedRecords.js';
import { saveOutcomeOf } from './inlineEditActions.js';

/** The row fetch of inline editing waits this long, unless the row was read before (spec 02 §4). */
export const inlineEditRowDebounceMs = 250;

type Args = { context: ReportContext };
const isInlineEditing = ({ context }: Args) => context.mode === 'inlineEditing';
const isEditingWithChanges = ({ context }: Args) =>
  context.mode === 'inlineEditing' && hasModifiedRecords(context.editedRecords);

/**
 * Whether an edited record is known to differ from its row: the server answered it with an error
 * of the record as a whole (changed by someone else, not found), or a version other than the row's.
 */
function hasOutdatedRows(context: ReportContext): boolean {
  return Object.values(context.editedRecords).some((record) => {
    if ((record.errors[recordErrorKey] ?? '') !== '') return true;
    const row = context.rows.find((r) => r.eid === record.eid);
    return record.version !== undefined && row?.version !== undefined && row.version !== record.version;
  });
}

/** The inline-edit feature's guards: modes, unsaved changes, the row cache and the save's outcome. */
export const inlineEditGuards = {
  isInlineEditing,
  isNotInlineEditing: (args: Args) => !isInlineEditing(args),
  isEditingWithChanges,
  isSaveEnabled: ({ context }) =>
    context.mode === 'inlineEditing' && hasModifiedRecords(context.editedRecords) && !context.isSaving,
  hasPendingEventToReplay: ({ context }) =>
    context.pendingEvent !== undefined && context.mode !== 'inlineEditing',
  isInlineEditRowCached: ({ context }) =>
    context.inlineEditRowId !== undefined && String(context.inlineEditRowId) in context.inlineEditEntities,
  hasNothingToSave: ({ context }) => recordsToSave(Object.values(context.editedRecords)).toSave.length === 0,
  saveNeedsRefetch: ({ context }) => saveOutcomeOf(context).refetch,
  /**
   * Discarding edits of a record the server refused as changed since (or missing): the rows show
   * what was read before that change, so the page is read again (issue 12 item 1).
   */
  isDiscardingOutdatedRows: ({ context }: Args) => isInlineEditing({ context }) && hasOutdatedRows(context),
} satisfies ReportGuards;

/** The inline-edit feature's delays. */
export const inlineEditDelays = {
  inlineEditRowDelay: ({ context }: Args) =>
    context.inlineEditRowId !== undefined && String(context.inlineEditRowId) in context.inlineEditEntities
      ? 0
      : inlineEditRowDebounceMs,
};
