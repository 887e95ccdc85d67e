import {
  type EntityResponse,
  type FormResponse,
  type PatchEntityRequest,
  patchEntityResponse,
  putEntitiesResponse,
  type TypeSchemaResponse,
  typeSchemaResponse,
} from '@plinth/schema';
import type { ApiClient } from '../../../api/apiClient';
import {
  evalCalcFieldsForNew,
  fetchFormData,
  fetchInstanceForm,
  fetchTypeDefaultForm,
} from '../../../api/formApi';
import { browserFormCache } from '../formCache/browserFormCache';
import { relatedListLimit } from '../relationship/relationshipTableValue';
import { buildFormTree, type FormNode, treeControls } from '../render/formTree';
import { type FormControlNode, memberKey, mergeNewRecord } from './recordValues';

export type RecordFormMode = 'view' | 'edit' | 'new';

/** Everything a record form shows, read from the server. */
export interface LoadedRecordForm {
  form: FormResponse;
  type: TypeSchemaResponse;
  tree: FormNode[];
  controls: FormControlNode[];
  /** The record (a new one: id 0, its defaults and calculated fields). */
  record: EntityResponse;
  readOnlyControls: ReadonlySet<string>;
}

const base = '/spapi/data/v1';

/**
 * Reads a record's form (spec 03 §7): the form the record is shown with (`instance/{id}`), or a new
 * record's type's default form; the record with its initially hidden and read-only controls
 * (`form/data`); its type's fields and relationships; for a new record its calculated fields and
 * expression defaults (`form/evalCalcFieldsForNew`; the plain defaults when that fails); for an
 * existing one the records of its ends that reach many (a read-only list for now).
 */
export async function loadRecordForm(
  client: ApiClient,
  target: { mode: RecordFormMode; entityId?: number; typeId?: number },
  signal?: AbortSignal,
): Promise<LoadedRecordForm> {
  const cache = browserFormCache();
  const isNew = target.mode === 'new';
  const form = isNew
    ? await fetchTypeDefaultForm(client, target.typeId, { cache, signal })
    : await fetchInstanceForm(client, target.entityId!, { cache, signal });
  const formId = form.id ?? undefined;
  const schema = (typeId: number) =>
    client.call('GET', `${base}/schema/type/${typeId}`, typeSchemaResponse, undefined, signal);
  const [data, type, evaluated] = await Promise.all([
    fetchFormData(
      client,
      isNew ? { typeId: target.typeId!, formId, hint: 'recordForm' } : { entityId: target.entityId!, formId },
      signal,
    ),
    schema(isNew ? target.typeId! : form.typeId),
    isNew
      ? evalCalcFieldsForNew(client, { typeId: target.typeId!, formId }, signal).catch(() => null)
      : Promise.resolve(null),
  ]);
  // The record's own type (derived types have more fields) when it is not the form's.
  const recordType =
    !isNew && data.formDataEntity.typeId !== type.type.id ? await schema(data.formDataEntity.typeId) : type;
  const hidden = new Set(data.initiallyHiddenControls);
  const tree = buildFormTree(form, recordType, hidden);
  const controls = treeControls(tree);
  let record: EntityResponse = isNew
    ? mergeNewRecord(data.formDataEntity, evaluated?.formDataEntity ?? null, evaluated?.failed ?? {})
    : data.formDataEntity;
  const readOnlyControls = new Set(data.initiallyReadOnlyControls);
  if (!isNew) {
    const lists = await readToManyEnds(client, record.id, controls, signal);
    record = { ...record, ...lists.values };
    // Lists that could not be read show empty: changing one would replace links nobody was shown.
    for (const id of lists.unread) readOnlyControls.add(id);
  }
  return {
    form,
    type: recordType,
    tree,
    controls,
    record,
    readOnlyControls,
  };
}

/**
 * The related records of a stored record's ends that reach many (by end script name), the first
 * `relatedListLimit` of each: the entity read, since `form/data` answers one related record an end.
 */
export async function readRelatedLists(
  client: ApiClient,
  id: number,
  keys: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0 || id <= 0) return {};
  const query = unique.map((k) => `${k}.name`).join(', ');
  const [found] = (await client.getEntities({ ids: [id], query }, signal)).entities;
  const values: Record<string, unknown> = {};
  for (const key of unique) {
    const list = found?.[key];
    values[key] = Array.isArray(list) ? list.slice(0, relatedListLimit) : list;
  }
  return values;
}

/**
 * The record form's to-many lists. A failed read shows them empty and the record still opens; its
 * controls are named in `unread` so they are shown read-only.
 */
async function readToManyEnds(
  client: ApiClient,
  id: number,
  controls: readonly FormControlNode[],
  signal?: AbortSignal,
): Promise<{ values: Record<string, unknown>; unread: string[] }> {
  const toMany = controls.filter((n) => n.kind === 'relationship' && n.isToMany);
  try {
    const values = await readRelatedLists(client, id, toMany.map(memberKey), signal);
    return { values, unread: [] };
  } catch (error) {
    if (signal?.aborted) throw error;
    // A documents end reads and writes its documents itself, at once: it stays usable.
    const unread = toMany.filter((n) => n.kind === 'relationship' && n.end.endIsDocument !== true);
    return { values: {}, unread: unread.map((n) => n.id) };
  }
}

/** Saves changes of an existing record with the version read (If-Match): 412 when it is stale. */
export function patchRecord(
  client: ApiClient,
  id: number,
  version: number,
  body: PatchEntityRequest,
): Promise<{ id: number; version: number }> {
  return client.call('PATCH', `${base}/entity/${id}`, patchEntityResponse, body, undefined, undefined, {
    ifMatch: `"${version}"`,
  });
}

/** Creates a record of a type with the form's values (the entity put); answers its new id. */
export async function createRecord(
  client: ApiClient,
  typeId: number,
  body: PatchEntityRequest,
): Promise<number> {
  const key = 'new:record';
  const answer = await client.call('POST', `${base}/entity/put`, putEntitiesResponse, {
    entities: [{ id: key, typeId, ...body }],
    deleted: [],
  });
  const id = answer.ids[key] ?? answer.ids.record ?? answer.versions[0]?.id;
  if (id === undefined) throw new Error('The server did not answer the new record’s id.');
  return id;
}
