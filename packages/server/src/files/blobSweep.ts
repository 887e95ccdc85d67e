import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Db, Engine } from '../db/tables.js';
import type { FolderBlobStore } from './BlobStore.js';
import { PIN_LIFETIME_MS, removeLapsedPins } from './blobPins.js';
import { removeUnreferencedBlobs } from './unreferencedBlobs.js';

/**
 * How long a blob is left alone by the sweep after its file was last written, and a partial file
 * after its last write: as long as a pin lasts, so the sweep never judges a save still under way.
 */
export const SWEEP_GRACE_MS = PIN_LIFETIME_MS;
/** How often each process sweeps the whole folder, the first time a minute after it starts. */
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;
const FIRST_SWEEP_AFTER_MS = 60 * 1000;
/** Blobs decided on together (one transaction each, see removeUnreferencedBlobs). */
const BATCH = 100;

/**
 * Sweeps the whole store (decision 0057): removes the blobs older than the grace that no pin holds
 * and nothing names — left by a process that stopped between storing a file and committing its
 * record, or between a delete's commit and its removal, or whose removal failed — the partial
 * files of saves that stopped, and the pins that lapsed. Only a folder marked with this database's
 * identity (or not marked yet, then marked) is swept: blobs another database names are not known
 * here. Stops between batches once `cancelled`
 * answers true. Answers the removed blobs. Never throws for a blob; the store logs failures.
 */
export async function sweepBlobStore(
  db: Db,
  engine: Engine,
  store: FolderBlobStore,
  { now = Date.now(), cancelled = () => false }: { now?: number; cancelled?: () => boolean } = {},
): Promise<string[]> {
  if (!(await store.belongsTo(await databaseIdentity(db)))) {
    store.log.warn(
      { dir: store.dir },
      'The file store folder belongs to another database (its database-id file says so); it is not swept.',
    );
    return [];
  }
  await removeLapsedPins(db, now);
  await store.removeStaleParts(now - SWEEP_GRACE_MS);
  const removed: string[] = [];
  let batch: string[] = [];
  const decide = async () => {
    removed.push(...(await removeUnreferencedBlobs(db, engine, store, batch, now)));
    batch = [];
    await yieldToRequests();
  };
  for await (const blob of store.list()) {
    if (cancelled()) return removed;
    if (blob.modifiedAt > now - SWEEP_GRACE_MS) continue;
    batch.push(blob.hash);
    if (batch.length >= BATCH) await decide();
  }
  if (batch.length > 0 && !cancelled()) await decide();
  return removed;
}

/** This database's identity (migration 014), which marks the blob folder it sweeps. */
async function databaseIdentity(db: Db): Promise<string> {
  const row = await db
    .withTables<{ database_identity: { id: string } }>()
    .selectFrom('database_identity')
    .select('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The sweep as a task of the idle upkeep (db/idleUpkeep.ts), which looks every second: it sweeps a
 * minute after the process starts and then every six hours. Several processes on one folder may sweep
 * at once: each blob is decided under its lock, so they only repeat each other's work.
 */
export function blobSweepTask(
  db: Db,
  engine: Engine,
  store: FolderBlobStore,
): (cancelled: () => boolean) => Promise<void> {
  let due = Date.now() + FIRST_SWEEP_AFTER_MS;
  return async (cancelled) => {
    if (Date.now() < due) return;
    due = Date.now() + SWEEP_EVERY_MS;
    try {
      await sweepBlobStore(db, engine, store, { cancelled });
    } catch (error) {
      store.log.warn({ error }, 'The file store was not swept.');
    }
  };
}
