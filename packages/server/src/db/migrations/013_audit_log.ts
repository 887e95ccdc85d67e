import type { Kysely } from 'kysely';
import type { Engine } from '../tables.js';

/**
 * The audit trail (issue 14, decision 0048): one row per record created, changed or deleted (its
 * field and link changes as JSON, old and new values) and per sign-in or failed sign-in, with the
 * tenant on every row. Indexed for a record's history, a user's changes in a period, a type's
 * changes in a period and the tenant's changes in a period. Rows are only ever added.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const idType = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('audit_log')
    // SQLite: the rowid itself, ever increasing; PostgreSQL: an identity, with the tenant in the
    // key so the table can be distributed by tenant like the others.
    .addColumn('id', idType, (c) =>
      engine === 'postgres' ? c.notNull().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', idType)
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_id', idType)
    .addColumn('type_id', idType)
    .addColumn('entity_name', 'text')
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .$call((b) =>
      engine === 'postgres' ? b.addPrimaryKeyConstraint('audit_log_pk', ['tenant_id', 'id']) : b,
    )
    .execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('audit_log').columns(columns).execute();
  // Each ends in (at, id): the order every list is read in, newest first, and its page cursor.
  await index('audit_log_entity', ['tenant_id', 'entity_id', 'at', 'id']);
  await index('audit_log_user', ['tenant_id', 'user_id', 'at', 'id']);
  await index('audit_log_type', ['tenant_id', 'type_id', 'at', 'id']);
  await index('audit_log_at', ['tenant_id', 'at', 'id']);
}
