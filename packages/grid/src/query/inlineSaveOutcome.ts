import type { InlineEditedRecord, InlineSaveResult, RowId, ToastRequest } from '../types.js';

/** The key of an edited record's errors that belong to the record as a whole, not to a column. */
export const recordErrorKey = '-1';

/** A top-level validation entry of a save: id -1 and '{record name or id}: {error}' (spec 02 §8). */
export interface SaveValidationEntry {
  id: -1;
  text: string;
}

export interface InlineSaveOutcome {
  /** Records the server saved; the view highlights them. */
  savedIds: RowId[];
  /** Records kept in edit with their errors (red rows). */
  failedRecords: InlineEditedRecord[];
  /** The first error of each failed record, deduplicated. */
  validationEntries: SaveValidationEntry[];
  toasts: ToastRequest[];
  /** No refetch when every record failed. */
  refetch: boolean;
  /** Edit mode ends only when every record saved. */
  leaveEditMode: boolean;
}

const isModified = (r: InlineEditedRecord) => Object.keys(r.cells).length > 0;
/**
 * Errors of the record's columns keep it from being sent. An error of the record as a whole came
 * from the server's last answer (changed by someone else, not found…): the record is sent again
 * and the server answers anew.
 */
const hasErrors = (r: InlineEditedRecord) =>
  Object.entries(r.errors).some(([k, e]) => k !== recordErrorKey && e !== '');
const withoutRecordError = (r: InlineEditedRecord): InlineEditedRecord => {
  const { [recordErrorKey]: _old, ...errors } = r.errors;
  return { ...r, errors };
};

/** Splits the edited records: the modified ones without errors are sent; the others stay. */
export function recordsToSave(records: readonly InlineEditedRecord[]): {
  toSave: InlineEditedRecord[];
  invalid: InlineEditedRecord[];
} {
  const modified = records.filter(isModified);
  return { toSave: modified.filter((r) => !hasErrors(r)), invalid: modified.filter(hasErrors) };
}

/** Maps a record's server validation results onto its edited columns; unmatched ones go to the record. */
function errorsFromResults(record: InlineEditedRecord, result: InlineSaveResult): Record<string, string> {
  const errors: Record<string, string[]> = {};
  // The answer comes from the server: anything not of its shape is skipped, not trusted.
  const members = Array.isArray(result.validationResults) ? result.validationResults : [];
  for (const member of members) {
    const messages = Array.isArray(member?.errors)
      ? member.errors.filter((e): e is string => typeof e === 'string' && e.trim() !== '')
      : [];
    if (messages.length === 0) continue;
    const cell =
      member.id === -1
        ? undefined
        : Object.values(record.cells).find((c) =>
            c.rid !== undefined
              ? c.rid === member.id && Boolean(c.rev) === member.isReverse
              : c.fid === member.id,
          );
    const key = cell?.colid ?? recordErrorKey;
    errors[key] = [...(errors[key] ?? []), ...messages];
  }
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.join(' ')]));
}

/**
 * The outcome of saving inline edits (spec 02 §4 "Saving inline edits", §8): records with
 * validation errors stay with their errors; each failed record gives one entry '{name}: {first
 * error}', deduplicated, each shown as a toast; when every record failed nothing is refetched,
 * otherwise the report refetches, and edit mode ends when every record saved.
 */
export function inlineSaveOutcome(input: {
  /** The modified records: those sent and those kept back for client-side errors. */
  records: readonly InlineEditedRecord[];
  results: readonly InlineSaveResult[];
  recordName: (eid: RowId) => string | undefined;
}): InlineSaveOutcome {
  const byId = new Map(input.results.filter((r) => r && typeof r === 'object').map((r) => [r.entityId, r]));
  const savedIds: RowId[] = [];
  const failedRecords: InlineEditedRecord[] = [];
  for (const record of input.records) {
    if (hasErrors(record)) {
      failedRecords.push(record);
      continue;
    }
    const result = byId.get(record.eid);
    const errors = result ? errorsFromResults(record, result) : {};
    const sent = withoutRecordError(record);
    // Changed by someone else: the edits stay, and saving again is against the version now.
    const version = typeof result?.currentVersion === 'number' ? result.currentVersion : sent.version;
    if (Object.keys(errors).length > 0)
      failedRecords.push({
        ...sent,
        errors: { ...sent.errors, ...errors },
        ...(version === undefined ? {} : { version }),
      });
    else savedIds.push(record.eid);
  }
  const texts = new Set<string>();
  for (const record of failedRecords) {
    const first = Object.values(record.errors).find((e) => e !== '');
    if (first === undefined) continue;
    const name = input.recordName(record.eid)?.trim() || String(record.eid);
    texts.add(`${name}: ${first}`);
  }
  const validationEntries = [...texts].map((text) => ({ id: -1 as const, text }));
  return {
    savedIds,
    failedRecords,
    validationEntries,
    toasts: validationEntries.map((e) => ({ kind: 'error', title: e.text })),
    refetch: savedIds.length > 0,
    leaveEditMode: failedRecords.length === 0,
  };
}
