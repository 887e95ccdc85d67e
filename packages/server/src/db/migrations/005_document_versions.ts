import type { Kysely } from 'kysely';
import type { Engine } from '../tables.js';

/**
 * Earlier files of a replaced document: replacing a document's file keeps the file it had as a
 * numbered version; the document record itself always describes the newest file.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const idType = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('document_versions')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('document_id', idType, (c) => c.notNull())
    .addColumn('version_no', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('file_data_hash', 'text', (c) => c.notNull())
    .addColumn('file_extension', 'text', (c) => c.notNull())
    .addColumn('size', idType, (c) => c.notNull())
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .addColumn('replaced_by', idType)
    .addPrimaryKeyConstraint('document_versions_pkey', ['tenant_id', 'document_id', 'version_no'])
    .execute();
}
