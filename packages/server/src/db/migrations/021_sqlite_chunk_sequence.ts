import { type Kysely, sql } from 'kysely';
import type { Engine } from '../tables.js';

/**
 * On SQLite, records and links are counted in chunks of this many ids (PostgreSQL keeps the 1,024
 * of migration 007). The triggers below hold the number: changing it needs a migration that
 * rebuilds them and the markers.
 */
export const SQLITE_CHANGE_CHUNK_IDS = 256;

const n = SQLITE_CHANGE_CHUNK_IDS;
const into = 'INSERT INTO change_chunks (tenant_id, source_id, chunk, version)';
/**
 * The tenant's next marker version: above every marker of the tenant (read through the index below)
 * and every version the connection gave (db/chunkVersions.ts).
 */
const next = (tenant: string) =>
  `plinth_chunk_version((SELECT coalesce(max(version), 0) FROM change_chunks WHERE tenant_id = ${tenant}))`;
const bump = 'ON CONFLICT (tenant_id, source_id, chunk) DO UPDATE SET version = excluded.version';
const chunkBump = (row: 'NEW' | 'OLD', source: string, chunk: string) =>
  `${into} VALUES (${row}.tenant_id, ${row}.${source}, ${chunk}, ${next(`${row}.tenant_id`)}) ${bump};`;

/**
 * SQLite's chunk markers take their versions from one sequence per tenant (decision 0152): a bump
 * sets the chunk's version above the tenant's highest, so the markers moved since a read are those
 * above the highest version it saw, found through an index instead of reading every marker. Writes
 * on SQLite are serial, so versions grow in commit order. The triggers call a function each
 * connection registers (db/chunkVersions.ts). The chunks shrink to 256 ids: a write then costs the
 * next grouped read a quarter of the records to aggregate again. The markers are rebuilt for the
 * new chunks; the partials kept under the old ones are removed, and every tenant's metamodel marker
 * moves, so no result kept under the old chunks is taken for current.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  for (const t of ['entities_chunk_insert', 'entities_chunk_update', 'entities_chunk_delete'])
    await sql.raw(`DROP TRIGGER ${t}`).execute(db);
  for (const op of ['insert', 'delete', 'update'])
    await sql.raw(`DROP TRIGGER relationships_chunk_${op}`).execute(db);
  await sql`CREATE INDEX change_chunks_version ON change_chunks (tenant_id, version)`.execute(db);
  for (const s of triggers) await sql.raw(s).execute(db);
  await sql`DELETE FROM change_chunks`.execute(db);
  await sql.raw(`${into} SELECT DISTINCT tenant_id, type_id, id / ${n}, 1 FROM entities`).execute(db);
  await sql
    .raw(`${into} SELECT DISTINCT tenant_id, rel_id, from_id / ${n}, 1 FROM relationships
      UNION SELECT DISTINCT tenant_id, rel_id, -1 - to_id / ${n}, 1 FROM relationships`)
    .execute(db);
  await sql`DELETE FROM kept_partials`.execute(db);
  await sql`UPDATE tenants SET meta_version = meta_version + 1`.execute(db);
}

const triggers = [
  `CREATE TRIGGER entities_chunk_insert AFTER INSERT ON entities BEGIN
     ${chunkBump('NEW', 'type_id', `NEW.id / ${n}`)}
   END`,
  `CREATE TRIGGER entities_chunk_update AFTER UPDATE ON entities BEGIN
     ${chunkBump('NEW', 'type_id', `NEW.id / ${n}`)}
     ${into} SELECT OLD.tenant_id, OLD.type_id, OLD.id / ${n}, ${next('OLD.tenant_id')}
       WHERE OLD.tenant_id <> NEW.tenant_id OR OLD.type_id <> NEW.type_id OR OLD.id / ${n} <> NEW.id / ${n} ${bump};
   END`,
  `CREATE TRIGGER entities_chunk_delete AFTER DELETE ON entities BEGIN
     ${chunkBump('OLD', 'type_id', `OLD.id / ${n}`)}
   END`,
  ...(['INSERT', 'DELETE'] as const).map((op) => {
    const row = op === 'INSERT' ? 'NEW' : 'OLD';
    return `CREATE TRIGGER relationships_chunk_${op.toLowerCase()} AFTER ${op} ON relationships BEGIN
     ${chunkBump(row, 'rel_id', `${row}.from_id / ${n}`)}
     ${chunkBump(row, 'rel_id', `-1 - ${row}.to_id / ${n}`)}
   END`;
  }),
  // Links are inserted and deleted, not updated; should one be updated, both versions count.
  `CREATE TRIGGER relationships_chunk_update AFTER UPDATE ON relationships BEGIN
     ${chunkBump('NEW', 'rel_id', `NEW.from_id / ${n}`)}
     ${chunkBump('NEW', 'rel_id', `-1 - NEW.to_id / ${n}`)}
     ${chunkBump('OLD', 'rel_id', `OLD.from_id / ${n}`)}
     ${chunkBump('OLD', 'rel_id', `-1 - OLD.to_id / ${n}`)}
   END`,
];
