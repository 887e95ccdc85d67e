import { type EntityChange, type PatchEntityRequest, putEntitiesResponse } from '@plinth/schema';
import type { ApiClient } from '../../../api/apiClient';

/**
 * Saves a record's changes together with the new records made in its relationship tables, in one
 * entity put (decision 0082): the record with the version read (a newer one is refused with 412,
 * as its PATCH is), each new record related to it through its own end. Nothing is written when
 * anything is refused. Answers the record's id.
 */
export async function putRecordWithRelated(
  client: ApiClient,
  record: { id: number; version: number },
  body: PatchEntityRequest,
  created: readonly EntityChange[],
): Promise<number> {
  await client.call('POST', '/spapi/data/v1/entity/put', putEntitiesResponse, {
    entities: [{ id: record.id, version: record.version, ...body }, ...created],
    deleted: [],
  });
  return record.id;
}

/** The key a new record goes by in its own save, when related records of its tables refer to it. */
export const newRecordKey = 'new:record';

/**
 * Creates a record with the related records its relationship tables change (moved to it, or new),
 * in one entity put: they refer to it by `newRecordKey`. Answers its new id.
 */
export async function createRecordWithRelated(
  client: ApiClient,
  typeId: number,
  body: PatchEntityRequest,
  related: readonly EntityChange[],
): Promise<number> {
  const answer = await client.call('POST', '/spapi/data/v1/entity/put', putEntitiesResponse, {
    entities: [{ id: newRecordKey, typeId, ...body }, ...related],
    deleted: [],
  });
  const id = answer.ids[newRecordKey];
  if (id === undefined) throw new Error('The server did not answer the new record’s id.');
  return id;
}
