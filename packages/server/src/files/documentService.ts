import type { Readable } from 'node:stream';
import {
  type DocumentInfo,
  type DocumentVersionsResponse,
  type EntityId,
  sysField as F,
  type RelatedDocumentsQuery,
  type RelatedDocumentsResponse,
  relatedDocumentsLimit,
  sysRel,
  sysType,
  type UploadDocumentQuery,
} from '@plinth/schema';
import { permittedIds } from '../access/rowChecks.js';
import type { RequestContext } from '../context.js';
import { type EntityRow, lockEntities, selectLinks } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { tenantScope } from '../data/tenantScope.js';
import { type PutOptions, putEntities } from '../entities/putEntities.js';
import { type IfMatch, meetsIfMatch, staleRecord, versionRequired } from '../entities/recordVersions.js';
import { inTransaction } from '../entities/transaction.js';
import { AppError, badRequest, forbidden, notFound } from '../http/errors.js';
import type { FileStorage, PinnedBlob, StoredBlob } from './BlobStore.js';
import { pinBlob } from './blobPins.js';
import { fallbackMimeType } from './documentFileTypes.js';
import { type DocumentTypeInfo, listDocumentTypes, matchDocumentType } from './documentTypes.js';
import { countDocumentVersions, insertDocumentVersion, selectDocumentVersions } from './documentVersions.js';
import { isProgram, keepingHead } from './fileContent.js';
import { fileMessages } from './fileMessages.js';
import { documentNameOf, downloadNameOf, extensionOf } from './fileNames.js';
import { removeUnreferencedFiles } from './unreferencedBlobs.js';

/** A file part of an upload: the name the browser sent and its content, not yet read. */
export interface IncomingFile {
  fileName: string | undefined;
  content: Readable;
  /** True once the content has stopped short at the upload size limit. */
  isTruncated?: () => boolean;
  /** Refuses the upload (throws) when more follows the file, e.g. a second file. */
  checkRest?: () => Promise<void>;
}

/** A document's file as its record (or an earlier version) describes it: known without reading it. */
export interface DocumentFileInfo {
  fileName: string;
  mimeType: string;
  /** The stored content's address, its SHA-256. */
  hash: string;
}

/** What a download streams. */
export interface DocumentFile extends DocumentFileInfo {
  size: number;
  content: Readable;
}

/** Reads a document record the caller may read; anything else (missing, another tenant's, not a document) is 404. */
async function readableDocument(ctx: RequestContext, id: EntityId): Promise<EntityRow> {
  const [row] = await tenantScope(ctx).readRecords([id]);
  if (!row || !ctx.schema.isA(row.typeId, sysType.document)) throw notFound(fileMessages.documentNotFound);
  return row;
}

/**
 * Checks the incoming file's name and extension against the tenant's document types. On refusal the
 * rest of the upload is drained, so the answer is not held up by an unread body.
 */
async function checkedFile(ctx: RequestContext, file: IncomingFile) {
  const name = documentNameOf(file.fileName);
  const types = name ? await listDocumentTypes(ctx.db, ctx.tenantId) : [];
  const type = name ? matchDocumentType(types, extensionOf(name)) : undefined;
  if (!name || !type) {
    file.content.resume();
    throw badRequest(
      name ? fileMessages.unknownExtension(types.flatMap((t) => t.extensions)) : fileMessages.missingFileName,
    );
  }
  return { name, type, extension: extensionOf(name)! };
}

/**
 * Stores the file, refusing (and keeping nothing of) a cut-off upload, a second file or a program.
 * The blob comes back pinned for every process (decision 0057) until its release.
 */
async function store(ctx: RequestContext, storage: FileStorage, file: IncomingFile): Promise<PinnedBlob> {
  const content = keepingHead(file.content);
  try {
    return await storage.store.save(content.stream, {
      check: async () => {
        if (file.isTruncated?.())
          throw new AppError('payload_too_large', fileMessages.tooLarge(storage.maxUploadBytes));
        await file.checkRest?.();
        if (isProgram(content.head())) throw badRequest(fileMessages.contentNotAllowed);
      },
      hold: (hash) => pinBlob(systemQuery(ctx.db, 'upkeep'), ctx.engine, hash, storage.store.log),
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', fileMessages.tooLarge(storage.maxUploadBytes));
    throw error;
  }
}

/**
 * Runs the write that names a just-stored blob, keeping the blob pinned until it has committed (the
 * callers run outside any transaction, so `work` commits before it returns). When the write fails
 * the blob is removed unless something else names the same content (decision 0029).
 */
async function namingBlob<T>(
  ctx: RequestContext,
  storage: FileStorage,
  blob: PinnedBlob,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await blob.release();
    await removeUnreferencedFiles(ctx, [blob.hash], storage);
    throw error;
  } finally {
    await blob.release();
  }
}

/** The relationship key that links a new document to the host record of a related-documents report. */
function linkKey(ctx: RequestContext, link: UploadDocumentQuery): string {
  const rel = link.relid === undefined ? undefined : ctx.schema.relationship(link.relid);
  if (!rel) throw badRequest(fileMessages.unknownRelationship);
  // 'fwd': the host is on the relationship's from side, so the document is on its to side.
  const documentSide = link.direction === 'fwd' ? rel.toTypeId : rel.fromTypeId;
  if (!ctx.schema.isA(sysType.document, documentSide))
    throw badRequest(fileMessages.relationshipNotToDocuments);
  return link.direction === 'fwd' ? `#${rel.id}:rev` : `#${rel.id}:fwd`;
}

/**
 * Stores an uploaded file and creates its document record (name, extension, size, hash and the
 * document type matched from the extension), linked to a host record when the upload names one.
 */
export async function uploadDocument(
  ctx: RequestContext,
  storage: FileStorage,
  file: IncomingFile,
  link: UploadDocumentQuery = { direction: 'fwd' },
): Promise<DocumentInfo> {
  const hasLink = link.eid !== undefined || link.relid !== undefined;
  try {
    if (!ctx.perms.canCreateType(sysType.document)) throw forbidden();
    if (hasLink) {
      if (link.eid === undefined) throw badRequest(fileMessages.linkNeedsRecord);
      linkKey(ctx, link);
      const [host] = await tenantScope(ctx).readRecords([link.eid]);
      if (!host) throw notFound();
      // Linking a document to a record changes the record's documents: it needs modify on it.
      if (!(await canModifyRecord(ctx, host))) throw forbidden();
    }
  } catch (error) {
    file.content.resume();
    throw error;
  }
  const { name, type, extension } = await checkedFile(ctx, file);
  const blob = await store(ctx, storage, file);
  const put = await namingBlob(ctx, storage, blob, () =>
    putEntities(
      ctx,
      {
        entities: [
          {
            id: 'new:document',
            typeId: sysType.document,
            fields: documentFields(name, extension, blob),
            relationships: {
              [`#${sysRel.documentFileType}`]: { set: [type.id] },
              ...(hasLink ? { [linkKey(ctx, link)]: { add: [link.eid!] } } : {}),
            },
          },
        ],
        deleted: [],
      },
      fileFields,
    ),
  );
  return readDocument(ctx, put.ids['new:document']!);
}

/** The fields that describe a document's file, which only this service writes. */
const fileFields: PutOptions = { serverFields: new Set([F.fileDataHash, F.fileExtension, F.fileSize]) };

function documentFields(name: string, extension: string, blob: StoredBlob) {
  return {
    [`#${F.name}`]: name,
    [`#${F.fileDataHash}`]: blob.hash,
    [`#${F.fileExtension}`]: extension,
    [`#${F.fileSize}`]: blob.size,
  };
}

/**
 * Replaces a document's file: the file it had becomes a numbered earlier version, and the record
 * takes the new file's name, extension, size, hash and document type. Needs modify permission and
 * the record version the caller read (`ifMatch`, decision 0032): without it the replace is refused
 * (428), and a record changed since — another file, a new name — is refused naming it (412), both
 * before the file is stored, and again under the record's lock once it is.
 */
export async function replaceDocument(
  ctx: RequestContext,
  storage: FileStorage,
  documentId: EntityId,
  file: IncomingFile,
  ifMatch: IfMatch | undefined,
): Promise<DocumentInfo> {
  let before: EntityRow;
  try {
    before = await readableDocument(ctx, documentId);
    if (!(await canModifyRecord(ctx, before))) throw forbidden();
    if (!ifMatch) throw versionRequired();
    if (!meetsIfMatch(ifMatch, before.version)) throw staleRecord(before);
  } catch (error) {
    file.content.resume();
    throw error;
  }
  const { name, type, extension } = await checkedFile(ctx, file);
  const blob = await store(ctx, storage, file);
  await namingBlob(ctx, storage, blob, () =>
    inTransaction(ctx, async (tx) => {
      // Two replaces of one document take turns, so each numbers its earlier version in order.
      await lockEntities(tx.db, tx.engine, tx.tenantId, [documentId]);
      const current = await readableDocument(tx, documentId);
      if (!meetsIfMatch(ifMatch, current.version)) throw staleRecord(current);
      const earlier = await countDocumentVersions(tx, documentId);
      const hash = current.data[F.fileDataHash];
      if (typeof hash === 'string' && hash !== '') {
        await insertDocumentVersion(tx.db, tx.tenantId, documentId, {
          version: earlier + 1,
          name: current.name ?? '',
          hash,
          fileExtension: String(current.data[F.fileExtension] ?? ''),
          size: Number(current.data[F.fileSize] ?? 0),
          replacedAt: tx.clock.now().toISOString(),
          replacedBy: tx.actor.userId,
        });
      }
      await putEntities(
        tx,
        {
          entities: [
            {
              id: documentId,
              version: current.version,
              fields: documentFields(name, extension, blob),
              relationships: { [`#${sysRel.documentFileType}`]: { set: [type.id] } },
            },
          ],
          deleted: [],
        },
        fileFields,
      );
    }),
  );
  return readDocument(ctx, documentId);
}

async function documentTypeOf(ctx: RequestContext, id: EntityId): Promise<DocumentTypeInfo | null> {
  const [link] = await selectLinks(ctx.db, ctx.tenantId, sysRel.documentFileType, 'fwd', [id]);
  if (!link) return null;
  return (await listDocumentTypes(ctx.db, ctx.tenantId)).find((t) => t.id === link.toId) ?? null;
}

/** A document the caller may read, with its type, size and current version number. */
export async function readDocument(ctx: RequestContext, id: EntityId): Promise<DocumentInfo> {
  return describeDocument(ctx, await readableDocument(ctx, id));
}

/**
 * The documents a record relates to through one relationship end, those the caller may read, by
 * name (the first `relatedDocumentsLimit`). A host record the caller cannot read is 404, as a
 * missing one; a relationship that does not join the host's type to documents is 400.
 */
export async function listRelatedDocuments(
  ctx: RequestContext,
  query: RelatedDocumentsQuery,
): Promise<RelatedDocumentsResponse> {
  const rel = ctx.schema.relationship(query.relid);
  if (!rel) throw badRequest(fileMessages.unknownRelationship);
  const documentSide = query.direction === 'fwd' ? rel.toTypeId : rel.fromTypeId;
  // An end to a type derived from documents lists them too; an upload (a plain document) cannot go there.
  const takesUploads = ctx.schema.isA(sysType.document, documentSide);
  if (!takesUploads && !ctx.schema.isA(documentSide, sysType.document))
    throw badRequest(fileMessages.relationshipNotToDocuments);
  const [host] = await tenantScope(ctx).readRecords([query.eid]);
  if (!host) throw notFound();
  const hostSide = query.direction === 'fwd' ? rel.fromTypeId : rel.toTypeId;
  if (!ctx.schema.isA(host.typeId, hostSide)) throw badRequest(fileMessages.relationshipNotOfRecord);
  const links = await selectLinks(ctx.db, ctx.tenantId, rel.id, query.direction, [host.id]);
  const related = links.map((l) => (query.direction === 'fwd' ? l.toId : l.fromId));
  const rows = (await tenantScope(ctx).readRecords(related))
    .filter((r) => ctx.schema.isA(r.typeId, sysType.document))
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.id - b.id);
  const documents: DocumentInfo[] = [];
  for (const row of rows.slice(0, relatedDocumentsLimit)) documents.push(await describeDocument(ctx, row));
  const canUpload =
    takesUploads && ctx.perms.canCreateType(sysType.document) && (await canModifyRecord(ctx, host));
  return { documents, total: rows.length, canUpload };
}

async function describeDocument(ctx: RequestContext, row: EntityRow): Promise<DocumentInfo> {
  const id = row.id;
  const size = Number(row.data[F.fileSize] ?? 0);
  const extension = row.data[F.fileExtension];
  return {
    id: row.id,
    name: row.name ?? '',
    fileExtension: typeof extension === 'string' && extension !== '' ? extension : null,
    size: Number.isFinite(size) && size >= 0 ? Math.floor(size) : 0,
    documentType: await documentTypeOf(ctx, id),
    version: (await countDocumentVersions(ctx, id)) + 1,
    recordVersion: row.version,
    canModify: await canModifyRecord(ctx, row),
  };
}

/** A document's current version number and its earlier files, newest first. */
export async function listDocumentVersions(
  ctx: RequestContext,
  id: EntityId,
): Promise<DocumentVersionsResponse> {
  await readableDocument(ctx, id);
  const versions = await selectDocumentVersions(ctx, id);
  return {
    current: versions.length + 1,
    versions: versions.map(({ hash: _hash, ...v }) => v),
  };
}

/** The file of a document the caller may read (an earlier version when asked for one). */
export async function findDocumentFile(
  ctx: RequestContext,
  id: EntityId,
  version?: number,
): Promise<DocumentFileInfo> {
  const row = await readableDocument(ctx, id);
  let name = row.name;
  let extension = typeof row.data[F.fileExtension] === 'string' ? String(row.data[F.fileExtension]) : null;
  let hash = typeof row.data[F.fileDataHash] === 'string' ? String(row.data[F.fileDataHash]) : '';
  const current = (await countDocumentVersions(ctx, id)) + 1;
  if (version !== undefined && version !== current) {
    const earlier = (await selectDocumentVersions(ctx, id)).find((v) => v.version === version);
    if (!earlier) throw notFound(fileMessages.versionNotFound);
    ({ name, hash } = earlier);
    extension = earlier.fileExtension;
  }
  const types = await listDocumentTypes(ctx.db, ctx.tenantId);
  return {
    fileName: downloadNameOf(name, extension),
    mimeType: matchDocumentType(types, extension ?? undefined)?.mimeType ?? fallbackMimeType,
    hash,
  };
}

/** Opens the stored content of a document's file; 404 when the store has lost it. */
export async function openDocumentFile(storage: FileStorage, file: DocumentFileInfo): Promise<DocumentFile> {
  const blob = await storage.store.open(file.hash);
  if (!blob) throw notFound(fileMessages.contentMissing);
  return { ...file, size: blob.size, content: blob.stream };
}

/** Modify permission on a record (a document, a document's host), from type-level rules or a rule's calculation. */
async function canModifyRecord(ctx: RequestContext, row: EntityRow): Promise<boolean> {
  return (await permittedIds(ctx, 'modify', [row])).has(row.id);
}
