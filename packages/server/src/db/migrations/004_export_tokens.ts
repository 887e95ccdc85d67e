import type { Kysely } from 'kysely';
import type { Engine } from '../tables.js';

/**
 * Report export tokens: the export call stores what to export (report, format, query) under the
 * SHA-256 of a random token; the download call finds it by tenant, user and hash, and uses it once.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const idType = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('export_tokens')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('user_id', idType, (c) => c.notNull())
    .addColumn('report_id', idType, (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('export_tokens_pkey', ['tenant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('export_tokens_expiry')
    .on('export_tokens')
    .columns(['tenant_id', 'expires_at'])
    .execute();
}
