import { type FieldDef, firstUserId } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { Engine } from '../../db/tables.js';
import { escapeLike } from '../sql/sqlFragments.js';
import { fieldTextMatches } from './fieldTexts.js';
import { ftsPhrase } from './ftsPhrase.js';
import { searchRowId } from './searchRowId.js';

/**
 * Whether a Contains on the field reads its own trigram table (SQLite, a Text field of the report's
 * own records, a term of three characters or more), which must then be made first (fieldTexts.ts).
 */
export function readsFieldText(
  engine: Engine,
  field: FieldDef,
  onRootRecord: boolean,
  term: string,
): boolean {
  return (
    engine === 'sqlite' &&
    onRootRecord &&
    [...term].length >= 3 &&
    field.column === undefined &&
    field.type === 'Text' &&
    field.id >= firstUserId
  );
}

/**
 * `e0.id IN (records that may hold the term)` through a trigram index, for a Contains on the name
 * or a Text field of a report's own records: the name through the search documents (decision
 * 0044), a Text field on SQLite through its own table (decision 0135; PostgreSQL's GIN index serves
 * the condition as it is). Undefined for a term under three characters and other fields. It
 * selects more records than the condition, never fewer (the index holds the whole value, folded at
 * least as widely as `lower()`), so the condition's own test stays beside it and decides.
 */
export function containsMatches(
  engine: Engine,
  tenantId: number,
  field: FieldDef,
  onRootRecord: boolean,
  term: string,
): RawBuilder<boolean> | undefined {
  if (readsFieldText(engine, field, onRootRecord, term)) return fieldTextMatches(tenantId, field.id, term);
  if (field.column !== 'name' || !onRootRecord || [...term].length < 3) return undefined;
  if (engine === 'sqlite') {
    const low = searchRowId(tenantId, 0);
    return sql<boolean>`e0.id IN (SELECT rowid - ${low} FROM entity_search WHERE entity_search MATCH ${ftsPhrase(term)}
      AND rowid >= ${low} AND rowid < ${searchRowId(tenantId + 1, 0)})`;
  }
  return sql<boolean>`e0.id IN (SELECT entity_id FROM entity_search WHERE tenant_id = ${tenantId}
    AND body ILIKE ${`%${escapeLike(term)}%`} ESCAPE '\\')`;
}
