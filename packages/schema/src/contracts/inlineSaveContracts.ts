import { z } from 'zod';
import { entityId } from './common.js';
import { relationshipChange } from './entityContracts.js';

/** At most this many records in one "Save modified entities" call. */
export const maxSavedRecords = 1000;

/** One inline-edited record: its changed fields and relationships, keyed as the entity put keys them. */
export const modifiedRecord = z
  .object({
    id: entityId,
    /** The version read; when given, a record changed since is not saved (its result says why). */
    version: z.number().int().nonnegative().optional(),
    /** Changed field values keyed by script name, name or `#fieldId`. */
    fields: z.record(z.string().max(200), z.unknown()).optional(),
    /** Changed relationships keyed by the end's script name or `#relId[:rev]`. */
    relationships: z.record(z.string().max(200), relationshipChange).optional(),
  })
  .strict();
export type ModifiedRecord = z.infer<typeof modifiedRecord>;

/** "Save modified entities" (spec 02 §7): the form data of each inline-edited record. */
export const saveModifiedRequest = z
  .object({ records: z.array(modifiedRecord).min(1).max(maxSavedRecords) })
  .strict();
export type SaveModifiedRequest = z.infer<typeof saveModifiedRequest>;

/** The record as a whole, in a validation result's `id` (spec 02 §8). */
export const wholeRecordId = -1;

/** The errors of one member of a saved record: a field or relationship id (and end), or -1. */
export const memberValidationResult = z.object({
  id: z.number().int(),
  isReverse: z.boolean(),
  errors: z.array(z.string()),
});

/**
 * The inline-edit save result of spec 02 §3: no validation results means the record was saved
 * (and `version` is its new version); otherwise nothing of it was saved.
 */
export const inlineSaveResult = z.object({
  entityId,
  validationResults: z.array(memberValidationResult),
  version: z.number().int().optional(),
  /**
   * A record refused because someone changed it after it was read: its version now. Sent with
   * the edits again, it saves them over the other change, knowingly (decision 0032).
   */
  currentVersion: z.number().int().optional(),
});

/** The record error of an inline save refused because the record changed after it was read. */
export const changedSinceReadMessage =
  'Someone else changed this record after you read it. Save again to replace their changes with yours, or cancel to keep theirs.';
export type SavedRecordResult = z.infer<typeof inlineSaveResult>;

/** One result per record sent, in the order sent. */
export const saveModifiedResponse = z.object({ results: z.array(inlineSaveResult) });
export type SaveModifiedResponse = z.infer<typeof saveModifiedResponse>;
