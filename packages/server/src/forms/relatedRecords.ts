import type { EntityChange, RelatedRecordsSaveRequest, RelatedRecordsSaveResponse } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { putEntities } from '../entities/putEntities.js';
import { readEntities } from '../entities/readEntities.js';

const endKey = (relationshipId: number, isReverse: boolean) =>
  `#${relationshipId}:${isReverse ? 'rev' : 'fwd'}`;

/**
 * The related-record save (spec 03 §7): relates records to a record through one end of a
 * relationship — a relationship control adding existing records, or the record just created in its
 * modal — and relates each of them to the records of the control's relationship filters, so the
 * new member shows under the same filters. One put: the entity service's permissions, cardinality
 * and versions apply, and nothing is written when anything is refused. Every record named must be
 * readable (404 otherwise, as for a missing one).
 */
export async function saveRelatedRecords(
  ctx: RequestContext,
  req: RelatedRecordsSaveRequest,
): Promise<RelatedRecordsSaveResponse> {
  const filterIds = req.relationshipFilters.flatMap((f) => f.entityIds);
  await readEntities(ctx, [req.entityId, ...req.relatedEntityIds, ...filterIds], 'name');
  const changes = new Map<number, EntityChange>();
  const change = (id: number) => {
    let c = changes.get(id);
    if (!c) {
      c = { id, relationships: {} };
      changes.set(id, c);
    }
    return c;
  };
  const add = (id: number, key: string, ids: readonly number[]) => {
    const rels = change(id).relationships!;
    rels[key] = { add: [...new Set([...(rels[key]?.add ?? []), ...ids])] };
  };
  add(req.entityId, endKey(req.relationshipId, req.relationshipIsReverse), req.relatedEntityIds);
  for (const filter of req.relationshipFilters) {
    for (const related of req.relatedEntityIds)
      add(related, endKey(filter.relationshipId, filter.relationshipIsReverse), filter.entityIds);
  }
  const put = await putEntities(ctx, { entities: [...changes.values()], deleted: [] });
  return { versions: Object.fromEntries(put.versions.map((v) => [String(v.id), v.version])) };
}
