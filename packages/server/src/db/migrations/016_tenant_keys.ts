import type { Kysely } from 'kysely';
import type { Engine } from '../tables.js';

/**
 * Secret keys of a tenant, one per purpose (decision 0071: 'breadcrumbs' seals the names the
 * runner keeps in the browser). Made once, at first use, by whichever process gets there first;
 * kept in the database so every process on it and every restart uses the same key.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('tenant_keys')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    /** 32 random bytes, base64. */
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tenant_keys_pk', ['tenant_id', 'purpose'])
    .execute();
}
