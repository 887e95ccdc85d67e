import { sysField as F, sysType } from '@plinth/schema';
import { selectEntities } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import type { MemberError } from '../entities/relationshipChanges.js';
import type { SystemTypeBehaviour } from '../entities/systemTypeBehaviour.js';
import { AppError } from '../http/errors.js';
import { DocxError, openDocx } from './docxPackage.js';
import { isDocumentRow, readTemplateFile } from './templateFile.js';
import { templateMessages } from './templateMessages.js';
import { templateLinks } from './templateRecords.js';

/**
 * Document templates (decision 0129): every written template names the Object it is for and a
 * Word document (.docx) that opens as one, so a template that could never fill is refused when it
 * is saved rather than when someone first uses it.
 */
export const documentTemplateTypeBehaviour: SystemTypeBehaviour = {
  name: 'document templates',
  typeIds: [sysType.documentTemplate],
  validate: async (ctx, records, refOf) => {
    const ids = records.map((r) => r.row.id);
    const links = await templateLinks(ctx.db, ctx.tenantId, ids);
    const documentIds = [...links.values()].flatMap((l) =>
      l.documentId === undefined ? [] : [l.documentId],
    );
    // The document is checked whatever the saver may read: a template must name one that fills.
    const db = systemQuery(ctx.db, 'write integrity');
    const documents = new Map(
      (await selectEntities(db, ctx.tenantId, documentIds)).map((row) => [row.id, row]),
    );
    const errors: MemberError[] = [];
    for (const id of ids) {
      const { typeId, documentId } = links.get(id)!;
      if (typeId === undefined || !ctx.schema.type(typeId))
        errors.push({ id: refOf(id), member: 'templateForType', message: templateMessages.noType });
      const document = documentId === undefined ? undefined : documents.get(documentId);
      const problem = await documentProblem(
        ctx.files,
        isDocumentRow(ctx.schema, document) ? document : undefined,
      );
      if (problem) errors.push({ id: refOf(id), member: 'templateDocument', message: problem });
    }
    return errors;
  },
};

/** Why a template's document cannot be filled, or null when it can (its file opens as a .docx). */
async function documentProblem(
  files: Parameters<typeof readTemplateFile>[0] | undefined,
  document: Parameters<typeof readTemplateFile>[1],
): Promise<string | null> {
  if (!document) return templateMessages.noDocument;
  if (document.data[F.fileExtension] !== 'docx') return templateMessages.notDocxDocument(document.name ?? '');
  if (!files) return null;
  try {
    openDocx(await readTemplateFile(files, document));
    return null;
  } catch (error) {
    if (error instanceof AppError || error instanceof DocxError) return error.message;
    throw error;
  }
}
