import type { Db, Engine } from '../db/tables.js';
import type { JobQueue } from './jobQueue.js';
import type { JobQueueOptions } from './leasedJobQueue.js';
import { pgBossJobQueue } from './pgBossJobQueue.js';
import { tableJobQueue } from './tableJobQueue.js';

/**
 * The durable job queue of the database: pg-boss on PostgreSQL, the `jobs` table on SQLite
 * (decision 0127). Not started: register the handlers with `work`, then `start`; `send` works
 * without a start (the jobs wait for a process that works them).
 */
export function openJobQueue(database: { db: Db; engine: Engine }, options: JobQueueOptions = {}): JobQueue {
  return database.engine === 'postgres'
    ? pgBossJobQueue(database.db, options)
    : tableJobQueue(database.db, options);
}
