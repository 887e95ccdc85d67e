import {
  changedSinceReadMessage,
  type EntityId,
  type ModifiedRecord,
  type SavedRecordResult,
  type SaveModifiedRequest,
  type SaveModifiedResponse,
  type Schema,
  wholeRecordId,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { selectEntities } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { tenantScope } from '../data/tenantScope.js';
import { formErrors, formMayRefuse, readOnlyErrors } from '../forms/formChecks.js';
import { DefaultForms, memberKey } from '../forms/formDefinitions.js';
import { recordAfterChange } from '../forms/recordAfterChange.js';
import { AppError, badRequest } from '../http/errors.js';
import { putEntities } from './putEntities.js';
import type { MemberError } from './relationshipChanges.js';

type MemberResult = SavedRecordResult['validationResults'][number];

/**
 * Saves inline-edited records (spec 02 §4 "Saving inline edits", §7 "Save modified entities").
 * Each record is a put of its own, in its own transaction, with the put's validation, permissions
 * and optimistic concurrency: a valid record is saved whatever the others do, and a record that
 * fails keeps its stored values and answers why — by field or relationship id, or -1 for the record.
 * The type's default form adds its mandatory overrides and custom validations (decision 0026).
 */
export async function saveModifiedEntities(
  ctx: RequestContext,
  req: SaveModifiedRequest,
): Promise<SaveModifiedResponse> {
  const ids = new Set<EntityId>();
  for (const record of req.records) {
    if (ids.has(record.id)) throw badRequest(`The record ${record.id} appears twice in the batch.`);
    ids.add(record.id);
  }
  const results: SavedRecordResult[] = [];
  const forms = new DefaultForms(ctx);
  for (const record of req.records) results.push(await saveRecord(ctx, record, forms));
  return { results };
}

async function saveRecord(
  ctx: RequestContext,
  record: ModifiedRecord,
  forms: DefaultForms,
): Promise<SavedRecordResult> {
  try {
    const checked = await checkAgainstForm(ctx, record, forms);
    if (checked.errors.length > 0)
      return { entityId: record.id, validationResults: await memberResults(ctx, record.id, checked.errors) };
    // What was checked is what is saved: a record changed since it was read is not.
    const expected = record.version ?? checked.version;
    const entity = expected === undefined ? record : { ...record, version: expected };
    const answer = await putEntities(ctx, { entities: [entity], deleted: [] });
    const version = answer.versions.find((v) => v.id === record.id)?.version;
    return { entityId: record.id, validationResults: [], ...(version === undefined ? {} : { version }) };
  } catch (error) {
    // A refusal of this record (invalid, not allowed, not found, stale) is its result; a failure
    // of the server is the call's.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    if (error.code === 'precondition_failed') return changedSinceRead(ctx, record.id);
    const memberErrors = error.code === 'validation_failed' ? detailErrors(error.details) : undefined;
    return {
      entityId: record.id,
      validationResults: memberErrors
        ? await memberResults(ctx, record.id, memberErrors)
        : [{ id: wholeRecordId, isReverse: false, errors: [error.message] }],
    };
  }
}

/** A record changed after it was read: its record error and its version now (to save over it). */
async function changedSinceRead(ctx: RequestContext, id: EntityId): Promise<SavedRecordResult> {
  const [row] = await tenantScope(ctx).readRecords([id]);
  return {
    entityId: id,
    validationResults: [{ id: wholeRecordId, isReverse: false, errors: [changedSinceReadMessage] }],
    ...(row ? { currentVersion: row.version } : {}),
  };
}

/**
 * The checks of the record type's default form that a put does not make (spec 02 §5, spec 03 §5):
 * its read-only controls on the members changed, its mandatory overrides on the members sent, and
 * the custom validations of the controls whose member changed (or that always validate), run on
 * the record as the change would leave it. Values the put refuses anyway are left to it. Errors are
 * named by member key, as the put names them. Only the record's row is read to learn its type;
 * the record after the change (with its related ends) is worked out only when the form could
 * refuse what is sent.
 */
async function checkAgainstForm(
  ctx: RequestContext,
  record: ModifiedRecord,
  forms: DefaultForms,
): Promise<{ errors: MemberError[]; version?: number }> {
  const [stored] = await tenantScope(ctx).readRecords([record.id]);
  const type = stored && ctx.schema.type(stored.typeId);
  // A record the caller cannot read, or of no known type, is the put's to refuse.
  if (!stored || !type) return { errors: [] };
  const form = await forms.of(type);
  if (!formMayRefuse(ctx, form, sentKeys(ctx.schema, type.id, record))) return { errors: [] };
  const after = await recordAfterChange(ctx, record, stored);
  const failing = [
    ...readOnlyErrors(form, after),
    ...(await formErrors(ctx, form, after, { scope: 'changed', withMemberRules: false })),
  ];
  const errors = failing.flatMap((f) =>
    f.messages.map((message) => ({ id: record.id, member: f.control.key, message })),
  );
  return { errors, ...(after.version === undefined ? {} : { version: after.version }) };
}

/** The member keys (`#fieldId`, `#relId:fwd|rev`) of the members a change names that its type has. */
function sentKeys(schema: Schema, typeId: EntityId, record: ModifiedRecord): Set<string> {
  const keys = new Set<string>();
  for (const key of Object.keys(record.fields ?? {})) {
    const member = schema.member(typeId, key);
    if (member?.kind === 'field') keys.add(memberKey(member));
  }
  for (const key of Object.keys(record.relationships ?? {})) {
    const member = schema.member(typeId, key);
    if (member?.kind === 'relationship') keys.add(memberKey(member));
  }
  return keys;
}

function detailErrors(details: unknown): MemberError[] | undefined {
  const errors = (details as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors) && errors.length > 0 ? (errors as MemberError[]) : undefined;
}

/**
 * Groups the put's member errors by the field or relationship end they name on the saved record.
 * A member the record's type does not have is the record's error (-1); so is an error the save
 * caused on another record (a mandatory end left empty there), named with that record.
 */
async function memberResults(
  ctx: RequestContext,
  id: EntityId,
  errors: readonly MemberError[],
): Promise<MemberResult[]> {
  const [row] = await selectEntities(systemQuery(ctx.db, 'write integrity'), ctx.tenantId, [id]);
  const byKey = new Map<string, MemberResult>();
  const add = (memberId: number, isReverse: boolean, message: string) => {
    const key = `${memberId}:${isReverse}`;
    const result = byKey.get(key) ?? { id: memberId, isReverse, errors: [] };
    byKey.set(key, result);
    if (!result.errors.includes(message)) result.errors.push(message);
  };
  for (const e of errors) {
    if (e.id !== id) {
      add(wholeRecordId, false, `'${e.member}' of record ${e.id}: ${e.message}`);
      continue;
    }
    const member = row ? ctx.schema.member(row.typeId, e.member) : undefined;
    if (member?.kind === 'field') add(member.field.id, false, e.message);
    else if (member?.kind === 'relationship') add(member.rel.id, member.direction === 'rev', e.message);
    else add(wholeRecordId, false, e.message);
  }
  return [...byKey.values()];
}
