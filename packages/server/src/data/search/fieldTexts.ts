import { type EntityId, firstUserId, type StoredValue } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import { type CallerHandle, type Executor, unscoped } from '../executor.js';
import { ftsPhrase } from './ftsPhrase.js';

/**
 * SQLite's trigram index of one Text field's values (decision 0135): a contentless FTS5 table per
 * tenant and field, its rowid the record's id. It answers which records may hold a term in that
 * field; a Contains condition still tests the value itself, so an entry left behind (a value
 * cleared, a record deleted) costs a test and never a wrong answer, while a value missing from it
 * would be. Every write of a value therefore writes its entry.
 */
const prefixOf = (tenantId: number) => `field_text_t${tenantId}_f`;
const tableOf = (tenantId: number, fieldId: EntityId) => `${prefixOf(tenantId)}${fieldId}`;

/**
 * Makes the field's table if it is missing, filled from the values stored already: the first time a
 * Contains condition on the field runs (so fields nobody searches cost writes nothing), and again
 * should a rolled-back transaction have taken it away.
 */
export async function ensureFieldTextTable(
  handle: CallerHandle,
  tenantId: number,
  fieldId: EntityId,
): Promise<void> {
  const db = unscoped(handle);
  const table = tableOf(tenantId, fieldId);
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master
    WHERE type = 'table' AND name = ${table}`.execute(db);
  if (Number(rows[0]?.n) > 0) return;
  const path = `$."${fieldId}"`;
  await sql
    .raw(
      `CREATE VIRTUAL TABLE ${table} USING fts5(value, tokenize = 'trigram', content = '', contentless_delete = 1)`,
    )
    .execute(db);
  await sql`INSERT INTO ${sql.table(table)} (rowid, value)
    SELECT id, json_extract(data, ${path}) FROM entities
    WHERE tenant_id = ${tenantId} AND json_type(data, ${path}) = 'text'`.execute(db);
}

/** Drops the field's table, when a deleted field leaves it nothing to answer. */
export async function dropFieldTextTable(db: Executor, tenantId: number, fieldId: EntityId): Promise<void> {
  await sql`DROP TABLE IF EXISTS ${sql.table(tableOf(tenantId, fieldId))}`.execute(db);
}

/** The fields of the tenant that have a table, by their id as a key of a record's values. */
async function fieldsWithTables(db: Executor, tenantId: number): Promise<Set<string>> {
  const prefix = prefixOf(tenantId);
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master
    WHERE type = 'table' AND name >= ${prefix} AND name < ${`${prefix}~`}`.execute(db);
  return new Set(rows.map((r) => r.name.slice(prefix.length)).filter((key) => /^\d+$/.test(key)));
}

/**
 * Writes the entries of the records' Text values. With `before` (one record's values as they were),
 * only the values that changed; without it, every value the record holds.
 */
export async function writeFieldTexts(
  db: Executor,
  tenantId: number,
  rows: ReadonlyArray<{ id: EntityId; data: Record<string, StoredValue> }>,
  before?: Record<string, StoredValue>,
): Promise<void> {
  // Only user fields have tables (readsFieldText): the platform's own values never need a look.
  const userKeys = (keys: Iterable<string>) => [...keys].filter((key) => Number(key) >= firstUserId);
  const changed = (row: { data: Record<string, StoredValue> }) =>
    before
      ? userKeys(new Set([...Object.keys(row.data), ...Object.keys(before)])).filter(
          (key) =>
            before[key] !== row.data[key] &&
            (typeof before[key] === 'string' || typeof row.data[key] === 'string'),
        )
      : userKeys(Object.keys(row.data));
  const work = rows.map((row) => ({ row, keys: changed(row) })).filter((w) => w.keys.length > 0);
  if (work.length === 0) return;
  const indexed = await fieldsWithTables(db, tenantId);
  if (indexed.size === 0) return;
  for (const { row, keys } of work) {
    for (const key of keys) {
      if (!indexed.has(key)) continue;
      const value = row.data[key];
      const table = sql.table(tableOf(tenantId, Number(key)));
      await sql`DELETE FROM ${table} WHERE rowid = ${row.id}`.execute(db);
      if (typeof value === 'string' && value !== '')
        await sql`INSERT INTO ${table} (rowid, value) VALUES (${row.id}, ${value})`.execute(db);
    }
  }
}

/**
 * `e0.id IN (records whose value of the field may hold the term)`, for a Contains on a Text field
 * of a report's own records; the term is three characters or more (a trigram).
 */
export function fieldTextMatches(tenantId: number, fieldId: EntityId, term: string): RawBuilder<boolean> {
  const table = sql.table(tableOf(tenantId, fieldId));
  return sql<boolean>`e0.id IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ${ftsPhrase(term)})`;
}
