import { type Kysely, sql } from 'kysely';
import type { Engine } from '../tables.js';

/**
 * The table-backed job queue of the embedded database (decision 0127): workflow runs and
 * notification emails waiting, being worked under a lease, or kept as failed. PostgreSQL keeps its
 * jobs in pg-boss's own schema, so the table is SQLite's only. Times are milliseconds since 1970.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'postgres') return;
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    // created (never taken) · retry (waiting to be tried again) · active (leased) · failed (kept)
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('singleton_key', 'text')
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'integer')
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('failed_at', 'integer')
    .execute();
  await sql`CREATE INDEX jobs_due ON jobs (queue, state, run_after)`.execute(db);
  // One job of a key waits untaken at a time: a second send of it is skipped.
  await sql`CREATE UNIQUE INDEX jobs_singleton ON jobs (queue, singleton_key)
    WHERE state = 'created' AND singleton_key IS NOT NULL`.execute(db);
}
