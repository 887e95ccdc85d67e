import type { PatchEntityRequest } from '@plinth/schema';
import type { RelatedRecord } from '../relationship/relationshipChanges';

/**
 * Where a new record starts related (the runner's relEid, relTypeId and relDir, decision 0108): to
 * `record`, through the new record's end whose script name is `key`.
 */
export interface NewRecordLink {
  key: string;
  record: RelatedRecord;
}

/**
 * A new record's save body with its link. A to-one control that showed the link saves it as the
 * person left it (cleared, it is gone); an end no such control shows is linked in the same save,
 * with whatever else the body does to that end.
 */
export function withNewRecordLink(
  body: PatchEntityRequest,
  link: NewRecordLink | undefined,
  isShown: boolean,
): PatchEntityRequest {
  if (!link || isShown) return body;
  const id = link.record.id;
  const change = body.relationships?.[link.key];
  const next = change?.set
    ? { ...change, set: change.set.includes(id) ? change.set : [...change.set, id] }
    : { ...change, add: [...new Set([...(change?.add ?? []), id])] };
  return { ...body, relationships: { ...body.relationships, [link.key]: next } };
}
