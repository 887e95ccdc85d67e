import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Engine } from '../tables.js';

/**
 * Blobs a save has put in the store whose record has not committed yet (decision 0057): a row per
 * save, removed once the record has committed or failed, and ignored after `pinned_until` (ms since
 * the epoch) so a pin of a process that stopped lapses. Every process on the database and blob
 * folder sees them, and a removal skips a pinned blob. And the database's identity, which marks the
 * blob folder it sweeps: a folder marked by another database is never swept.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('blob_pins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('pinned_until', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blob_pins_hash').on('blob_pins').columns(['hash', 'pinned_until']).execute();
  await db.schema
    .createTable('database_identity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .execute();
  await db
    .withTables<{ database_identity: { id: string } }>()
    .insertInto('database_identity')
    .values({ id: randomBytes(16).toString('hex') })
    .execute();
}
