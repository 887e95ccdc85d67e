import type { EntityId } from '@plinth/schema';
import { chunks, type Executor } from '../data/entityRepository.js';

interface DocumentVersionsTable {
  tenant_id: number;
  document_id: number;
  version_no: number;
  name: string;
  file_data_hash: string;
  file_extension: string;
  size: number;
  replaced_at: string;
  replaced_by: number | null;
}

/** An earlier file of a document. */
export interface DocumentVersion {
  version: number;
  name: string;
  hash: string;
  fileExtension: string;
  size: number;
  replacedAt: string;
}

const versions = (db: Executor) => db.withTables<{ document_versions: DocumentVersionsTable }>();

/** A document's earlier files, newest first. */
export async function selectDocumentVersions(
  db: Executor,
  tenantId: number,
  documentId: EntityId,
): Promise<DocumentVersion[]> {
  const rows = await versions(db)
    .selectFrom('document_versions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
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
export async function countDocumentVersions(db: Executor, tenantId: number, documentId: EntityId) {
  const row = await versions(db)
    .selectFrom('document_versions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertDocumentVersion(
  db: Executor,
  tenantId: number,
  documentId: EntityId,
  v: Omit<DocumentVersion, 'version'> & { version: number; replacedBy: EntityId },
): Promise<void> {
  await versions(db)
    .insertInto('document_versions')
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
  db: Executor,
  tenantId: number,
  documentIds: readonly EntityId[],
): Promise<string[]> {
  const hashes: string[] = [];
  for (const part of chunks(documentIds)) {
    const rows = await versions(db)
      .deleteFrom('document_versions')
      .where('tenant_id', '=', tenantId)
      .where('document_id', 'in', part)
      .returning('file_data_hash')
      .execute();
    for (const r of rows) hashes.push(r.file_data_hash);
  }
  return hashes;
}
