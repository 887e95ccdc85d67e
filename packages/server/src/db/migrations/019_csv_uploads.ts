import { type Kysely, sql } from 'kysely';
import type { Engine } from '../tables.js';

/**
 * CSV files uploaded for an import (decision 0103): kept between the upload, the mapping, the
 * preview and the import, so any server process can answer each step. Removed by the import that
 * uses one, and a day after its upload by the next upload of the tenant.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('csv_uploads')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('csv_uploads_pk', ['tenant_id', 'id'])
    .execute();
  await sql`CREATE INDEX csv_uploads_uploaded ON csv_uploads (tenant_id, uploaded_at)`.execute(db);
}
