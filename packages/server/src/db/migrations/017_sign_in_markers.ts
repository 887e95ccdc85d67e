import { type Kysely, sql } from 'kysely';
import type { Engine } from '../tables.js';

/**
 * A per-tenant counter bumped by triggers in the transaction of every session or API token that
 * ends or changes (signed out, ended from the sessions list, revoked, taken by a deleted user), so
 * every process can keep the sessions and tokens it resolved and revalidate them with one read
 * (decision 0061). A new session or token needs no bump: no process holds it yet. It is a table of
 * its own, not a column of `tenants` or a row of `change_markers`, so its lock is taken by nothing
 * else and cannot deadlock with a write that takes those rows in another order.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('sign_in_markers')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .execute();
  const statements = engine === 'sqlite' ? sqliteTriggers : postgresTriggers;
  for (const s of statements) await sql.raw(s).execute(db);
}

const bump = (tenant: string) =>
  `INSERT INTO sign_in_markers (tenant_id, version) VALUES (${tenant}, 1)
     ON CONFLICT (tenant_id) DO UPDATE SET version = sign_in_markers.version + 1`;

/** The columns whose change alters what a resolved session or token stands for. */
const watched = {
  sessions: 'tenant_id, user_id, csrf_token, expires_at',
  api_tokens: 'tenant_id, user_id, expires_at',
} as const;

const sqliteTriggers = Object.entries(watched).flatMap(([table, columns]) => [
  `CREATE TRIGGER ${table}_sign_in_delete AFTER DELETE ON ${table} BEGIN ${bump('OLD.tenant_id')}; END`,
  `CREATE TRIGGER ${table}_sign_in_update AFTER UPDATE OF ${columns} ON ${table} BEGIN ${bump('OLD.tenant_id')}; ${bump('NEW.tenant_id')}; END`,
]);

const postgresTriggers = [
  `CREATE FUNCTION sign_in_markers_bump() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${bump('OLD.tenant_id')};
     IF TG_OP = 'UPDATE' AND NEW.tenant_id <> OLD.tenant_id THEN ${bump('NEW.tenant_id')}; END IF;
     RETURN NULL;
   END $$`,
  ...Object.entries(watched).map(
    ([table, columns]) => `CREATE TRIGGER ${table}_sign_in AFTER DELETE OR UPDATE OF ${columns} ON ${table}
       FOR EACH ROW EXECUTE FUNCTION sign_in_markers_bump()`,
  ),
];
