import { type EntityId, type StoredValue, unsearchedFields } from '@plinth/schema';
import { sql } from 'kysely';
import { type CallerHandle, type Executor, engineOf, unscoped } from '../executor.js';
import { writeFieldTexts } from './fieldTexts.js';
import { orderRecord, unorderRecords } from './searchOrder.js';
import { searchRowId } from './searchRowId.js';

const MAX_BODY = 4000;

/**
 * The searchable text of a record: its name and its text values, rich text without tags, leaving
 * out dates, times and the JSON the platform keeps in system fields (unsearchedFields).
 */
export function searchBody(name: string | null, data: Record<string, StoredValue>): string {
  const parts = [name ?? ''];
  for (const [fieldId, v] of Object.entries(data)) {
    if (
      typeof v === 'string' &&
      !unsearchedFields.has(fieldId) &&
      !/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(v) &&
      !/^\d{2}:\d{2}:\d{2}$/.test(v)
    ) {
      parts.push(v.includes('<') ? v.replace(/<[^>]*>/g, ' ') : v);
    }
  }
  return parts.join('\n').slice(0, MAX_BODY);
}

/**
 * Writes (or rewrites) the search documents of records. Always in the transaction that writes the
 * records' rows: kept searches (searchPageCache) learn of a changed text only from the rows' chunk
 * markers, which those writes bump. `created`: the records were inserted just now under ids given
 * out just now, so they have no documents to replace.
 */
export async function indexRecords(
  handle: CallerHandle,
  tenantId: number,
  rows: ReadonlyArray<{
    id: EntityId;
    typeId: EntityId;
    name: string | null;
    data: Record<string, StoredValue>;
  }>,
  created = false,
): Promise<void> {
  const db = unscoped(handle);
  if (rows.length === 0) return;
  if (engineOf(db) === 'sqlite') {
    for (const r of rows) {
      const rowid = searchRowId(tenantId, r.id);
      const body = searchBody(r.name, r.data);
      if (!created) await sql`DELETE FROM entity_search WHERE rowid = ${rowid}`.execute(db);
      await sql`INSERT INTO entity_search (rowid, body) VALUES (${rowid}, ${body})`.execute(db);
      await orderRecord(db, tenantId, { id: r.id, typeId: r.typeId, name: r.name, body }, created);
    }
    await writeFieldTexts(db, tenantId, rows);
    return;
  }
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    const values = sql.join(part.map((r) => sql`(${tenantId}, ${r.id}, ${searchBody(r.name, r.data)})`));
    await sql`INSERT INTO entity_search (tenant_id, entity_id, body) VALUES ${values}
      ON CONFLICT (tenant_id, entity_id) DO UPDATE SET body = excluded.body`.execute(db);
  }
}

export async function unindexRecords(
  db: Executor,
  tenantId: number,
  ids: readonly EntityId[],
): Promise<void> {
  if (ids.length === 0) return;
  if (engineOf(db) === 'sqlite') {
    for (let i = 0; i < ids.length; i += 500) {
      const rowids = ids.slice(i, i + 500).map((id) => searchRowId(tenantId, id));
      await sql`DELETE FROM entity_search WHERE rowid IN (${sql.join(rowids)})`.execute(db);
    }
    await unorderRecords(db, tenantId, ids);
    return;
  }
  for (let i = 0; i < ids.length; i += 500) {
    await sql`DELETE FROM entity_search WHERE tenant_id = ${tenantId} AND entity_id IN (${sql.join(ids.slice(i, i + 500))})`.execute(
      db,
    );
  }
}
