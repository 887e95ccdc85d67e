import type { EntityId, GenerateDocumentRequest } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { selectEntities } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { tenantScope } from '../data/tenantScope.js';
import { materialize } from '../entities/readEntities.js';
import type { FileStorage } from '../files/BlobStore.js';
import { documentNameOf, extensionOf } from '../files/fileNames.js';
import { AppError, badRequest, notFound } from '../http/errors.js';
import { readTenantSettings } from '../settings/tenantSettings.js';
import { DocxError, openDocx, packDocx, readPart, writePart } from './docxPackage.js';
import { fillMergeFields, mergeFieldsOf } from './mergeFields.js';
import { mergedText, unknownFieldMarker } from './mergeInstruction.js';
import { type MergePath, mergePathText, mergeQuery, resolveMergePath } from './mergeValues.js';
import { isDocumentRow, readTemplateFile } from './templateFile.js';
import { templateMessages } from './templateMessages.js';
import { readableTemplate, templateLinks } from './templateRecords.js';

/** A filled Word document, answered as an attachment. */
export interface GeneratedDocument {
  fileName: string;
  content: Buffer;
  /** The merge field names of the template that name nothing on the record's type, as written. */
  unknownFields: string[];
}

/**
 * "Export document from template" (spec 02 §7, decision 0129): the template's Word document with
 * its merge fields filled from the record and the records it relates to. The caller must be able
 * to read the record (else 404, as a missing one) and the template; the template's document is read
 * for it, as the template names it. The template must be for the record's type or a type it
 * derives from.
 */
export async function generateDocument(
  ctx: RequestContext,
  storage: FileStorage | undefined,
  request: GenerateDocumentRequest,
): Promise<GeneratedDocument> {
  const [record] = await tenantScope(ctx).readRecords([request.recordId]);
  if (!record) throw notFound(templateMessages.recordNotFound);
  const template = await readableTemplate(ctx, request.templateId);
  if (!template) throw notFound(templateMessages.templateNotFound);
  const { typeId, documentId } = (await templateLinks(ctx.db, ctx.tenantId, [template.id])).get(template.id)!;
  const templateName = template.name ?? '';
  if (typeId === undefined) throw badRequest(templateMessages.noType);
  if (!ctx.schema.isA(record.typeId, typeId)) {
    const name = (id: EntityId) => ctx.schema.type(id)?.name ?? String(id);
    throw badRequest(templateMessages.wrongType(templateName, name(typeId), name(record.typeId)));
  }
  if (documentId === undefined) throw badRequest(templateMessages.noDocument);
  if (!storage) throw new AppError('unavailable', templateMessages.filesUnavailable);

  const bytes = await templateFile(ctx, storage, documentId);
  const settings = await readTenantSettings(ctx.db, ctx.tenantId);
  return asBadRequest(async () => {
    const pkg = openDocx(bytes);
    const parts = pkg.textParts.map((name) => ({ name, nodes: readPart(pkg.entries.get(name)!) }));
    // Every name the template uses, resolved once (case-insensitively, as Word matches them).
    const paths = new Map<string, MergePath | undefined>();
    for (const part of parts)
      for (const { name } of mergeFieldsOf(part.nodes)) {
        const key = name.toLowerCase();
        if (!paths.has(key)) paths.set(key, resolveMergePath(ctx.schema, record.typeId, name));
      }
    const known = [...paths.values()].filter((p): p is MergePath => p !== undefined);
    const [values] = await materialize(ctx, [record], mergeQuery(known), false);
    const unknown = new Map<string, string>();
    for (const part of parts) {
      fillMergeFields(part.nodes, (instruction) => {
        const path = paths.get(instruction.name.toLowerCase());
        if (path) return mergedText(instruction, mergePathText(values!, path, settings));
        unknown.set(instruction.name.toLowerCase(), instruction.name);
        return unknownFieldMarker(instruction.name);
      });
      writePart(pkg, part.name, part.nodes);
    }
    return {
      fileName: generatedFileName(templateName, record.name),
      content: packDocx(pkg),
      unknownFields: [...unknown.values()],
    };
  });
}

/** Runs the work on the template's file, a file it cannot read refused as bad input. */
async function asBadRequest<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DocxError) throw badRequest(error.message);
    throw error;
  }
}

/**
 * The bytes of the template's Word document. The document is read for the caller as the template
 * names it: reading the template is what using it takes (decision 0129).
 */
async function templateFile(
  ctx: RequestContext,
  storage: FileStorage,
  documentId: EntityId,
): Promise<Buffer> {
  const db = systemQuery(ctx.db, 'named by a readable record');
  const [document] = await selectEntities(db, ctx.tenantId, [documentId]);
  return readTemplateFile(storage, isDocumentRow(ctx.schema, document) ? document : undefined);
}

/**
 * The name the document downloads under: the template's name and the record's, as a file name
 * every system keeps (no path or reserved characters), ending in .docx.
 */
export function generatedFileName(templateName: string, recordName: string | null): string {
  const base = [templateName, recordName ?? '']
    .map((part) =>
      part
        .replace(/[<>:"/\\|?*]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((part) => part !== '')
    .join(' - ');
  const name = documentNameOf(`${(base || 'Document').slice(0, 180)}.docx`) ?? 'Document.docx';
  return extensionOf(name) === 'docx' ? name : 'Document.docx';
}
