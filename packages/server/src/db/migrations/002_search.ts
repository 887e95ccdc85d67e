import { type Kysely, sql } from 'kysely';
import type { Engine } from '../tables.js';

/**
 * The quick-search index: one text document per record (its name and text values), searched by
 * trigrams so a search never scans the records (SQLite FTS5 `trigram`, PostgreSQL `pg_trgm`).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') {
    // rowid = tenant_id * 2^40 + id, so a record's document is found without an index of its own.
    await sql`CREATE VIRTUAL TABLE entity_search USING fts5(body, tokenize = 'trigram')`.execute(db);
    return;
  }
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE TABLE entity_search (
    tenant_id integer NOT NULL,
    entity_id bigint NOT NULL,
    body text NOT NULL,
    PRIMARY KEY (tenant_id, entity_id)
  )`.execute(db);
  await sql`CREATE INDEX entity_search_trgm ON entity_search USING gin (body gin_trgm_ops)`.execute(db);
}
