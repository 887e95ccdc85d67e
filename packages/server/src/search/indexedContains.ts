import type { FieldDef } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { Engine } from '../db/tables.js';
import { searchRowId } from './searchRowId.js';

/** `%`, `_` and `\` taken literally in a LIKE pattern (with ESCAPE '\'). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The records whose search document holds a term, found through the trigram index without reading
 * the records (decision 0044): `e0.id IN (…)`, for a Contains condition on the name of a report's
 * own records (aliased `e0`). Undefined when the index cannot answer: a term under three characters (a trigram
 * index finds nothing shorter), or any other field.
 *
 * It selects more records than the condition may (the document holds the record's other text
 * too), never fewer, so the condition's own test stays beside it and decides: its results are the
 * condition's. The name is the first line of the document, whole (a name is at most 1,000
 * characters, the document 4,000). SQLite's index folds each character's case by its own table of
 * Unicode (search/searchFold.ts), where `lower()` and `LIKE` fold ASCII only: a name that holds a
 * term by `lower(name) LIKE …` holds it folded by the index too. PostgreSQL's `ILIKE` is
 * `lower(body) LIKE lower(pattern)` on a UTF-8 database, and the lower-cased document holds the
 * lower-cased name.
 */
export function nameContainsMatches(
  engine: Engine,
  tenantId: number,
  field: FieldDef,
  onRootRecord: boolean,
  term: string,
): RawBuilder<boolean> | undefined {
  if (field.column !== 'name' || !onRootRecord || [...term].length < 3) return undefined;
  if (engine === 'sqlite') {
    const low = searchRowId(tenantId, 0);
    const phrase = `"${term.replace(/"/g, '""')}"`;
    return sql<boolean>`e0.id IN (SELECT rowid - ${low} FROM entity_search WHERE entity_search MATCH ${phrase}
      AND rowid >= ${low} AND rowid < ${searchRowId(tenantId + 1, 0)})`;
  }
  return sql<boolean>`e0.id IN (SELECT entity_id FROM entity_search WHERE tenant_id = ${tenantId}
    AND body ILIKE ${`%${escapeLike(term)}%`} ESCAPE '\\')`;
}
