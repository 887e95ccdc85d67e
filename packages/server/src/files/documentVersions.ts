import type { EntityId } from '@plinth/schema';
import { chunks } from '../data/entityRepository.js';
import type { CallerHandle } from '../data/executor.js';
import { insertInto, type ScopeCaller, tenantScope } from '../data/tenantScope.js';

/** An earlier file of a document. */
export interface DocumentVersion {
  version: number;
  name: string;
  hash: string;
  fileExtension: string;
  size: number;
  replacedAt: string;
}

/** A document's earlier files, newest first. */
export async function selectDocumentVersions(
  caller: ScopeCaller,
  documentId: EntityId,
): Promise<DocumentVersion[]> {
  const rows = await tenantScope(caller)
    .selectFrom('document_versions')
    .selectAll()
    .where('document_id', '=', documentId)
    .orderBy('version_no', 'desc')
    .execute();
  return rows.map((r) => ({
    version: Number(r.version_no),
    name: r.name,
    hash: r.file_data_hash,
    fileExtension: r.file_extension,
    size: Number(r.size),
    replacedAt: r.replaced_at,
  }));
}

/** How many earlier files a document has; its current file's version is one more. */
export async function countDocumentVersions(caller: ScopeCaller, documentId: EntityId) {
  const row = await tenantScope(caller)
    .selectFrom('document_versions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertDocumentVersion(
  db: CallerHandle,
  tenantId: number,
  documentId: EntityId,
  v: Omit<DocumentVersion, 'version'> & { version: number; replacedBy: EntityId },
): Promise<void> {
  await insertInto(db, 'document_versions')
    .values({
      tenant_id: tenantId,
      document_id: documentId,
      version_no: v.version,
      name: v.name,
      file_data_hash: v.hash,
      file_extension: v.fileExtension,
      size: v.size,
      replaced_at: v.replacedAt,
      replaced_by: v.replacedBy,
    })
    .execute();
}

/** Deletes the earlier files of documents (being deleted) and answers the hashes they named. */
export async function deleteDocumentVersions(
  caller: ScopeCaller,
  documentIds: readonly EntityId[],
): Promise<string[]> {
  const hashes: string[] = [];
  for (const part of chunks(documentIds)) {
    const rows = await tenantScope(caller)
      .deleteFrom('document_versions')
      .where('document_id', 'in', part)
      .returning('file_data_hash')
      .execute();
    for (const r of rows) hashes.push(r.file_data_hash);
  }
  return hashes;
}
