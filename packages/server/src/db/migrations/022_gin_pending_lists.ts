import { type Kysely, sql } from 'kysely';
import type { Engine } from '../tables.js';

/**
 * The most a PostgreSQL trigram index keeps in its pending list, in kB (decision 0155). A GIN index
 * takes new entries into an unsorted list that every search reads through, and merges it into the
 * index only when it outgrows this limit (4 MB by default) or a vacuum runs: after a few thousand
 * writes each search read some 400 pages of it, and the planner, costing them, scanned the table
 * instead. 128 kB keeps the list to 16 pages at about the same cost a write.
 */
export const GIN_PENDING_LIST_KB = 128;

/** The trigram indexes made before the limit (the search index's and Contains conditions' of fields) take it. */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  const { rows } = await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
    WHERE schemaname = current_schema()
      AND (indexname = 'entity_search_trgm' OR (tablename = 'entities' AND indexname LIKE ${'entities\\_t%\\_trgm'}))`.execute(
    db,
  );
  for (const { name } of rows) {
    await sql`ALTER INDEX ${sql.ref(name)} SET (gin_pending_list_limit = ${sql.lit(GIN_PENDING_LIST_KB)})`.execute(
      db,
    );
    await sql`SELECT gin_clean_pending_list(${name}::regclass)`.execute(db);
  }
}
