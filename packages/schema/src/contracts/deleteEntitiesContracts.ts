import { z } from 'zod';
import { entityId } from './common.js';

/**
 * The answer of "Delete entities" (spec 02 §7; `POST /spapi/data/v1/entity/delete` with the
 * `deleteRequest` ids, or `DELETE /spapi/data/v1/entity/{id}` for one): every record deleted,
 * the dependents its cascade rules took with it included.
 */
export const deleteEntitiesResponse = z.object({ deleted: z.array(entityId) });
export type DeleteEntitiesResponse = z.infer<typeof deleteEntitiesResponse>;
