import { type Kysely, sql } from 'kysely';
import type { Engine } from '../tables.js';

const n = 1024; // CHANGE_CHUNK_IDS, as migration 007 wrote it.
const bump = 'ON CONFLICT (tenant_id, source_id, chunk) DO UPDATE SET version = change_chunks.version + 1';
const markerBump = 'ON CONFLICT (tenant_id, type_id) DO UPDATE SET version = change_markers.version + 1';
const into = 'INSERT INTO change_chunks (tenant_id, source_id, chunk, version)';

/**
 * The types of the records at either end of the links in `rows`, each looked up by its key: a
 * transition table has no statistics, so a join lets the planner guess a thousand links and read
 * every record of the tenant even for one.
 */
const endTypes = (rows: string) => `SELECT DISTINCT tenant_id, type_id, 1 FROM (
    SELECT r.tenant_id, (SELECT e.type_id FROM entities e WHERE e.tenant_id = r.tenant_id AND e.id = r.id) AS type_id
    FROM (SELECT tenant_id, from_id AS id FROM ${rows} UNION SELECT tenant_id, to_id FROM ${rows}) r
  ) ends WHERE type_id IS NOT NULL
  ORDER BY 1, 2`;

/**
 * PostgreSQL's statement trigger on links looks up the record at each end by its key, never by
 * `e.id IN (from_id, to_id)`, which reads every record of the tenant (decision 0021). SQLite's row
 * triggers look each end up by its key already.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql
    .raw(`CREATE OR REPLACE FUNCTION change_markers_bump_relationships() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO change_markers (tenant_id, type_id, version) ${endTypes('new_rows')} ${markerBump};
       ${into} SELECT tenant_id, rel_id, chunk, 1 FROM (
           SELECT tenant_id, rel_id, from_id / ${n} AS chunk FROM new_rows
           UNION SELECT tenant_id, rel_id, -1 - to_id / ${n} FROM new_rows) c ORDER BY 1, 2, 3 ${bump};
     ELSE
       INSERT INTO change_markers (tenant_id, type_id, version) ${endTypes('old_rows')} ${markerBump};
       ${into} SELECT tenant_id, rel_id, chunk, 1 FROM (
           SELECT tenant_id, rel_id, from_id / ${n} AS chunk FROM old_rows
           UNION SELECT tenant_id, rel_id, -1 - to_id / ${n} FROM old_rows) c ORDER BY 1, 2, 3 ${bump};
     END IF;
     RETURN NULL;
   END $$`)
    .execute(db);
}
