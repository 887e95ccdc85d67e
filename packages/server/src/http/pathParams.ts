import { entityId } from '@plinth/schema';
import { z } from 'zod';

/** A record id in a path: its digits as a positive safe integer; anything else is a 400. */
export const idInPath = z.coerce.number().pipe(entityId);

/** The parameters of a `…/:id` path. */
export const idParams = z.object({ id: idInPath });
