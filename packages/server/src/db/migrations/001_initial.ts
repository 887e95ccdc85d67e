import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Engine } from '../tables.js';

/** Tenants, records, relationship instances, auto-number counters, credentials, sessions and tokens. */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // On SQLite, records and links are clustered by their keys: indexes then end in (tenant_id, id),
  // so one index on a sort key also orders the id tie-break and a page never needs a sort.
  const withoutRowid = <T extends CreateTableBuilder<string, never>>(b: T) =>
    engine === 'sqlite' ? (b.modifyEnd(sql`WITHOUT ROWID`) as T) : b;
  const idType = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'integer', (c) =>
      engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('next_id', idType, (c) => c.notNull())
    .addColumn('meta_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('catalogue_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('entities')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('id', idType, (c) => c.notNull())
    .addColumn('type_id', idType, (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('alias', 'text')
    .addColumn('data', engine === 'postgres' ? 'jsonb' : 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('modified_at', 'text', (c) => c.notNull())
    .addColumn('created_by', idType)
    .addColumn('modified_by', idType)
    .addColumn('owner_id', idType)
    .addPrimaryKeyConstraint('entities_pk', ['tenant_id', 'id'])
    .$call(withoutRowid)
    .execute();
  await db.schema
    .createIndex('entities_type_name')
    .on('entities')
    .columns(['tenant_id', 'type_id', 'name'])
    .execute();
  await db.schema
    .createIndex('entities_alias')
    .on('entities')
    .columns(['tenant_id', 'alias'])
    .unique()
    .where(sql.ref('alias'), 'is not', null)
    .execute();

  await db.schema
    .createTable('relationships')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('rel_id', idType, (c) => c.notNull())
    .addColumn('from_id', idType, (c) => c.notNull())
    .addColumn('to_id', idType, (c) => c.notNull())
    .addPrimaryKeyConstraint('relationships_pk', ['tenant_id', 'rel_id', 'from_id', 'to_id'])
    .$call(withoutRowid)
    .execute();
  await db.schema
    .createIndex('relationships_reverse')
    .on('relationships')
    .columns(['tenant_id', 'rel_id', 'to_id', 'from_id'])
    .execute();
  await db.schema
    .createIndex('relationships_to')
    .on('relationships')
    .columns(['tenant_id', 'to_id'])
    .execute();

  await db.schema
    .createTable('auto_numbers')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('field_id', idType, (c) => c.notNull())
    .addColumn('next_value', idType, (c) => c.notNull())
    .addPrimaryKeyConstraint('auto_numbers_pk', ['tenant_id', 'field_id'])
    .execute();

  await db.schema
    .createTable('credentials')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', idType, (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('credentials_pk', ['tenant_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', idType, (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', idType, (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').columns(['tenant_id', 'user_id']).execute();
}
