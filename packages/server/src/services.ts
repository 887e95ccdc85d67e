import type { SmtpSettings } from './config.js';
import type { RequestContext } from './context.js';
import type { IdleUpkeep } from './db/idleUpkeep.js';
import type { Db, Engine } from './db/tables.js';
import type { SystemTypeRegistry } from './entities/systemTypes.js';
import type { FileStorage } from './files/BlobStore.js';
import type { JobQueue } from './jobs/jobQueue.js';
import type { TenantMetaCache } from './metamodel/tenantMetaCache.js';
import type { Clock } from './util/clock.js';

/** The long-lived parts every route uses. */
export interface Services {
  db: Db;
  engine: Engine;
  clock: Clock;
  metaCache: TenantMetaCache;
  /** The system types' behaviours (registerSystemTypes). */
  systemTypes: SystemTypeRegistry<RequestContext>;
  /** Where uploaded files are kept; without it the file calls answer 503. */
  files?: FileStorage;
  /** The durable job queue of background work; without it, work that needs it answers 503. */
  jobs?: JobQueue;
  /** The SMTP server notification emails go out through; without it no email is sent (decision 0128). */
  mail?: SmtpSettings;
  /** The database's idle upkeep, run at once after a large write such as a CSV import. */
  upkeep?: Pick<IdleUpkeep, 'runNow'>;
}
