import type { Schema } from '@plinth/schema';
import { type Actor, Permissions } from './access/Permissions.js';
import { loadActor } from './auth/authService.js';
import type { Engine } from './db/tables.js';
import type { Executor } from './entities/entityRepository.js';
import type { SystemTypeRegistry } from './entities/systemTypes.js';
import type { FileStorage } from './files/BlobStore.js';
import type { TenantMetaCache } from './metamodel/tenantMetaCache.js';
import type { Services } from './services.js';
import type { Clock } from './util/clock.js';

/** Everything a use case needs to act for one caller in one tenant. */
export interface RequestContext {
  db: Executor;
  engine: Engine;
  tenantId: number;
  actor: Actor;
  schema: Schema;
  perms: Permissions;
  clock: Clock;
  metaCache: TenantMetaCache;
  /** What each system type adds to the writes of its records (decision 0043). */
  systemTypes: SystemTypeRegistry;
  /** The file store, so deleting a document can remove files nothing names any more. */
  files?: FileStorage;
}

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
  };
}
