import { type Kysely, sql } from 'kysely';
import type { Engine } from '../tables.js';

const BAND_SIZE = 2 ** 36; // search/searchOrder.ts, as this migration writes it.
const TENANT_SHIFT = 2 ** 40; // search/searchRowId.ts

/**
 * The quick-search index in name order (SQLite; search/searchOrder.ts, decision 0031): a band of
 * positions per tenant's type, the records' positions in name order, and a contentless copy of
 * the search documents at those positions. Records already stored are spread evenly over their
 * type's band. PostgreSQL's trigram index has no order to walk: nothing changes there.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  await sql`CREATE TABLE search_bands (
    band INTEGER PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    type_id INTEGER NOT NULL,
    UNIQUE (tenant_id, type_id)
  )`.execute(db);
  await sql`CREATE TABLE search_order (
    pos INTEGER PRIMARY KEY,
    band INTEGER NOT NULL,
    tenant_id INTEGER NOT NULL,
    entity_id INTEGER NOT NULL,
    sort_key TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX search_order_entity ON search_order (tenant_id, entity_id)`.execute(db);
  await sql`CREATE INDEX search_order_key ON search_order (band, sort_key, entity_id)`.execute(db);
  await sql`CREATE VIRTUAL TABLE entity_search_ordered USING fts5(
    body, tokenize = 'trigram', content = '', contentless_delete = 1
  )`.execute(db);

  // A level's segments merge once there are two (four by default): db/idleUpkeep.ts.
  for (const index of ['entity_search', 'entity_search_ordered'])
    for (const option of ['automerge', 'usermerge'])
      await sql`INSERT INTO ${sql.table(index)} (${sql.ref(index)}, rank) VALUES (${option}, 2)`.execute(db);

  await sql`INSERT INTO search_bands (tenant_id, type_id)
    SELECT DISTINCT tenant_id, type_id FROM entities ORDER BY tenant_id, type_id`.execute(db);
  await sql`INSERT INTO search_order (pos, band, tenant_id, entity_id, sort_key)
    SELECT band * ${sql.lit(BAND_SIZE)} + row_number() OVER w * (${sql.lit(BAND_SIZE)} / (count(*) OVER b + 1)), band, tenant_id, id, sort_key
    FROM (
      SELECT s.band, e.tenant_id, e.id, CASE WHEN e.name IS NULL THEN '' ELSE char(1) || lower(e.name) END AS sort_key
      FROM entities e
      JOIN search_bands s ON s.tenant_id = e.tenant_id AND s.type_id = e.type_id
      JOIN entity_search_content c ON c.id = e.tenant_id * ${sql.lit(TENANT_SHIFT)} + e.id
    )
    WINDOW b AS (PARTITION BY band), w AS (PARTITION BY band ORDER BY sort_key, id)`.execute(db);
  await sql`INSERT INTO entity_search_ordered (rowid, body)
    SELECT o.pos, c.c0 FROM search_order o JOIN entity_search_content c ON c.id = o.tenant_id * ${sql.lit(TENANT_SHIFT)} + o.entity_id`.execute(
    db,
  );
}
