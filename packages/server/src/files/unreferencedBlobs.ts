import { type EntityId, sysField as F, sysType } from '@plinth/schema';
import { sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { chunks, type EntityRow, type Executor } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import type { Engine } from '../db/tables.js';
import { afterCommit } from '../entities/transaction.js';
import { type FileStorage, type FolderBlobStore, isBlobHash } from './BlobStore.js';
import { lockBlobHashes, pinnedBlobHashes } from './blobPins.js';
import { deleteDocumentVersions } from './documentVersions.js';

/**
 * The hashes among `hashes` that a document's current file or an earlier version still names, in
 * any tenant: blobs are shared by content across tenants (decision 0012).
 */
export async function referencedBlobHashes(
  db: Executor,
  engine: Engine,
  hashes: readonly string[],
): Promise<Set<string>> {
  const key = String(F.fileDataHash);
  const current =
    engine === 'postgres'
      ? sql<string>`(data ->> ${sql.lit(key)})`
      : sql<string>`json_extract(data, ${sql.lit(`$."${key}"`)})`;
  const found = new Set<string>();
  for (const part of chunks(hashes)) {
    const records = await systemQuery(db, 'upkeep')
      .selectFrom('entities')
      .select(current.as('hash'))
      .where(current, 'in', part)
      .execute();
    for (const r of records) found.add(r.hash);
    const versions = await systemQuery(db, 'upkeep')
      .selectFrom('document_versions')
      .select('file_data_hash')
      .where('file_data_hash', 'in', part)
      .execute();
    for (const v of versions) found.add(v.file_data_hash);
  }
  return found;
}

/** Hashes a removal decides on in one transaction: as many advisory locks are held at once. */
const REMOVAL_CHUNK = 100;

/**
 * Removes from the store the blobs among `hashes` that no pin holds and nothing names, checked now
 * under the hashes' lock (decision 0057), and answers them. Call it outside any transaction that
 * may still roll back; it never throws (a failure is logged and the blobs stay).
 */
export async function removeUnreferencedBlobs(
  db: Executor,
  engine: Engine,
  store: FolderBlobStore,
  hashes: Iterable<string>,
  now = Date.now(),
): Promise<string[]> {
  const removed: string[] = [];
  for (const part of chunks([...new Set(hashes)].filter(isBlobHash), REMOVAL_CHUNK)) {
    try {
      await db.transaction().execute(async (trx) => {
        await lockBlobHashes(trx, engine, part);
        // Pins before references: a save pins before its file is in place and unpins only once
        // its record has committed, and it cannot pin while the lock is held here. So a hash found
        // unpinned is either named by the time the references are read or saved again only after
        // this transaction, file included.
        const pinned = await pinnedBlobHashes(trx, part, now);
        const free = part.filter((h) => !pinned.has(h));
        const named = free.length > 0 ? await referencedBlobHashes(trx, engine, free) : new Set<string>();
        for (const hash of free) if (!named.has(hash) && (await store.remove(hash))) removed.push(hash);
      });
    } catch (error) {
      store.log.warn({ hashes: part, error }, 'Unreferenced files were not removed from the store.');
    }
  }
  return removed;
}

/** Removes, of `hashes`, the blobs of the request's store that nothing holds or names any more. */
export async function removeUnreferencedFiles(
  ctx: RequestContext,
  hashes: readonly string[],
  storage: FileStorage | undefined = ctx.files,
): Promise<void> {
  if (!storage || hashes.length === 0) return;
  await removeUnreferencedBlobs(systemQuery(ctx.db, 'upkeep'), ctx.engine, storage.store, hashes);
}

/**
 * For records being deleted: drops the earlier versions of the documents among them, and once the
 * delete has committed, removes the blobs they and their versions named that nothing else names.
 */
export async function releaseDocumentFiles(ctx: RequestContext, rows: readonly EntityRow[]): Promise<void> {
  const documents = rows.filter((r) => ctx.schema.isA(r.typeId, sysType.document));
  if (documents.length === 0) return;
  const hashes = documents
    .map((r) => r.data[String(F.fileDataHash)])
    .filter((h): h is string => typeof h === 'string' && h !== '');
  const ids: EntityId[] = documents.map((r) => r.id);
  hashes.push(...(await deleteDocumentVersions(ctx, ids)));
  await afterCommit(ctx, (outer) => removeUnreferencedFiles(outer, hashes));
}
