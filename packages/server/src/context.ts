import type { Schema } from '@plinth/schema';
import type { Actor, Permissions } from './access/Permissions.js';
import type { DefinitionMarkers } from './auth/callerCache.js';
import type { SmtpSettings } from './config.js';
import type { CallerHandle } from './data/executor.js';
import type { Engine } from './db/tables.js';
import type { SystemTypeRegistry } from './entities/systemTypes.js';
import type { FileStorage } from './files/BlobStore.js';
import type { JobQueue } from './jobs/jobQueue.js';
import type { TenantMetaCache } from './metamodel/tenantMetaCache.js';
import type { Clock } from './util/clock.js';

/**
 * Everything a use case needs to act for one caller in one tenant. Types only: authenticate.ts
 * makes one per HTTP request, auth/contextFor.ts one for work that does not come through HTTP.
 */
export interface RequestContext {
  db: CallerHandle;
  engine: Engine;
  tenantId: number;
  actor: Actor;
  schema: Schema;
  perms: Permissions;
  clock: Clock;
  metaCache: TenantMetaCache;
  /** What each system type adds to the writes of its records (decision 0043). */
  systemTypes: SystemTypeRegistry<RequestContext>;
  /** The file store, so deleting a document can remove files nothing names any more. */
  files?: FileStorage;
  /** The durable job queue (workflow runs, notification emails); absent where nothing works jobs. */
  jobs?: JobQueue;
  /** Set when notifications may go out by email too (PLINTH_SMTP_URL, decision 0128). */
  mail?: SmtpSettings;
  /**
   * The reports' and tenant settings' change markers as the request began, read with its caller:
   * a report's record kept since is used while they hold (loadReport). Absent off HTTP.
   */
  definitionMarkers?: DefinitionMarkers;
}
