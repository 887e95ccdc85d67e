import type { Db, Engine } from '../db/tables.js';
import type { JobQueue } from './jobQueue.js';
import type { JobQueueOptions } from './leasedJobQueue.js';
import { tableJobQueue } from './tableJobQueue.js';

/**
 * The durable job queue of the database: pg-boss on PostgreSQL, the `jobs` table on SQLite
 * (decision 0127). Not started: register the handlers with `work`, then `start`; `send` works
 * without a start (the jobs wait for a process that works them).
 */
export async function openJobQueue(
  database: { db: Db; engine: Engine },
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  if (database.engine === 'sqlite') return tableJobQueue(database.db, options);
  // Loaded only for PostgreSQL: pg-boss holds some 3 MB of heap a SQLite server never uses.
  const { pgBossJobQueue } = await import('./pgBossJobQueue.js');
  return pgBossJobQueue(database.db, options);
}
