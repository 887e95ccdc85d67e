import {
  type EntityChange,
  type EntityRef,
  type EntityResponse,
  type FieldDef,
  isWritableField,
  type PatchEntityRequest,
  requiredMessage,
  type TypeSchemaField,
  type TypeSchemaRelationship,
  validateFieldValue,
} from '@plinth/schema';
import { type RelatedRecord, relatedRecords } from '../relationship/relationshipChanges';
import {
  isTableEnd,
  isTableValueChanged,
  isTableValueEmpty,
  tableSaveChanges,
  tableValueOf,
} from '../relationship/relationshipTableValue';
import type { FormFieldNode, FormRelationshipNode } from '../render/formTree';

/**
 * The related records a picker's choice makes: its ids in order, each named by the picker's rows or,
 * for one kept from before, by the records held until now.
 */
export const pickedRecords = (
  ids: readonly number[],
  rows: readonly { id: number; name: string | null }[],
  held: readonly RelatedRecord[],
): RelatedRecord[] =>
  ids.map((id) => ({
    id,
    name: rows.find((r) => r.id === id)?.name ?? held.find((r) => r.id === id)?.name ?? null,
  }));

/** A control's value: a field's stored value, or the related records of a relationship end. */
export type FormValue = unknown;

/** The form's values keyed by control id. */
export type FormValues = Readonly<Record<string, FormValue>>;

export type FormControlNode = FormFieldNode | FormRelationshipNode;

/** The member key of a control in the record read and in a save: its field's or end's script name. */
export const memberKey = (node: FormControlNode): string =>
  node.kind === 'field' ? node.field.scriptName : node.end.endScriptName;

/**
 * A field or relationship end of the record as reads, client rules and saves see it: a record
 * form's control and a form page's bound member are both one.
 */
export type RecordMember =
  | { kind: 'field'; field: TypeSchemaField }
  | { kind: 'relationship'; end: TypeSchemaRelationship; isToMany: boolean };

/** A member's value as read: a field's stored value, or the related records of an end. */
export const memberValueOf = (member: RecordMember, raw: unknown): FormValue =>
  member.kind === 'field' ? (raw ?? null) : relatedRecords(raw);

/** A member's value to write, under the member key a save names it by. */
export interface MemberWrite {
  key: string;
  member: RecordMember;
  value: FormValue;
}

/**
 * The body that writes members' values: fields by script name, ends as the related ids that
 * replace them (an emptied lookup: none); a relationship table's end as the ids added and removed
 * (decision 0082), never the whole list.
 */
export function membersSaveBody(writes: Iterable<MemberWrite>): PatchEntityRequest {
  const fields: Record<string, unknown> = {};
  const relationships: NonNullable<PatchEntityRequest['relationships']> = {};
  for (const { key, member, value } of writes) {
    if (member.kind === 'field') fields[key] = value ?? null;
    else if (isTableEnd(member)) {
      const { change } = tableSaveChanges(member.end, 0, value);
      if (change) relationships[key] = change;
    } else relationships[key] = { set: relatedRecords(value).map((r) => r.id) };
  }
  return {
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
    ...(Object.keys(relationships).length > 0 ? { relationships } : {}),
  };
}

/**
 * The related records the written relationship tables change in the same save: new ones created,
 * and added ones moved to this record through their own end.
 */
export function membersCreatedRecords(writes: Iterable<MemberWrite>, recordId: EntityRef): EntityChange[] {
  return [...writes].flatMap(({ member, value }) =>
    member.kind === 'relationship' && isTableEnd(member)
      ? tableSaveChanges(member.end, recordId, value).created
      : [],
  );
}

/**
 * One member's value checked by the client rules of spec 03 §5: a field by the validator the
 * server uses (`validateFieldValue`, its value normalised to the stored form); a relationship or
 * choice is 'A value is required.' when required and empty.
 */
export function checkMemberValue(
  member: RecordMember,
  value: FormValue,
  isMandatory: boolean,
): { ok: true; value: FormValue } | { ok: false; message: string } {
  if (member.kind === 'relationship') {
    const isEmpty = isTableEnd(member) ? isTableValueEmpty(value) : relatedRecords(value).length === 0;
    return isMandatory && isEmpty ? { ok: false, message: requiredMessage } : { ok: true, value };
  }
  return validateFieldValue(member.field as FieldDef, value, { mandatory: isMandatory });
}

/** The values of a record's controls as read (`form/data`, with any to-many ends read beside it). */
export function valuesOfRecord(
  controls: readonly FormControlNode[],
  record: Readonly<Record<string, unknown>>,
): Record<string, FormValue> {
  const values: Record<string, FormValue> = {};
  for (const node of controls) values[node.id] = memberValueOf(node, record[memberKey(node)]);
  return values;
}

const idsKey = (value: FormValue) =>
  relatedRecords(value)
    .map((r) => r.id)
    .sort((a, b) => a - b)
    .join(',');

/** Whether a control's value differs from what was read (relationships by their ids). */
export function isChanged(node: FormControlNode, read: FormValue, current: FormValue): boolean {
  // A relationship table holds its changes since the record was read (decision 0082).
  if (node.kind === 'relationship' && isTableEnd(node)) return isTableValueChanged(current);
  if (node.kind === 'relationship') return idsKey(read) !== idsKey(current);
  const a = read === undefined || read === '' ? null : read;
  const b = current === undefined || current === '' ? null : current;
  return a !== b;
}

/** The controls the user changed, in form order. */
export function changedControls(
  controls: readonly FormControlNode[],
  read: FormValues,
  current: FormValues,
): FormControlNode[] {
  return controls.filter((n) => isChanged(n, read[n.id], current[n.id]));
}

/** Whether the user may change a control's value in this form. */
export function isEditableControl(node: FormControlNode, readOnlyControls: ReadonlySet<string>): boolean {
  if (readOnlyControls.has(node.id) || node.control.readOnlyControl) return false;
  if (node.kind === 'field') return isWritableField(node.field as FieldDef);
  return node.end.column === undefined;
}

/** Whether a relationship control needs a related record (spec 03 §5 "Required"). */
export function isRelationshipRequired(node: FormRelationshipNode): boolean {
  const { end } = node;
  const isMandatory = end.direction === 'fwd' ? end.isMandatory : end.isReverseMandatory;
  return node.control.mandatory || isMandatory;
}

export interface CheckedValues {
  /** Messages by control id (spec 03 §5, verbatim); empty when every value is valid. */
  errors: Record<string, string>;
  /** The values normalised to their stored form, by control id. */
  values: Record<string, FormValue>;
}

/**
 * Checks the editable controls' values (spec 03 §5) with the validator the server uses
 * (`validateFieldValue`): the control's mandatory flag counts as required; a relationship or choice
 * is 'A value is required.' when required and empty.
 */
export function checkValues(
  controls: readonly FormControlNode[],
  values: FormValues,
  readOnlyControls: ReadonlySet<string>,
): CheckedValues {
  const errors: Record<string, string> = {};
  const normalised: Record<string, FormValue> = { ...values };
  for (const node of controls) {
    if (!isEditableControl(node, readOnlyControls)) continue;
    const isMandatory = node.kind === 'relationship' ? isRelationshipRequired(node) : node.control.mandatory;
    const result = checkMemberValue(node, values[node.id], isMandatory);
    if (result.ok) normalised[node.id] = result.value;
    else errors[node.id] = result.message;
  }
  return { errors, values: normalised };
}

const writesOf = (changed: readonly FormControlNode[], values: FormValues): MemberWrite[] =>
  changed.map((node) => ({ key: memberKey(node), member: node, value: values[node.id] }));

/** The body of a save of the changed controls (`membersSaveBody`). */
export const saveBody = (changed: readonly FormControlNode[], values: FormValues): PatchEntityRequest =>
  membersSaveBody(writesOf(changed, values));

/**
 * The values as saved: a relationship table's changes are the record's now, so none are pending
 * (the record is read again at once; meanwhile the form is not dirty).
 */
export function savedValues(
  controls: readonly FormControlNode[],
  values: FormValues,
): Record<string, FormValue> {
  const saved: Record<string, FormValue> = { ...values };
  for (const node of controls)
    if (node.kind === 'relationship' && isTableEnd(node)) saved[node.id] = tableValueOf(values[node.id]).read;
  return saved;
}

/** The related records the changed relationship tables change in the same save. */
export const createdRelatedRecords = (
  changed: readonly FormControlNode[],
  values: FormValues,
  recordId: EntityRef,
): EntityChange[] => membersCreatedRecords(writesOf(changed, values), recordId);

/** A member error of a refused save (`validation_failed`: `{ errors: [{ member, message }] }`). */
interface MemberError {
  member?: unknown;
  message?: unknown;
}

/**
 * The server's refusals of a save, under the controls they name (by member script name); those
 * that name no control of the form are returned apart, to be shown above the form.
 */
export function serverErrors(
  controls: readonly FormControlNode[],
  details: unknown,
): { byControl: Record<string, string>; other: string[] } {
  const list = (details as { errors?: unknown } | null)?.errors;
  const byControl: Record<string, string> = {};
  const other: string[] = [];
  if (!Array.isArray(list)) return { byControl, other };
  for (const e of list as MemberError[]) {
    if (typeof e?.message !== 'string') continue;
    const node = controls.find((n) => typeof e.member === 'string' && memberKey(n) === e.member);
    if (node) byControl[node.id] = byControl[node.id] ? `${byControl[node.id]} ${e.message}` : e.message;
    else other.push(e.message);
  }
  return { byControl, other };
}

/** The record's values of a new record answered by the server, merged over the plain defaults. */
export function mergeNewRecord(
  plain: EntityResponse,
  evaluated: Readonly<Record<string, unknown>> | null,
  failed: Readonly<Record<string, string>>,
): EntityResponse {
  if (!evaluated) return plain;
  const merged: EntityResponse = { ...plain };
  for (const [key, value] of Object.entries(evaluated)) {
    if (key in failed) continue; // A calculation that could not run keeps the plain default.
    if (['id', 'typeId', 'version', 'canModify', 'canDelete', 'alias'].includes(key)) continue;
    if (value !== null && value !== undefined) merged[key] = value;
  }
  return merged;
}
