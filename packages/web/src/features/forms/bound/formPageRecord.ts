import { type PatchEntityRequest, type TypeSchemaResponse, typeSchemaResponse } from '@plinth/schema';
import type { ApiClient } from '../../../api/apiClient';
import { evalCalcFieldsForNew, fetchFormData } from '../../../api/formApi';
import { createRecord, patchRecord, relatedListLimit } from '../record/recordFormApi';
import { mergeNewRecord, relatedRecords } from '../record/recordValues';
import { putRecordWithRelated } from '../relationship/relatedRecordSave';
import { isTableEnd, tableSaveChanges } from '../relationship/relationshipTableValue';
import type { BoundRecord, LoadedRecord, MemberValues, SavedRecord } from './boundComponentMachine';
import { changedKeys } from './boundComponentMachine';
import type { BoundMember } from './boundMembers';

const base = '/spapi/data/v1';

/** What a form page's record read answers beside the record: its type and the read-only members. */
export interface FormPageRead extends LoadedRecord {
  type: TypeSchemaResponse;
  /** Members the caller may not change on this record (the default form's read-only controls). */
  readOnlyKeys: ReadonlySet<string>;
}

/** The default form's control id of a member (decision 0074: `f{fieldId}`, `r{relId}`, `r{relId}-rev`). */
const controlIdOf = (member: BoundMember) =>
  member.kind === 'field'
    ? `f${member.field.id}`
    : `r${member.end.id}${member.end.direction === 'rev' ? '-rev' : ''}`;

export function readTypeSchema(client: ApiClient, typeId: number, signal?: AbortSignal) {
  return client.call('GET', `${base}/schema/type/${typeId}`, typeSchemaResponse, undefined, signal);
}

/**
 * Reads a form page's record once (spec 03 §7 'Load a record by id'): `form/data` for its fields
 * and the ends that reach one record, the ends that reach many that a component shows through the
 * entity read (their first `relatedListLimit`), and for a new record its calculated fields when a
 * component shows them (`form/evalCalcFieldsForNew`; the plain defaults when that fails).
 */
export async function readFormPageRecord(
  client: ApiClient,
  target: { record: BoundRecord | null; typeId: number },
  membersOf: (type: TypeSchemaResponse) => BoundMember[],
  showsCalculationsOnNew: boolean,
  signal?: AbortSignal,
): Promise<FormPageRead> {
  const existing = target.record && !target.record.isNew ? target.record : null;
  const typeId = existing?.typeId ?? target.typeId;
  const [data, type, evaluated] = await Promise.all([
    fetchFormData(
      client,
      existing ? { entityId: existing.id, hint: 'formPage' } : { typeId, hint: 'formPage' },
      signal,
    ),
    readTypeSchema(client, typeId, signal),
    !existing && showsCalculationsOnNew
      ? evalCalcFieldsForNew(client, { typeId }, signal).catch(() => null)
      : Promise.resolve(null),
  ]);
  const entity = existing
    ? data.formDataEntity
    : mergeNewRecord(data.formDataEntity, evaluated?.formDataEntity ?? null, evaluated?.failed ?? {});
  const members = membersOf(type);
  const values: Record<string, unknown> = {};
  for (const m of members) {
    const raw = entity[m.key];
    values[m.key] = m.kind === 'field' ? (raw ?? null) : relatedRecords(raw);
  }
  const toMany = members.filter((m) => m.kind === 'relationship' && m.isToMany).map((m) => m.key);
  if (existing && toMany.length > 0) {
    const query = [...new Set(toMany)].map((k) => `${k}.name`).join(', ');
    const [found] = (await client.getEntities({ ids: [existing.id], query }, signal)).entities;
    for (const key of toMany) values[key] = relatedRecords(found?.[key]).slice(0, relatedListLimit);
  }
  const readOnly = new Set(data.initiallyReadOnlyControls);
  return {
    record: {
      id: entity.id,
      typeId: entity.typeId,
      version: entity.version ?? 0,
      isNew: !existing,
      name: typeof entity.name === 'string' ? entity.name : null,
    },
    values,
    type,
    readOnlyKeys: new Set(members.filter((m) => readOnly.has(controlIdOf(m))).map((m) => m.key)),
  };
}

/** The body that writes these members' values: fields by script name, ends as the ids that replace them. */
export function memberSaveBody(
  members: readonly BoundMember[],
  keys: readonly string[],
  values: MemberValues,
): PatchEntityRequest {
  const fields: Record<string, unknown> = {};
  const relationships: Record<string, { set?: number[]; add?: number[]; remove?: number[] }> = {};
  for (const key of new Set(keys)) {
    const member = members.find((m) => m.key === key);
    if (!member) continue;
    if (member.kind === 'field') fields[key] = values[key] ?? null;
    else if (isTableEnd(member)) {
      // A relationship table sends what it added and removed (decision 0082), never the whole list.
      const { change } = tableSaveChanges(member.end, 0, values[key]);
      if (change) relationships[key] = change;
    } else relationships[key] = { set: relatedRecords(values[key]).map((r) => r.id) };
  }
  return {
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
    ...(Object.keys(relationships).length > 0 ? { relationships } : {}),
  };
}

/**
 * Saves a form page's record: a stored one's changed members with the version read (If-Match; a
 * newer version answers 412), or a new record with every value it has.
 */
export async function saveFormPageRecord(
  client: ApiClient,
  input: { record: BoundRecord; values: MemberValues; bookmark: MemberValues },
  writable: readonly BoundMember[],
  normalise: (values: MemberValues) => MemberValues,
): Promise<SavedRecord> {
  const { record, bookmark } = input;
  const values = normalise(input.values);
  const keys = record.isNew
    ? writable
        .map((m) => m.key)
        .filter((k) => {
          const v = values[k];
          return v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
        })
    : changedKeys(bookmark, values).filter((k) => writable.some((m) => m.key === k));
  const body = memberSaveBody(writable, keys, values);
  if (record.isNew) {
    const id = await createRecord(client, record.typeId, body);
    return { id, version: 0, values: input.values };
  }
  if (keys.length === 0) return { id: record.id, version: record.version, values: input.values };
  // New records made in a relationship table are created in the same save, related to this one.
  const created = writable.flatMap((m) =>
    m.kind === 'relationship' && isTableEnd(m) && keys.includes(m.key)
      ? tableSaveChanges(m.end, record.id, values[m.key]).created
      : [],
  );
  if (created.length > 0) {
    // The put answers no version: the page reads the record again after its save.
    await putRecordWithRelated(client, record, body, created);
    return { id: record.id, version: record.version, values: input.values };
  }
  const saved = await patchRecord(client, record.id, record.version, body);
  return { id: saved.id, version: saved.version, values: input.values };
}
