import type { FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors.js';

/** Where the admin area's calls live. */
export const adminBase = '/spapi/admin/v1';

export const adminOnlyMessage = 'Only administrators can do this.';

/**
 * Refuses every caller but an administrator of the caller's tenant (403), before the body is read.
 * Runs after `authenticate`, which set `request.ctx`.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.ctx?.actor.isAdmin) throw forbidden(adminOnlyMessage);
}
