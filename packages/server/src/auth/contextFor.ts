import { Permissions } from '../access/Permissions.js';
import type { RequestContext } from '../context.js';
import type { Services } from '../services.js';
import { loadActor } from './authService.js';

/** A context acting as a given user, for work that does not come through HTTP (seeding, jobs, tests). */
export async function contextFor(
  services: Services,
  tenantId: number,
  userId: number,
): Promise<RequestContext> {
  const actor = await loadActor(services.db, tenantId, userId);
  if (!actor) throw new Error(`User ${userId} does not exist in tenant ${tenantId}.`);
  const meta = await services.metaCache.get(services.db, tenantId);
  return {
    db: services.db,
    engine: services.engine,
    tenantId,
    actor,
    schema: meta.schema,
    perms: new Permissions(meta.schema, meta.rules, actor),
    clock: services.clock,
    metaCache: services.metaCache,
    systemTypes: services.systemTypes,
    files: services.files,
    jobs: services.jobs,
    mail: services.mail,
  };
}
