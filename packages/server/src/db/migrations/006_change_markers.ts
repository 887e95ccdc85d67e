import { type Kysely, sql } from 'kysely';
import type { Engine } from '../tables.js';

/**
 * Per-tenant, per-type change markers: a counter bumped by triggers in the same transaction as
 * every insert, update or delete of a record of the type, and of a link from or to one. Caches of
 * query results (report groups and totals) keep the markers they were computed under and are
 * used only while the markers are unchanged, so a read after a committed write never sees stale
 * totals, whichever process made the write.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const idType = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('change_markers')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('type_id', idType, (c) => c.notNull())
    .addColumn('version', idType, (c) => c.notNull())
    .addPrimaryKeyConstraint('change_markers_pk', ['tenant_id', 'type_id'])
    .$call((b) => (engine === 'sqlite' ? b.modifyEnd(sql`WITHOUT ROWID`) : b))
    .execute();
  const statements = engine === 'sqlite' ? sqliteTriggers : postgresTriggers;
  for (const s of statements) await sql.raw(s).execute(db);
}

const bump = 'ON CONFLICT (tenant_id, type_id) DO UPDATE SET version = change_markers.version + 1';

// SQLite has only row triggers; each bump is an in-place update of one small row.
const sqliteTriggers = [
  `CREATE TRIGGER entities_marker_insert AFTER INSERT ON entities BEGIN
     INSERT INTO change_markers (tenant_id, type_id, version) VALUES (NEW.tenant_id, NEW.type_id, 1) ${bump};
   END`,
  `CREATE TRIGGER entities_marker_update AFTER UPDATE ON entities BEGIN
     INSERT INTO change_markers (tenant_id, type_id, version) VALUES (NEW.tenant_id, NEW.type_id, 1) ${bump};
     INSERT INTO change_markers (tenant_id, type_id, version) SELECT OLD.tenant_id, OLD.type_id, 1 WHERE OLD.type_id <> NEW.type_id ${bump};
   END`,
  `CREATE TRIGGER entities_marker_delete AFTER DELETE ON entities BEGIN
     INSERT INTO change_markers (tenant_id, type_id, version) VALUES (OLD.tenant_id, OLD.type_id, 1) ${bump};
   END`,
  ...['INSERT', 'DELETE'].map(
    (op) => `CREATE TRIGGER relationships_marker_${op.toLowerCase()} AFTER ${op} ON relationships BEGIN
     INSERT INTO change_markers (tenant_id, type_id, version)
       SELECT DISTINCT tenant_id, type_id, 1 FROM entities
       WHERE tenant_id = ${op === 'INSERT' ? 'NEW' : 'OLD'}.tenant_id AND id IN (${op === 'INSERT' ? 'NEW' : 'OLD'}.from_id, ${op === 'INSERT' ? 'NEW' : 'OLD'}.to_id) ${bump};
   END`,
  ),
];

// PostgreSQL bumps once per statement and type (transition tables), in type order so that two
// statements bumping the same types take the row locks in the same order.
const postgresTriggers = [
  `CREATE FUNCTION change_markers_bump_entities() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO change_markers (tenant_id, type_id, version)
         SELECT DISTINCT tenant_id, type_id, 1 FROM new_rows ORDER BY 1, 2 ${bump};
     ELSIF TG_OP = 'UPDATE' THEN
       INSERT INTO change_markers (tenant_id, type_id, version)
         SELECT tenant_id, type_id, 1 FROM (SELECT tenant_id, type_id FROM new_rows UNION SELECT tenant_id, type_id FROM old_rows) c ORDER BY 1, 2 ${bump};
     ELSE
       INSERT INTO change_markers (tenant_id, type_id, version)
         SELECT DISTINCT tenant_id, type_id, 1 FROM old_rows ORDER BY 1, 2 ${bump};
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER entities_marker_insert AFTER INSERT ON entities REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION change_markers_bump_entities()`,
  `CREATE TRIGGER entities_marker_update AFTER UPDATE ON entities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION change_markers_bump_entities()`,
  `CREATE TRIGGER entities_marker_delete AFTER DELETE ON entities REFERENCING OLD TABLE AS old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION change_markers_bump_entities()`,
  `CREATE FUNCTION change_markers_bump_relationships() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO change_markers (tenant_id, type_id, version)
         SELECT DISTINCT e.tenant_id, e.type_id, 1 FROM new_rows r
           JOIN entities e ON e.tenant_id = r.tenant_id AND e.id IN (r.from_id, r.to_id) ORDER BY 1, 2 ${bump};
     ELSE
       INSERT INTO change_markers (tenant_id, type_id, version)
         SELECT DISTINCT e.tenant_id, e.type_id, 1 FROM old_rows r
           JOIN entities e ON e.tenant_id = r.tenant_id AND e.id IN (r.from_id, r.to_id) ORDER BY 1, 2 ${bump};
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER relationships_marker_insert AFTER INSERT ON relationships REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION change_markers_bump_relationships()`,
  `CREATE TRIGGER relationships_marker_delete AFTER DELETE ON relationships REFERENCING OLD TABLE AS old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION change_markers_bump_relationships()`,
];
