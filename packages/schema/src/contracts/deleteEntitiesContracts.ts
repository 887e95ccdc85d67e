import { z } from 'zod';
import { entityId } from './common.js';

/**
 * "Delete entities" (`POST /spapi/data/v1/entity/delete`): the records to delete and, from a
 * confirmation, `shown` — every id it showed would be deleted (the records and the dependents the
 * delete details named). With `shown`, a delete whose cascade has grown since takes nothing and is
 * refused with 409 `conflict`, its details `{ notShown: ids }` (decision 0033).
 */
export const deleteEntitiesRequest = z
  .object({
    ids: z.array(entityId).min(1).max(1000),
    shown: z.array(entityId).max(100_000).optional(),
  })
  .strict();
export type DeleteEntitiesRequest = z.infer<typeof deleteEntitiesRequest>;

/**
 * The answer of "Delete entities" (spec 02 §7; `POST /spapi/data/v1/entity/delete` with the
 * `deleteEntitiesRequest`, or `DELETE /spapi/data/v1/entity/{id}` for one): every record deleted,
 * the dependents its cascade rules took with it included.
 */
export const deleteEntitiesResponse = z.object({ deleted: z.array(entityId) });
export type DeleteEntitiesResponse = z.infer<typeof deleteEntitiesResponse>;
