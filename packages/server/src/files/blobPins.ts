import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../data/entityRepository.js';
import type { Engine } from '../db/tables.js';
import type { BlobLog } from './BlobStore.js';

/**
 * The longest a pin keeps its blob: far longer than writing the record that names it takes (its
 * statements are bounded by the statement timeout), so only a pin whose process stopped lapses.
 */
export const PIN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * The first key of a blob hash's PostgreSQL advisory lock (the second is from the hash). The only
 * other two-key advisory locks take a tenant id first (relationshipChanges.ts), always positive.
 */
const BLOB_LOCK_CLASS = -29;

type PinTables = { blob_pins: { id: string; hash: string; pinned_until: number } };

const pins = (db: Executor) => db.withTables<PinTables>();

/**
 * Takes, until the end of the transaction `db` is in, the lock a pin and a removal of the same
 * hashes share (decision 0057): a removal's "not pinned, nothing names it, remove" and a save's
 * "pin, then put in place" never interleave. PostgreSQL: an advisory lock per hash, taken in key
 * order so two removals cannot deadlock. SQLite has one connection, whose transactions already
 * run one at a time.
 */
export async function lockBlobHashes(db: Executor, engine: Engine, hashes: readonly string[]): Promise<void> {
  if (engine !== 'postgres' || hashes.length === 0) return;
  // A hash's first 32 bits: two hashes sharing them only wait for each other.
  const keys = [...new Set(hashes.map((h) => Number.parseInt(h.slice(0, 8), 16) | 0))].sort((a, b) => a - b);
  await sql`SELECT pg_advisory_xact_lock(${BLOB_LOCK_CLASS}::int, k)
    FROM (SELECT k FROM unnest(${keys}::int[]) AS k ORDER BY k) AS ordered`.execute(db);
}

/**
 * Pins a blob about to be put in the store for a record not yet written: every process's removal
 * leaves it alone until the answer (the release) is called, once that record has committed or
 * failed, or until PIN_LIFETIME_MS has passed. Call it outside any transaction, before the file
 * is put in place. The release never throws: a pin it cannot remove is logged and lapses.
 */
export async function pinBlob(
  db: Executor,
  engine: Engine,
  hash: string,
  log: BlobLog,
  now = Date.now(),
): Promise<() => Promise<void>> {
  const id = randomBytes(12).toString('hex');
  await db.transaction().execute(async (trx) => {
    // A removal of the same content under way finishes first, file and all.
    await lockBlobHashes(trx, engine, [hash]);
    await pins(trx)
      .insertInto('blob_pins')
      .values({ id, hash, pinned_until: now + PIN_LIFETIME_MS })
      .execute();
  });
  return async () => {
    try {
      await pins(db).deleteFrom('blob_pins').where('id', '=', id).execute();
    } catch (error) {
      log.warn({ hash, error }, 'A stored file’s pin could not be removed; it lapses in an hour.');
    }
  };
}

/** The hashes among `hashes` a pin holds at `now`. */
export async function pinnedBlobHashes(
  db: Executor,
  hashes: readonly string[],
  now = Date.now(),
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await pins(db)
    .selectFrom('blob_pins')
    .select('hash')
    .distinct()
    .where('hash', 'in', hashes)
    .where('pinned_until', '>', now)
    .execute();
  return new Set(rows.map((r) => r.hash));
}

/** Deletes the pins that have lapsed (their process stopped before releasing them). */
export async function removeLapsedPins(db: Executor, now = Date.now()): Promise<void> {
  await pins(db).deleteFrom('blob_pins').where('pinned_until', '<=', now).execute();
}
