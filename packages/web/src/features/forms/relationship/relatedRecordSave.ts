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
