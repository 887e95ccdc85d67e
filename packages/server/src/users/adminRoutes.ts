import type { FastifyInstance } from 'fastify';
import { accessAdminRoutes } from './accessAdminRoutes.js';
import { requireAdmin } from './requireAdmin.js';
import { userRoutes } from './userRoutes.js';

/**
 * The admin area's calls, `/spapi/admin/v1/…`: every one refused (403) before its body is read
 * unless the caller administers their tenant. Registered inside the authenticated scope.
 */
export async function adminRoutes(api: FastifyInstance) {
  await api.register(async (admin) => {
    admin.addHook('onRequest', requireAdmin);
    await userRoutes(admin);
    await accessAdminRoutes(admin);
  });
}
