import {
  type EntityId,
  type FieldDef,
  fieldLimits,
  type StoredLink,
  type StoredRecord,
  type StoredValue,
  sysField,
} from '@plinth/schema';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Engine, EntitiesTable, Tables } from '../db/tables.js';
import { type CallerHandle, chunks, type Executor, engineOf, unscoped } from './executor.js';
import { writeFieldTexts } from './search/fieldTexts.js';
import { indexRecords, searchBody, unindexRecords } from './search/searchIndex.js';

export { chunks, type Executor };

/** A stored record with the bookkeeping columns. */
export interface EntityRow extends StoredRecord {
  version: number;
  createdAt: string;
  modifiedAt: string;
  createdBy: EntityId | null;
  modifiedBy: EntityId | null;
  ownerId: EntityId | null;
}

/** Restricts a query on `entities` to the rows the caller may read; undefined means no restriction. */
export type RowFilter = (eb: ExpressionBuilder<Tables, 'entities'>) => Expression<SqlBool>;

export function parseData(raw: unknown): Record<string, StoredValue> {
  if (typeof raw === 'string') return JSON.parse(raw) as Record<string, StoredValue>;
  return (raw ?? {}) as Record<string, StoredValue>;
}

export function toEntityRow(r: Pick<EntitiesTable, keyof EntitiesTable>): EntityRow {
  return {
    id: r.id,
    typeId: r.type_id,
    name: r.name,
    alias: r.alias,
    data: parseData(r.data),
    version: r.version,
    createdAt: r.created_at,
    modifiedAt: r.modified_at,
    createdBy: r.created_by,
    modifiedBy: r.modified_by,
    ownerId: r.owner_id,
  };
}

/** A field's value on a row: from its column, or from the JSON values. */
export function fieldValue(row: EntityRow, field: FieldDef): unknown {
  switch (field.column) {
    case 'name':
      return row.name;
    case 'alias':
      return row.alias;
    case 'created_at':
      return row.createdAt;
    case 'modified_at':
      return row.modifiedAt;
    default:
      // A choice value without an order sorts last: its order reads as 999 (spec 03 §3).
      return (
        row.data[String(field.id)] ??
        (field.id === sysField.enumOrder ? fieldLimits.choiceOrderDefault : null)
      );
  }
}

/** Hands out `count` consecutive new record ids for a tenant. */
export async function allocateIds(handle: CallerHandle, tenantId: number, count: number): Promise<EntityId> {
  const db = unscoped(handle);
  const row = await db
    .updateTable('tenants')
    .set((eb) => ({ next_id: eb('next_id', '+', count) }))
    .where('id', '=', tenantId)
    .returning('next_id')
    .executeTakeFirstOrThrow();
  return Number(row.next_id) - count;
}

export async function selectEntities(
  handle: CallerHandle,
  tenantId: number,
  ids: readonly EntityId[],
  filter?: RowFilter,
): Promise<EntityRow[]> {
  const db = unscoped(handle);
  const out: EntityRow[] = [];
  for (const part of chunks([...new Set(ids)])) {
    let q = db.selectFrom('entities').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', part);
    if (filter) q = q.where(filter);
    for (const r of await q.execute()) out.push(toEntityRow(r));
  }
  return out;
}

export async function selectIdsByAlias(handle: CallerHandle, tenantId: number, aliases: readonly string[]) {
  const db = unscoped(handle);
  if (aliases.length === 0) return new Map<string, EntityId>();
  const rows = await db
    .selectFrom('entities')
    .select(['id', 'alias'])
    .where('tenant_id', '=', tenantId)
    .where('alias', 'in', [...aliases])
    .execute();
  return new Map(rows.map((r) => [r.alias!.toLowerCase(), r.id]));
}

/**
 * Inserts records with their search documents. `allocated`: their ids were given out just now
 * (allocateIds), so nothing is indexed under them yet; records of fixed ids (the catalogue's) may
 * find documents an earlier row of theirs left.
 */
export async function insertEntities(
  handle: CallerHandle,
  tenantId: number,
  rows: readonly EntityRow[],
  allocated = false,
): Promise<void> {
  const db = unscoped(handle);
  for (const part of chunks(rows, 200)) {
    await db
      .insertInto('entities')
      .values(
        part.map((r) => ({
          tenant_id: tenantId,
          id: r.id,
          type_id: r.typeId,
          name: r.name,
          alias: r.alias,
          data: JSON.stringify(r.data),
          version: r.version,
          created_at: r.createdAt,
          modified_at: r.modifiedAt,
          created_by: r.createdBy,
          modified_by: r.modifiedBy,
          owner_id: r.ownerId,
        })),
      )
      .execute();
  }
  await indexRecords(db, tenantId, rows, allocated);
}

/**
 * Writes a record's new columns and values if its version is still `expectedVersion`, and bumps
 * the version. Answers false when another writer got there first. Given the row as read at that
 * version (`before`), only the columns that changed are written — SQLite rewrites the entries of
 * every index on a column written, and each field's index reads the values — and its search
 * document only when the text it holds changes: a record's document is what searchBody makes of
 * its name and values as stored.
 */
export async function updateEntity(
  handle: CallerHandle,
  tenantId: number,
  row: EntityRow,
  expectedVersion: number,
  before?: Pick<EntityRow, 'name' | 'alias' | 'data' | 'ownerId'>,
): Promise<boolean> {
  const db = unscoped(handle);
  const data = JSON.stringify(row.data);
  const changed = <T>(now: T, then: () => T) => before === undefined || now !== then();
  const result = await db
    .updateTable('entities')
    .set({
      ...(changed(row.name, () => before!.name) && { name: row.name }),
      ...(changed(row.alias, () => before!.alias) && { alias: row.alias }),
      ...(changed(data, () => JSON.stringify(before!.data)) && { data }),
      ...(changed(row.ownerId, () => before!.ownerId) && { owner_id: row.ownerId }),
      version: row.version,
      modified_at: row.modifiedAt,
      modified_by: row.modifiedBy,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', row.id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  const unchanged =
    before !== undefined &&
    before.name === row.name &&
    searchBody(before.name, before.data) === searchBody(row.name, row.data);
  if (!unchanged) await indexRecords(db, tenantId, [row]);
  // The document leaves out some text (date-like values, tags, past 4,000 characters): a Text
  // field's own index is written whatever became of it.
  else if (before && engineOf(db) === 'sqlite') await writeFieldTexts(db, tenantId, [row], before.data);
  return true;
}

export async function deleteEntities(
  handle: CallerHandle,
  tenantId: number,
  ids: readonly EntityId[],
): Promise<void> {
  const db = unscoped(handle);
  for (const part of chunks(ids)) {
    await db
      .deleteFrom('relationships')
      .where('tenant_id', '=', tenantId)
      .where('from_id', 'in', part)
      .execute();
    await db
      .deleteFrom('relationships')
      .where('tenant_id', '=', tenantId)
      .where('to_id', 'in', part)
      .execute();
    await db
      .deleteFrom('auto_numbers')
      .where('tenant_id', '=', tenantId)
      .where('field_id', 'in', part)
      .execute();
    // A deleted user account takes its password, sessions and API tokens with it.
    for (const table of ['credentials', 'sessions', 'api_tokens'] as const) {
      await db.deleteFrom(table).where('tenant_id', '=', tenantId).where('user_id', 'in', part).execute();
    }
    await db.deleteFrom('entities').where('tenant_id', '=', tenantId).where('id', 'in', part).execute();
    await unindexRecords(db, tenantId, part);
  }
}

/** Links of one relationship that start (fwd) or end (rev) at the given records. */
export async function selectLinks(
  handle: CallerHandle,
  tenantId: number,
  relId: EntityId,
  direction: 'fwd' | 'rev',
  ids: readonly EntityId[],
): Promise<StoredLink[]> {
  const db = unscoped(handle);
  const out: StoredLink[] = [];
  const column = direction === 'fwd' ? 'from_id' : 'to_id';
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom('relationships')
      .select(['rel_id', 'from_id', 'to_id'])
      .where('tenant_id', '=', tenantId)
      .where('rel_id', '=', relId)
      .where(column, 'in', part)
      .execute();
    for (const r of rows) out.push({ relId: r.rel_id, fromId: r.from_id, toId: r.to_id });
  }
  return out;
}

/** Every link that starts or ends at one of the records. */
export async function selectLinksTouching(handle: CallerHandle, tenantId: number, ids: readonly EntityId[]) {
  const db = unscoped(handle);
  const out: StoredLink[] = [];
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom('relationships')
      .select(['rel_id', 'from_id', 'to_id'])
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('from_id', 'in', part), eb('to_id', 'in', part)]))
      .execute();
    for (const r of rows) out.push({ relId: r.rel_id, fromId: r.from_id, toId: r.to_id });
  }
  return out;
}

export async function insertLinks(
  handle: CallerHandle,
  tenantId: number,
  links: readonly StoredLink[],
): Promise<void> {
  const db = unscoped(handle);
  for (const part of chunks(links, 300)) {
    await db
      .insertInto('relationships')
      .values(part.map((l) => ({ tenant_id: tenantId, rel_id: l.relId, from_id: l.fromId, to_id: l.toId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export async function deleteLinks(
  handle: CallerHandle,
  tenantId: number,
  links: readonly StoredLink[],
): Promise<void> {
  const db = unscoped(handle);
  for (const l of links) {
    await db
      .deleteFrom('relationships')
      .where('tenant_id', '=', tenantId)
      .where('rel_id', '=', l.relId)
      .where('from_id', '=', l.fromId)
      .where('to_id', '=', l.toId)
      .execute();
  }
}

/**
 * Locks records until the transaction ends, in id order, so that concurrent transactions checking
 * the links of the same records take turns (PostgreSQL; SQLite runs one write transaction at a time).
 */
export async function lockEntities(
  handle: CallerHandle,
  engine: Engine,
  tenantId: number,
  ids: readonly EntityId[],
): Promise<void> {
  const db = unscoped(handle);
  if (engine !== 'postgres' || ids.length === 0) return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  for (const part of chunks(sorted)) {
    await db
      .selectFrom('entities')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', part)
      .orderBy('id')
      .forUpdate()
      .execute();
  }
}

/**
 * The records, locked as lockEntities locks them, read by the statement that locks them (one
 * statement for both on PostgreSQL).
 */
export async function selectLockedEntities(
  db: Executor,
  engine: Engine,
  tenantId: number,
  ids: readonly EntityId[],
): Promise<EntityRow[]> {
  if (engine !== 'postgres') return selectEntities(db, tenantId, ids);
  const out: EntityRow[] = [];
  for (const part of chunks([...new Set(ids)].sort((a, b) => a - b))) {
    const rows = await db
      .selectFrom('entities')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', part)
      .orderBy('id')
      .forUpdate()
      .execute();
    for (const r of rows) out.push(toEntityRow(r));
  }
  return out;
}

/** How many links of a relationship each record has at the given end. */
export async function countLinks(
  handle: CallerHandle,
  tenantId: number,
  relId: EntityId,
  end: 'from_id' | 'to_id',
  ids: readonly EntityId[],
): Promise<Map<EntityId, number>> {
  const db = unscoped(handle);
  const out = new Map<EntityId, number>();
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom('relationships')
      .select([end, sql<number>`count(*)`.as('n')])
      .where('tenant_id', '=', tenantId)
      .where('rel_id', '=', relId)
      .where(end, 'in', part)
      .groupBy(end)
      .execute();
    for (const r of rows) out.set(Number((r as Record<string, unknown>)[end]), Number(r.n));
  }
  return out;
}

/** Bumps the tenant's metamodel version so every process reloads its schema and access rules. */
export async function bumpMetaVersion(handle: CallerHandle, tenantId: number): Promise<void> {
  const db = unscoped(handle);
  await db
    .updateTable('tenants')
    .set((eb) => ({ meta_version: eb('meta_version', '+', 1) }))
    .where('id', '=', tenantId)
    .execute();
}

/** Links of any of several relationships that start (from_id) or end (to_id) at the given records. */
export async function selectLinksOfRels(
  handle: CallerHandle,
  tenantId: number,
  relIds: readonly EntityId[],
  end: 'from_id' | 'to_id',
  ids: readonly EntityId[],
): Promise<StoredLink[]> {
  const db = unscoped(handle);
  if (relIds.length === 0) return [];
  const out: StoredLink[] = [];
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom('relationships')
      .select(['rel_id', 'from_id', 'to_id'])
      .where('tenant_id', '=', tenantId)
      .where('rel_id', 'in', [...relIds])
      .where(end, 'in', part)
      .execute();
    for (const r of rows) out.push({ relId: r.rel_id, fromId: r.from_id, toId: r.to_id });
  }
  return out;
}

/** Whether any record is of one of the types. */
export async function hasRecordsOfTypes(
  handle: CallerHandle,
  tenantId: number,
  typeIds: readonly EntityId[],
) {
  const db = unscoped(handle);
  if (typeIds.length === 0) return false;
  const row = await db
    .selectFrom('entities')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('type_id', 'in', [...typeIds])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The record a column-backed relationship (type, creator, modifier, owner) points at. */
export function columnRelationshipTarget(row: EntityRow, column: string | undefined): EntityId | null {
  switch (column) {
    case 'type_id':
      return row.typeId;
    case 'created_by':
      return row.createdBy;
    case 'modified_by':
      return row.modifiedBy;
    case 'owner_id':
      return row.ownerId;
    default:
      return null;
  }
}
