import { type Kysely, sql } from 'kysely';
import type { Engine } from '../tables.js';

/**
 * Records and links are counted in chunks of this many ids. The triggers below hold the number:
 * changing it needs a migration that rebuilds them (and empties `change_chunks`).
 */
export const CHANGE_CHUNK_IDS = 1024;

/**
 * Change markers per chunk of ids, `change_chunks (tenant_id, source_id, chunk, version)`, bumped in
 * the writing transaction: a record's write bumps (its type, id / 1024), a link's (its relationship,
 * from_id / 1024) and (its relationship, -1 - to_id / 1024) (decision 0025).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const idType = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('change_chunks')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('source_id', idType, (c) => c.notNull())
    .addColumn('chunk', idType, (c) => c.notNull())
    .addColumn('version', idType, (c) => c.notNull())
    .addPrimaryKeyConstraint('change_chunks_pk', ['tenant_id', 'source_id', 'chunk'])
    .$call((b) => (engine === 'sqlite' ? b.modifyEnd(sql`WITHOUT ROWID`) : b))
    .execute();
  const statements = engine === 'sqlite' ? sqliteTriggers : postgresTriggers;
  for (const s of statements) await sql.raw(s).execute(db);
}

const n = CHANGE_CHUNK_IDS;
const bump = 'ON CONFLICT (tenant_id, source_id, chunk) DO UPDATE SET version = change_chunks.version + 1';
const markerBump = 'ON CONFLICT (tenant_id, type_id) DO UPDATE SET version = change_markers.version + 1';
const into = 'INSERT INTO change_chunks (tenant_id, source_id, chunk, version)';

const sqliteTriggers = [
  `CREATE TRIGGER entities_chunk_insert AFTER INSERT ON entities BEGIN
     ${into} VALUES (NEW.tenant_id, NEW.type_id, NEW.id / ${n}, 1) ${bump};
   END`,
  `CREATE TRIGGER entities_chunk_update AFTER UPDATE ON entities BEGIN
     ${into} VALUES (NEW.tenant_id, NEW.type_id, NEW.id / ${n}, 1) ${bump};
     ${into} SELECT OLD.tenant_id, OLD.type_id, OLD.id / ${n}, 1
       WHERE OLD.tenant_id <> NEW.tenant_id OR OLD.type_id <> NEW.type_id OR OLD.id / ${n} <> NEW.id / ${n} ${bump};
   END`,
  `CREATE TRIGGER entities_chunk_delete AFTER DELETE ON entities BEGIN
     ${into} VALUES (OLD.tenant_id, OLD.type_id, OLD.id / ${n}, 1) ${bump};
   END`,
  ...['INSERT', 'DELETE'].map((op) => {
    const row = op === 'INSERT' ? 'NEW' : 'OLD';
    return `CREATE TRIGGER relationships_chunk_${op.toLowerCase()} AFTER ${op} ON relationships BEGIN
     ${into} VALUES (${row}.tenant_id, ${row}.rel_id, ${row}.from_id / ${n}, 1) ${bump};
     ${into} VALUES (${row}.tenant_id, ${row}.rel_id, -1 - ${row}.to_id / ${n}, 1) ${bump};
   END`;
  }),
  // Links are inserted and deleted, not updated; should one be updated, both versions count.
  `CREATE TRIGGER relationships_chunk_update AFTER UPDATE ON relationships BEGIN
     ${into} VALUES (NEW.tenant_id, NEW.rel_id, NEW.from_id / ${n}, 1) ${bump};
     ${into} VALUES (NEW.tenant_id, NEW.rel_id, -1 - NEW.to_id / ${n}, 1) ${bump};
     ${into} VALUES (OLD.tenant_id, OLD.rel_id, OLD.from_id / ${n}, 1) ${bump};
     ${into} VALUES (OLD.tenant_id, OLD.rel_id, -1 - OLD.to_id / ${n}, 1) ${bump};
   END`,
];

/**
 * PostgreSQL: the statement triggers of 006 bump the type markers first (those rows' locks order
 * concurrent writers of a type), then the chunks, in key order.
 */
const postgresTriggers = [
  `CREATE OR REPLACE FUNCTION change_markers_bump_entities() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO change_markers (tenant_id, type_id, version)
         SELECT DISTINCT tenant_id, type_id, 1 FROM new_rows ORDER BY 1, 2 ${markerBump};
       ${into} SELECT DISTINCT tenant_id, type_id, id / ${n}, 1 FROM new_rows ORDER BY 1, 2, 3 ${bump};
     ELSIF TG_OP = 'UPDATE' THEN
       INSERT INTO change_markers (tenant_id, type_id, version)
         SELECT tenant_id, type_id, 1 FROM (SELECT tenant_id, type_id FROM new_rows UNION SELECT tenant_id, type_id FROM old_rows) c ORDER BY 1, 2 ${markerBump};
       ${into} SELECT tenant_id, type_id, chunk, 1 FROM (
           SELECT tenant_id, type_id, id / ${n} AS chunk FROM new_rows
           UNION SELECT tenant_id, type_id, id / ${n} FROM old_rows) c ORDER BY 1, 2, 3 ${bump};
     ELSE
       INSERT INTO change_markers (tenant_id, type_id, version)
         SELECT DISTINCT tenant_id, type_id, 1 FROM old_rows ORDER BY 1, 2 ${markerBump};
       ${into} SELECT DISTINCT tenant_id, type_id, id / ${n}, 1 FROM old_rows ORDER BY 1, 2, 3 ${bump};
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE FUNCTION change_markers_bump_relationships() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO change_markers (tenant_id, type_id, version)
         SELECT DISTINCT e.tenant_id, e.type_id, 1 FROM new_rows r
           JOIN entities e ON e.tenant_id = r.tenant_id AND e.id IN (r.from_id, r.to_id) ORDER BY 1, 2 ${markerBump};
       ${into} SELECT tenant_id, rel_id, chunk, 1 FROM (
           SELECT tenant_id, rel_id, from_id / ${n} AS chunk FROM new_rows
           UNION SELECT tenant_id, rel_id, -1 - to_id / ${n} FROM new_rows) c ORDER BY 1, 2, 3 ${bump};
     ELSE
       INSERT INTO change_markers (tenant_id, type_id, version)
         SELECT DISTINCT e.tenant_id, e.type_id, 1 FROM old_rows r
           JOIN entities e ON e.tenant_id = r.tenant_id AND e.id IN (r.from_id, r.to_id) ORDER BY 1, 2 ${markerBump};
       ${into} SELECT tenant_id, rel_id, chunk, 1 FROM (
           SELECT tenant_id, rel_id, from_id / ${n} AS chunk FROM old_rows
           UNION SELECT tenant_id, rel_id, -1 - to_id / ${n} FROM old_rows) c ORDER BY 1, 2, 3 ${bump};
     END IF;
     RETURN NULL;
   END $$`,
];
