import {
  type EntityId,
  type EntityRef,
  type FieldDef,
  isWritableField,
  type relationshipChange,
  type StoredValue,
  type TypeDef,
  validateFieldValue,
} from '@plinth/schema';
import type { z } from 'zod';
import { isExpressionDefault } from '../calc/calculatedFields.js';
import type { RequestContext } from '../context.js';
import { type EntityRow, fieldValue, selectLinks } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { defaultFor } from '../entities/fieldDefaults.js';
import { sanitizeRichText } from '../entities/sanitizeRichText.js';
import { badRequest, notFound } from '../http/errors.js';
import { readTenantSettings } from '../settings/tenantSettings.js';
import { memberKey } from './formDefinitions.js';

type RelationshipChange = z.infer<typeof relationshipChange>;

/** The id a new record has while it is checked: no stored record has it. */
export const unsavedRecordId = 0;

/** A change of one record as the form calls and the inline save send it. */
export interface RecordChange {
  id?: EntityId | undefined;
  typeId?: EntityRef | undefined;
  fields?: Record<string, unknown> | undefined;
  relationships?: Record<string, RelationshipChange> | undefined;
}

/**
 * A record as it would be once a change is saved, for checking it before it is: the row with the
 * changed values, the related records of the relationship ends the change names, which members
 * changed and which values are not valid at all.
 */
export interface RecordAfterChange {
  type: TypeDef;
  isNew: boolean;
  /** The record with the new values (id {@link unsavedRecordId} when new). */
  row: EntityRow;
  /** The version read, for saving exactly what was checked. */
  version: number | undefined;
  /** Member keys (`#fieldId`, `#relId:fwd|rev`) the change sends. */
  sent: Set<string>;
  /** Member keys whose value differs from the stored one (every one sent, for a new record). */
  changed: Set<string>;
  /** Built-in errors of field values that cannot be stored, by member key. */
  invalid: Map<string, string>;
  /** Related record ids after the change, by relationship member key (only the ends sent). */
  related: Map<string, EntityId[]>;
  /** Keys the type has no writable member for, with the reason. */
  unknown: Array<{ member: string; message: string }>;
}

/**
 * Works out a record as a change would leave it, reading nothing but the record and the links of
 * the relationship ends the change names. The caller must be able to read the record (404 if not);
 * `stored` is the record when the caller has read it already, under the caller's read filter.
 * New records get their fields' literal defaults, as a save would give them.
 */
export async function recordAfterChange(
  ctx: RequestContext,
  change: RecordChange,
  stored?: EntityRow,
): Promise<RecordAfterChange> {
  const before = change.id === undefined ? undefined : (stored ?? (await readableRow(ctx, change.id)));
  const type = before
    ? ctx.schema.type(before.typeId)
    : change.typeId === undefined
      ? undefined
      : ctx.schema.type(change.typeId);
  if (!type) throw badRequest(`Unknown type ${change.typeId ?? ''}.`.replace(' .', '.'));
  const now = ctx.clock.now().toISOString();
  const row: EntityRow = before
    ? { ...before, data: { ...before.data } }
    : {
        id: unsavedRecordId,
        typeId: type.id,
        name: null,
        alias: null,
        data: {},
        version: 0,
        createdAt: now,
        modifiedAt: now,
        createdBy: ctx.actor.userId,
        modifiedBy: ctx.actor.userId,
        ownerId: ctx.actor.userId,
      };
  const state: RecordAfterChange = {
    type,
    isNew: !before,
    row,
    version: before?.version,
    sent: new Set(),
    changed: new Set(),
    invalid: new Map(),
    related: new Map(),
    unknown: [],
  };

  const given = new Set<EntityId>();
  for (const [key, input] of Object.entries(change.fields ?? {})) {
    const member = ctx.schema.member(type.id, key);
    if (member?.kind !== 'field') {
      state.unknown.push({ member: key, message: `'${key}' is not a field of '${type.name}'.` });
      continue;
    }
    const field = member.field;
    if (!isWritableField(field)) {
      state.unknown.push({ member: key, message: `'${field.name}' is read-only.` });
      continue;
    }
    given.add(field.id);
    setField(
      state,
      field,
      field.type === 'RichText' && typeof input === 'string' ? sanitizeRichText(input) : input,
    );
  }
  if (state.isNew) {
    const { timeZone } = await readTenantSettings(ctx.db, ctx.tenantId);
    for (const field of ctx.schema.fieldsOf(type.id)) {
      if (
        given.has(field.id) ||
        !isWritableField(field) ||
        field.column ||
        isExpressionDefault(field.defaultValue)
      )
        continue;
      const fallback = defaultFor(field, timeZone, ctx.clock.now());
      if (fallback !== undefined) setField(state, field, fallback);
    }
  }

  for (const [key, relChange] of Object.entries(change.relationships ?? {})) {
    const member = ctx.schema.member(type.id, key);
    if (member?.kind !== 'relationship') {
      state.unknown.push({ member: key, message: `'${key}' is not a relationship of '${type.name}'.` });
      continue;
    }
    if (member.rel.column) {
      state.unknown.push({ member: key, message: `'${key}' is read-only.` });
      continue;
    }
    const mk = memberKey(member);
    const current = before
      ? (await selectLinks(ctx.db, ctx.tenantId, member.rel.id, member.direction, [before.id])).map((l) =>
          member.direction === 'fwd' ? l.toId : l.fromId,
        )
      : [];
    // References to records created in the same batch cannot be followed before they exist.
    const ids = (refs: readonly EntityRef[] | undefined) =>
      refs?.filter((r): r is number => typeof r === 'number');
    const set = ids(relChange.set);
    const removed = new Set(ids(relChange.remove) ?? []);
    const after = [
      ...new Set([...(set ?? current).filter((id) => !removed.has(id)), ...(ids(relChange.add) ?? [])]),
    ];
    state.sent.add(mk);
    state.related.set(mk, after);
    const same = after.length === current.length && after.every((id) => current.includes(id));
    if (state.isNew || !same) state.changed.add(mk);
  }
  return state;
}

async function readableRow(ctx: RequestContext, id: EntityId): Promise<EntityRow> {
  const [row] = await tenantScope(ctx).readRecords([id]);
  if (!row) throw notFound();
  return row;
}

/** Sets a field's new value on the row, noting whether it changed, or the value's error. */
function setField(state: RecordAfterChange, field: FieldDef, input: unknown) {
  const key = `#${field.id}`;
  state.sent.add(key);
  const result = validateFieldValue(field, input);
  if (!result.ok) {
    state.invalid.set(key, result.message);
    return;
  }
  const before = fieldValue(state.row, field) as StoredValue;
  if (state.isNew || !sameValue(before, result.value)) state.changed.add(key);
  const { row } = state;
  const value = result.value;
  if (field.column === 'name') row.name = value === null ? null : String(value);
  else if (field.column === 'alias') row.alias = value === null ? null : String(value);
  else if (value === null) delete row.data[String(field.id)];
  else row.data[String(field.id)] = value;
}

function sameValue(a: StoredValue, b: StoredValue): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
