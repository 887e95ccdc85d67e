import type { EntityId } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import { chunks, type Executor } from '../executor.js';
import { searchRowId } from './searchRowId.js';

/**
 * The quick-search index in name order (SQLite; decision 0031): `entity_search_ordered`'s rowid is a
 * record's position in its type's band, in the order reports sort names (`lower(name)`, blanks
 * first, then the id); `search_order` maps positions to records, kept as an order-maintenance list.
 */

/**
 * Each band holds 2^36 positions, a million records 65,000 apart when spread evenly; positions stay
 * below 2^53, so they are exact as JavaScript numbers (131,072 bands).
 */
export const BAND_SIZE = 2 ** 36;
/** The step past the first or last record of a band, so records added in name order leave room. */
const EDGE_STEP = 2 ** 16;
/**
 * How sparse spread blocks are (see spreadBlock): a block of 2^i positions holds at most 1.4^i
 * records, or, from 2^{@link FLOOR_LEVEL} positions up, more when its band holds many records: one in
 * {@link MIN_STEP} at that level, falling level by level to twice the band's records in the band.
 */
const SPARSE = 1.4;
export const MIN_STEP = 2 ** 12;
/** The level from which 1.4^i records would be sparser than one in {@link MIN_STEP} positions. */
const FLOOR_LEVEL = 24;
const BAND_LEVEL = Math.log2(BAND_SIZE);

/**
 * The most records a block of `size` positions may hold after a spread, in a band holding
 * `bandRecords` (which only blocks past 2^{@link FLOOR_LEVEL} positions use). Each level allows a
 * lower density than the level below, as the order-maintenance list's bound on moves needs: a block
 * spread to its level's density leaves its halves room before they reach theirs. A floor of one
 * in {@link MIN_STEP} at every level (as before) gave records packed at that density no room at
 * any level, so a spread climbed to a block of tens of thousands of records (decisions 0031, 0151).
 */
export function blockLimit(size: number, bandRecords: number): number {
  const level = Math.log2(size);
  const sparse = SPARSE ** level;
  if (level <= FLOOR_LEVEL) return Math.max(sparse, size / MIN_STEP);
  // The density a full band may have: twice its records, or one in MIN_STEP for the largest bands.
  const top = Math.min(1, (2 * (bandRecords + 1) * MIN_STEP) / BAND_SIZE);
  const share = (level - FLOOR_LEVEL) / (BAND_LEVEL - FLOOR_LEVEL);
  return Math.max(sparse, (size / MIN_STEP) * top ** share);
}

/** What a record's position is worked out from, and the text its document holds. */
export interface OrderedDocument {
  id: EntityId;
  typeId: EntityId;
  name: string | null;
  body: string;
}

/**
 * A record's key in name order: SQLite's `lower()` folds ASCII letters only, and a blank name sorts
 * before every other (the prefix keeps an empty name after it).
 */
export function sortKeyOf(name: string | null): string {
  return name === null ? '' : `\u0001${name.replace(/[A-Z]+/g, (m) => m.toLowerCase())}`;
}

/** The band of a tenant's type, made when its first record is indexed. */
async function bandOf(db: Executor, tenantId: number, typeId: EntityId): Promise<number> {
  const found = await sql<{
    band: number;
  }>`SELECT band FROM search_bands WHERE tenant_id = ${tenantId} AND type_id = ${typeId}`.execute(db);
  if (found.rows[0]) return Number(found.rows[0].band);
  const made = await sql<{
    band: number;
  }>`INSERT INTO search_bands (tenant_id, type_id) VALUES (${tenantId}, ${typeId}) RETURNING band`.execute(
    db,
  );
  const band = Number(made.rows[0]!.band);
  if ((band + 1) * BAND_SIZE > Number.MAX_SAFE_INTEGER)
    throw new Error('The search index has no band left for another type in this database.');
  return band;
}

/**
 * Writes (or rewrites) a record's document at its position, moving it when its name changed; a
 * record `created` just now has neither yet. Its document in `entity_search` is written first:
 * moving other records reads theirs from there.
 */
export async function orderRecord(
  db: Executor,
  tenantId: number,
  doc: OrderedDocument,
  created = false,
): Promise<void> {
  const key = sortKeyOf(doc.name);
  const old = created
    ? undefined
    : (
        await sql<{
          pos: number;
          sort_key: string;
        }>`SELECT pos, sort_key FROM search_order WHERE tenant_id = ${tenantId} AND entity_id = ${doc.id}`.execute(
          db,
        )
      ).rows[0];
  if (old) {
    await sql`DELETE FROM entity_search_ordered WHERE rowid = ${old.pos}`.execute(db);
    if (old.sort_key === key) {
      await writeDocument(db, Number(old.pos), doc.body);
      return;
    }
    await sql`DELETE FROM search_order WHERE pos = ${old.pos}`.execute(db);
  }
  const band = await bandOf(db, tenantId, doc.typeId);
  const pos = await placeRecord(db, tenantId, band, key, doc.id);
  await sql`INSERT INTO search_order (pos, band, tenant_id, entity_id, sort_key) VALUES (${pos}, ${band}, ${tenantId}, ${doc.id}, ${key})`.execute(
    db,
  );
  await writeDocument(db, pos, doc.body);
}

/** Drops records' documents and positions. */
export async function unorderRecords(
  db: Executor,
  tenantId: number,
  ids: readonly EntityId[],
): Promise<void> {
  for (const part of chunks(ids).map((some) => sql.join(some))) {
    await sql`DELETE FROM entity_search_ordered WHERE rowid IN (SELECT pos FROM search_order WHERE tenant_id = ${tenantId} AND entity_id IN (${part}))`.execute(
      db,
    );
    await sql`DELETE FROM search_order WHERE tenant_id = ${tenantId} AND entity_id IN (${part})`.execute(db);
  }
}

async function writeDocument(db: Executor, pos: number, body: string): Promise<void> {
  await sql`INSERT INTO entity_search_ordered (rowid, body) VALUES (${pos}, ${body})`.execute(db);
}

/**
 * A record whose neighbour in name order was created at most this many ids before it is taken to
 * continue a run of records written in name order after (or before) that neighbour.
 */
const RUN_IDS = 256;
/** The share of the gap a record continuing a run is placed into it: 1/32 of the way. */
const RUN_SHARE = 16;

/**
 * A free position for a record of key `key` in `band`, between its neighbours in name order;
 * spreads out a block of positions when they leave none between them.
 *
 * Halfway between them, unless the record continues a run: records often come in name order, one
 * after the one written just before it (the next number, the next date; an import sorted by name).
 * Halving the gap each time would leave such a run room for only log2(gap) records before a spread
 * moves its neighbours; a step of a thirty-second of the gap from the neighbour it follows leaves
 * room for about 32 ln(gap). The record's id tells (ids are given out in order): when the newer of
 * its neighbours has an id just below its own, it continues that neighbour's run.
 */
async function placeRecord(
  db: Executor,
  tenantId: number,
  band: number,
  key: string,
  id: EntityId,
): Promise<number> {
  const neighbour = async (earlier: boolean) =>
    (
      await (earlier
        ? sql<Neighbour>`SELECT pos, entity_id FROM search_order WHERE band = ${band} AND (sort_key, entity_id) < (${key}, ${id})
            ORDER BY sort_key DESC, entity_id DESC LIMIT 1`
        : sql<Neighbour>`SELECT pos, entity_id FROM search_order WHERE band = ${band} AND (sort_key, entity_id) > (${key}, ${id})
            ORDER BY sort_key, entity_id LIMIT 1`
      ).execute(db)
    ).rows[0];
  const base = band * BAND_SIZE;
  const previous = await neighbour(true);
  const next = await neighbour(false);
  const low = previous === undefined ? base : Number(previous.pos);
  const high = next === undefined ? base + BAND_SIZE : Number(next.pos);
  const room = Math.floor((high - low) / 2);
  if (previous === undefined && next === undefined) return base + room;
  if (room < 1) return spreadBlock(db, tenantId, band, low);
  if (previous === undefined) return high - Math.min(room, EDGE_STEP);
  if (next === undefined) return low + Math.min(room, EDGE_STEP);
  const runStep = Math.max(1, Math.floor(room / RUN_SHARE));
  // The run continued is the newer neighbour's, when it is new enough.
  const newer = Number(previous.entity_id) > Number(next.entity_id) ? previous : next;
  const age = id - Number(newer.entity_id);
  if (age <= 0 || age > RUN_IDS) return low + room;
  return newer === previous ? low + runStep : high - runStep;
}

interface Neighbour {
  pos: number;
  entity_id: number;
}

/**
 * Spreads out the smallest aligned block around `after` that is sparse enough (2^i positions hold at
 * most {@link SPARSE}^i records), half of it left empty where the record goes, and answers a position
 * just after `after`, or first at the band's start (Bender et al., 2002; decision 0031).
 */
async function spreadBlock(db: Executor, tenantId: number, band: number, after: number): Promise<number> {
  const base = band * BAND_SIZE;
  // Read once, by the first block past the floor level: most spreads stay below it.
  let bandRecords: number | undefined;
  let size = 1;
  let start = base;
  let count = 0;
  do {
    size *= 2;
    if (size > BAND_SIZE) throw new Error("The search index has no room left in this type's band.");
    start = base + Math.floor((after - base) / size) * size;
    count = await recordsBetween(db, start, start + size);
    if (bandRecords === undefined && size > 2 ** FLOOR_LEVEL)
      bandRecords = await recordsBetween(db, base, base + BAND_SIZE);
  } while (count + 1 > blockLimit(size, bandRecords ?? 0));
  const end = start + size;
  const before = await recordsBetween(db, start, after + 1);
  // Records `step` apart, with `hole` more where the new one goes.
  const step = Math.floor(size / 2 / (count + 2));
  const hole = size - step * (count + 2);
  await moveRecords(
    db,
    tenantId,
    start,
    end,
    (rank) => sql`${start} + ${step} * ${rank} + (CASE WHEN -pos > ${after} THEN ${hole + step} ELSE 0 END)`,
  );
  return start + step * (before + 1) + Math.floor(hole / 2);
}

/** The records at positions from `from` to `to` (excluded), of any band. */
async function recordsBetween(db: Executor, from: number, to: number): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM search_order WHERE pos >= ${from} AND pos < ${to}`.execute(db);
  return Number(rows[0]!.n);
}

/**
 * Moves the records at positions from `start` to `end` (excluded), with their documents, to the
 * positions `to` gives them: an expression of their `rank` in position order (1 for the first) and
 * of `-pos`, their old position negated, which must keep their order and stay from `start` to `end`.
 */
export async function moveRecords(
  db: Executor,
  tenantId: number,
  start: number,
  end: number,
  to: (rank: RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<void> {
  await sql`DELETE FROM entity_search_ordered WHERE rowid IN (SELECT pos FROM search_order WHERE pos >= ${start} AND pos < ${end})`.execute(
    db,
  );
  // Out of the way first, so no new position meets an old one.
  await sql`UPDATE search_order SET pos = -pos WHERE pos >= ${start} AND pos < ${end}`.execute(db);
  const rank = sql`row_number() OVER (ORDER BY pos DESC)`;
  await sql`UPDATE search_order SET pos = moved.pos FROM (
      SELECT pos AS old, ${to(rank)} AS pos FROM search_order WHERE pos <= ${-start} AND pos > ${-end}
    ) moved WHERE search_order.pos = moved.old`.execute(db);
  await sql`INSERT INTO entity_search_ordered (rowid, body)
    SELECT o.pos, c.c0 FROM search_order o JOIN entity_search_content c ON c.id = ${searchRowId(tenantId, 0)} + o.entity_id
    WHERE o.pos >= ${start} AND o.pos < ${end}`.execute(db);
}
