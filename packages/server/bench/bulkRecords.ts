import type { EntityId, RelationshipDef, StoredLink, StoredValue } from '@plinth/schema';
import { sql } from 'kysely';
import { auditPut } from '../src/audit/auditWrites.js';
import type { RequestContext } from '../src/context.js';
import { allocateIds, type EntityRow, insertLinks } from '../src/data/entityRepository.js';
import { type Executor, engineOf } from '../src/data/executor.js';
import { indexRecords, searchBody } from '../src/data/search/searchIndex.js';
import { BAND_SIZE } from '../src/data/search/searchOrder.js';
import { searchRowId } from '../src/data/search/searchRowId.js';
import { SQLITE_CHANGE_CHUNK_IDS } from '../src/db/migrations/021_sqlite_chunk_sequence.js';
import { nextAutoNumbers } from '../src/entities/autoNumbers.js';
import type { ResolvedRelChange } from '../src/entities/relationshipChanges.js';

/** A new record for the bulk path: its values by field id, in the order the entity service writes them. */
export interface BulkRecord {
  typeId: EntityId;
  name: string;
  data: Record<string, StoredValue>;
  /** Its links, each to one existing record, in the order a put names its relationships. */
  links: ReadonlyArray<{ rel: RelationshipDef; toId: EntityId }>;
}

/** Rows per multi-row statement: 12 values each, well inside SQLite's 32,766 parameters. */
const rowsPerStatement = 1000;

/**
 * Writes new records as the entity service's put writes them (the rows, auto-numbers, links, search
 * documents, audit events and change markers) in one transaction, for benchmark seeding only
 * (decision 0091): no validation or access checks — the caller builds valid records. On SQLite the
 * change markers are bumped once per statement by what the row triggers would have added, and the
 * search index's name order is left to {@link orderSearchInOnePass} once every record is in.
 * Answers the new ids.
 */
export async function writeRecordsInBulk(
  ctx: RequestContext,
  records: readonly BulkRecord[],
): Promise<EntityId[]> {
  if (records.length === 0) return [];
  return ctx.db.transaction().execute(async (tx) => {
    const at = ctx.clock.now().toISOString();
    const user = ctx.actor.userId;
    const first = await allocateIds(tx, ctx.tenantId, records.length);
    const rows: EntityRow[] = records.map((r, i) => ({
      id: first + i,
      typeId: r.typeId,
      name: r.name,
      alias: null,
      data: { ...r.data },
      version: 1,
      createdAt: at,
      modifiedAt: at,
      createdBy: user,
      modifiedBy: user,
      ownerId: user,
    }));
    const txCtx = { ...ctx, db: tx } as RequestContext;
    // Auto-numbers as the put takes them: per field, consecutive, in the records' order.
    for (const typeId of new Set(rows.map((r) => r.typeId)))
      for (const field of ctx.schema.fieldsOf(typeId)) {
        if (field.type !== 'AutoNumber') continue;
        const ofType = rows.filter((r) => r.typeId === typeId);
        const start = await nextAutoNumbers(txCtx, field, ofType.length);
        ofType.forEach((row, i) => {
          row.data[String(field.id)] = start + i;
        });
      }
    const deferred = engineOf(tx) === 'sqlite' ? await dropInsertTriggers(tx) : undefined;
    await insertRows(tx, ctx.tenantId, rows);
    const links: StoredLink[] = [];
    const relChanges: ResolvedRelChange[] = [];
    rows.forEach((row, i) => {
      for (const { rel, toId } of records[i]!.links) {
        links.push({ relId: rel.id, fromId: row.id, toId });
        relChanges.push({ entityId: row.id, rel, direction: 'fwd', set: [toId] });
      }
    });
    await insertLinks(tx, ctx.tenantId, links);
    if (deferred) {
      await bumpMarkersOnce(tx, ctx.tenantId, first, rows.length);
      for (const statement of deferred) await sql.raw(statement).execute(tx);
    }
    await auditPut(txCtx, {
      created: rows,
      updated: [],
      relChanges,
      linksBefore: new Map(),
      removedLinks: [],
    });
    return rows.map((r) => r.id);
  });
}

/** SQLite's row triggers that keep the change markers on inserts (migrations 006 and 021). */
const insertTriggers = [
  'entities_marker_insert',
  'entities_chunk_insert',
  'relationships_marker_insert',
  'relationships_chunk_insert',
];

/**
 * Drops, inside the writing transaction, SQLite's insert triggers on records and links, answering
 * the statements that make them again. Refuses when the triggers are not the ones
 * {@link bumpMarkersOnce} stands in for (a later migration changed them).
 */
async function dropInsertTriggers(tx: Executor): Promise<string[]> {
  const found = (
    await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master
      WHERE type = 'trigger' AND tbl_name IN ('entities', 'relationships') AND sql LIKE '%AFTER INSERT%'
      ORDER BY name`.execute(tx)
  ).rows;
  if (found.map((t) => t.name).join() !== [...insertTriggers].sort().join())
    throw new Error(`The bulk path knows the insert triggers ${insertTriggers.join(', ')} only.`);
  for (const t of found) await sql.raw(`DROP TRIGGER ${t.name}`).execute(tx);
  return found.map((t) => t.sql);
}

/**
 * What SQLite's row triggers would have done to the change markers for the records with ids
 * `first` to `first + count - 1` and their links, in one statement each: a record's insert bumps its
 * type once and moves its chunk to the tenant's next version; a link's bumps the types of its two
 * ends (once when they are one) and moves its relationship's chunks at either end (decisions 0025,
 * 0152).
 */
async function bumpMarkersOnce(tx: Executor, tenantId: number, first: number, count: number): Promise<void> {
  const t = tenantId;
  const last = first + count - 1;
  const n = sql.lit(SQLITE_CHANGE_CHUNK_IDS);
  const marker = sql`ON CONFLICT (tenant_id, type_id) DO UPDATE SET version = change_markers.version + excluded.version`;
  const chunk = sql`ON CONFLICT (tenant_id, source_id, chunk) DO UPDATE SET version = excluded.version`;
  const next = sql`plinth_chunk_version((SELECT coalesce(max(version), 0) FROM change_chunks WHERE tenant_id = ${t}))`;
  const records = sql`FROM entities WHERE tenant_id = ${t} AND id BETWEEN ${first} AND ${last}`;
  const links = sql`FROM relationships WHERE tenant_id = ${t} AND from_id BETWEEN ${first} AND ${last}`;
  await sql`INSERT INTO change_markers (tenant_id, type_id, version)
    SELECT tenant_id, type_id, count(*) ${records} GROUP BY tenant_id, type_id ${marker}`.execute(tx);
  await sql`INSERT INTO change_chunks (tenant_id, source_id, chunk, version)
    SELECT tenant_id, type_id, id / ${n}, ${next} ${records} GROUP BY 1, 2, 3 ${chunk}`.execute(tx);
  await sql`INSERT INTO change_markers (tenant_id, type_id, version)
    SELECT tenant_id, type_id, count(*) FROM (
      SELECT r.tenant_id, r.rel_id, r.from_id, r.to_id, e.type_id FROM relationships r
        JOIN entities e ON e.tenant_id = r.tenant_id AND e.id = r.from_id
        WHERE r.tenant_id = ${t} AND r.from_id BETWEEN ${first} AND ${last}
      UNION
      SELECT r.tenant_id, r.rel_id, r.from_id, r.to_id, e.type_id FROM relationships r
        JOIN entities e ON e.tenant_id = r.tenant_id AND e.id = r.to_id
        WHERE r.tenant_id = ${t} AND r.from_id BETWEEN ${first} AND ${last}
    ) WHERE true GROUP BY tenant_id, type_id ${marker}`.execute(tx);
  await sql`INSERT INTO change_chunks (tenant_id, source_id, chunk, version)
    SELECT tenant_id, rel_id, from_id / ${n}, ${next} ${links} GROUP BY 1, 2, 3 ${chunk}`.execute(tx);
  await sql`INSERT INTO change_chunks (tenant_id, source_id, chunk, version)
    SELECT tenant_id, rel_id, -1 - to_id / ${n}, ${next} ${links} GROUP BY 1, 2, 3 ${chunk}`.execute(tx);
}

/** The records' rows, and their search documents: on SQLite without their place in name order. */
async function insertRows(tx: Executor, tenantId: number, rows: readonly EntityRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += rowsPerStatement) {
    const part = rows.slice(i, i + rowsPerStatement);
    await tx
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
    if (engineOf(tx) === 'postgres') {
      await indexRecords(tx, tenantId, part);
      continue;
    }
    const documents = part.map((r) => sql`(${searchRowId(tenantId, r.id)}, ${searchBody(r.name, r.data)})`);
    await sql`INSERT INTO entity_search (rowid, body) VALUES ${sql.join(documents)}`.execute(tx);
  }
}

/**
 * SQLite: gives every record of the types its place in the search index's name order in one pass,
 * as migration 010 placed the records already stored — spread evenly over each type's band in the
 * order reports sort names — instead of one record at a time. PostgreSQL has no such order.
 */
export async function orderSearchInOnePass(
  db: Executor,
  tenantId: number,
  typeIds: readonly EntityId[],
): Promise<void> {
  if (engineOf(db) !== 'sqlite' || typeIds.length === 0) return;
  await db.transaction().execute(async (tx) => {
    for (const typeId of typeIds) {
      await sql`INSERT INTO search_bands (tenant_id, type_id) VALUES (${tenantId}, ${typeId})
        ON CONFLICT (tenant_id, type_id) DO NOTHING`.execute(tx);
      const band = Number(
        (
          await sql<{
            band: number;
          }>`SELECT band FROM search_bands WHERE tenant_id = ${tenantId} AND type_id = ${typeId}`.execute(tx)
        ).rows[0]!.band,
      );
      await sql`DELETE FROM entity_search_ordered WHERE rowid IN (SELECT pos FROM search_order WHERE band = ${band})`.execute(
        tx,
      );
      await sql`DELETE FROM search_order WHERE band = ${band}`.execute(tx);
      const size = sql.lit(BAND_SIZE);
      await sql`INSERT INTO search_order (pos, band, tenant_id, entity_id, sort_key)
        SELECT ${band} * ${size} + row_number() OVER w * (${size} / (count(*) OVER b + 1)), ${band}, ${tenantId}, id, sort_key
        FROM (
          SELECT e.id, CASE WHEN e.name IS NULL THEN '' ELSE char(1) || lower(e.name) END AS sort_key
          FROM entities e
          JOIN entity_search_content c ON c.id = ${searchRowId(tenantId, 0)} + e.id
          WHERE e.tenant_id = ${tenantId} AND e.type_id = ${typeId}
        )
        WINDOW b AS (), w AS (ORDER BY sort_key, id)`.execute(tx);
      await sql`INSERT INTO entity_search_ordered (rowid, body)
        SELECT o.pos, c.c0 FROM search_order o
        JOIN entity_search_content c ON c.id = ${searchRowId(tenantId, 0)} + o.entity_id
        WHERE o.band = ${band}`.execute(tx);
    }
  });
}
