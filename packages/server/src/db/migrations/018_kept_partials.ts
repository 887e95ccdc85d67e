import { type Kysely, sql } from 'kysely';
import type { Engine } from '../tables.js';

/**
 * Group partials kept across restarts (decision 0089): per tenant and result-cache key, the last
 * per-chunk partials a process computed and the chunk markers they were read under. A process that
 * starts with none in memory brings them up to date by chunk instead of aggregating every record.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('kept_partials')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('cache_key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('saved_at', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('kept_partials_pk', ['tenant_id', 'cache_key'])
    .execute();
  await sql`CREATE INDEX kept_partials_saved ON kept_partials (saved_at)`.execute(db);
}
