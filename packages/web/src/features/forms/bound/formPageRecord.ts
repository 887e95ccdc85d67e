import { type PatchEntityRequest, type TypeSchemaResponse, typeSchemaResponse } from '@plinth/schema';
import type { ApiClient } from '../../../api/apiClient';
import { evalCalcFieldsForNew, fetchFormData } from '../../../api/formApi';
import { type NewRecordLink, withNewRecordLink } from '../record/newRecordLink';
import { createRecord, patchRecord, readRelatedLists } from '../record/recordFormApi';
import {
  type MemberWrite,
  membersCreatedRecords,
  membersSaveBody,
  memberValueOf,
  mergeNewRecord,
} from '../record/recordValues';
import { putRecordWithRelated } from '../relationship/relatedRecordSave';
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
  target: { record: BoundRecord | null; typeId: number; link?: NewRecordLink | undefined },
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
  const toMany = members.filter((m) => m.kind === 'relationship' && m.isToMany).map((m) => m.key);
  const read = existing
    ? { ...entity, ...(await readRelatedLists(client, existing.id, toMany, signal)) }
    : entity;
  const values: Record<string, unknown> = {};
  for (const m of members) values[m.key] = memberValueOf(m, read[m.key]);
  // A new record starts with its link in the to-one component that shows that end.
  const shown = !existing && target.link ? linkMember(members, target.link) : undefined;
  if (shown && target.link) values[shown.key] = [target.link.record];
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

/** The to-one member that shows a new record's link, if one does. */
const linkMember = (members: readonly BoundMember[], link: NewRecordLink) =>
  members.find((m) => m.kind === 'relationship' && !m.isToMany && m.key === link.key);

/** These members' values to write, each key once; a key no member has is left out. */
const memberWrites = (members: readonly BoundMember[], keys: readonly string[], values: MemberValues) =>
  [...new Set(keys)].flatMap((key): MemberWrite[] => {
    const member = members.find((m) => m.key === key);
    return member ? [{ key, member, value: values[key] }] : [];
  });

/** The body that writes these members' values (`membersSaveBody`). */
export const memberSaveBody = (
  members: readonly BoundMember[],
  keys: readonly string[],
  values: MemberValues,
): PatchEntityRequest => membersSaveBody(memberWrites(members, keys, values));

/**
 * Saves a form page's record: a stored one's changed members with the version read (If-Match; a
 * newer version answers 412), or a new record with every value it has.
 */
export async function saveFormPageRecord(
  client: ApiClient,
  input: { record: BoundRecord; values: MemberValues; bookmark: MemberValues },
  writable: readonly BoundMember[],
  normalise: (values: MemberValues) => MemberValues,
  link?: NewRecordLink,
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
    : // What the user changed, compared as typed: a stored value its stored form rewrites is not sent.
      changedKeys(bookmark, input.values).filter((k) => writable.some((m) => m.key === k));
  const writes = memberWrites(writable, keys, values);
  const body = membersSaveBody(writes);
  if (record.isNew) {
    const id = await createRecord(
      client,
      record.typeId,
      withNewRecordLink(body, link, link !== undefined && linkMember(writable, link) !== undefined),
    );
    return { id, version: 0, values: input.values, written: true };
  }
  if (keys.length === 0)
    return { id: record.id, version: record.version, values: input.values, written: false };
  // New records made in a relationship table are created in the same save, related to this one.
  const created = membersCreatedRecords(writes, record.id);
  if (created.length > 0) {
    // The put answers no version: the page reads the record again after its save.
    await putRecordWithRelated(client, record, body, created);
    return { id: record.id, version: record.version, values: input.values, written: true };
  }
  const saved = await patchRecord(client, record.id, record.version, body);
  return { id: saved.id, version: saved.version, values: input.values, written: true };
}
