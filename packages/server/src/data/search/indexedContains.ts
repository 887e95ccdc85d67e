import type { FieldDef } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { Engine } from '../../db/tables.js';
import { searchRowId } from './searchRowId.js';

/** `%`, `_` and `\` taken literally in a LIKE pattern (with ESCAPE '\'). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `e0.id IN (records whose search document holds the term)` through the trigram index, for a
 * Contains on the name of a report's own records; undefined for a term under three characters or
 * another field. It selects more records than the condition, never fewer (the document holds the
 * whole name, folded at least as widely as `lower()`), so the condition's own test stays beside it
 * and decides (decision 0044).
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
