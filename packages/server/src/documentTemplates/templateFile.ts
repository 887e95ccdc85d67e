import type { Readable } from 'node:stream';
import { sysField as F, sysType } from '@plinth/schema';
import type { EntityRow } from '../data/entityRepository.js';
import type { FileStorage } from '../files/BlobStore.js';
import { badRequest, notFound } from '../http/errors.js';
import { templateMessages } from './templateMessages.js';

/** The most a template's Word file is read into memory for (uploads are smaller still). */
const maxTemplateBytes = 64 * 1_048_576;

/**
 * The bytes of a template's Word document: a document record whose file is a .docx. Refused (400)
 * when the record is not such a document; 404 when the store has lost its file.
 */
export async function readTemplateFile(
  storage: FileStorage,
  document: EntityRow | undefined,
): Promise<Buffer> {
  const hash = document?.data[F.fileDataHash];
  if (!document || typeof hash !== 'string') throw badRequest(templateMessages.noDocument);
  if (document.data[F.fileExtension] !== 'docx')
    throw badRequest(templateMessages.notDocxDocument(document.name ?? ''));
  const blob = await storage.store.open(hash);
  if (!blob) throw notFound(templateMessages.fileMissing);
  if (blob.size > maxTemplateBytes) {
    blob.stream.destroy();
    throw badRequest(templateMessages.tooLarge);
  }
  return readAll(blob.stream);
}

/** Whether a record is a document (of any type derived from Document). */
export const isDocumentRow = (
  schema: { isA(typeId: number, baseId: number): boolean },
  row: EntityRow | undefined,
): row is EntityRow => row !== undefined && schema.isA(row.typeId, sysType.document);

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
