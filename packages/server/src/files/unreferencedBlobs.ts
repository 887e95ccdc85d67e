import { type EntityId, sysField as F, sysType } from '@plinth/schema';
import { sql } from 'kysely';
import type { RequestContext } from '../context.js';
import type { Engine } from '../db/tables.js';
import { chunks, type EntityRow, type Executor } from '../entities/entityRepository.js';
import { afterCommit } from '../entities/transaction.js';
import type { FileStorage } from './BlobStore.js';
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
    const records = await db
      .selectFrom('entities')
      .select(current.as('hash'))
      .where(current, 'in', part)
      .execute();
    for (const r of records) found.add(r.hash);
    const versions = await db
      .withTables<{ document_versions: { file_data_hash: string } }>()
      .selectFrom('document_versions')
      .select('file_data_hash')
      .where('file_data_hash', 'in', part)
      .execute();
    for (const v of versions) found.add(v.file_data_hash);
  }
  return found;
}

/**
 * Removes from the store the blobs among `hashes` that nothing names any more, checked now. Call it
 * outside any transaction that may still roll back; it never throws (the store logs failures).
 */
export async function removeUnreferencedBlobs(
  ctx: RequestContext,
  hashes: readonly string[],
  storage: FileStorage | undefined = ctx.files,
): Promise<void> {
  if (!storage || hashes.length === 0) return;
  await storage.store.removeUnreferenced(hashes, (candidates) =>
    referencedBlobHashes(ctx.db, ctx.engine, candidates),
  );
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
  hashes.push(...(await deleteDocumentVersions(ctx.db, ctx.tenantId, ids)));
  await afterCommit(ctx, (outer) => removeUnreferencedBlobs(outer, hashes));
}
