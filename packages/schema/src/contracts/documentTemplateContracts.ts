import { z } from 'zod';
import { entityId } from './common.js';

/**
 * "Export document from template" (spec 02 §7: record id, template id):
 * `POST /spapi/data/v1/document/generate` answers the template's Word file with its merge fields
 * filled from the record, as an attachment (decision 0129).
 */
export const generateDocumentRequest = z
  .object({
    /** The record whose values fill the merge fields. */
    recordId: entityId,
    /** The document template (core:documentTemplate). */
    templateId: entityId,
  })
  .strict();
export type GenerateDocumentRequest = z.infer<typeof generateDocumentRequest>;

/**
 * The answer's header naming the merge fields the template has that name nothing on the record's
 * type, each percent-encoded, joined by ', '; absent when every field was known. Such a field keeps
 * a visible «Name» in the document.
 */
export const unknownMergeFieldsHeader = 'x-unknown-merge-fields';

/** The content type of a generated Word document. */
export const docxMimeType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A document template as the admin area lists it. */
export const documentTemplateInfo = z.object({
  id: entityId,
  name: z.string(),
  /** The Object whose records (and its derived Objects' records) the template is for. */
  typeId: entityId.nullable(),
  typeName: z.string().nullable(),
  /** The Word document it fills; null when that document is gone. */
  documentId: entityId.nullable(),
  documentName: z.string().nullable(),
  canModify: z.boolean(),
  canDelete: z.boolean(),
});
export type DocumentTemplateInfo = z.infer<typeof documentTemplateInfo>;

/**
 * `GET /spapi/data/v1/document/templates`: the templates the caller may read, by name, and the
 * Objects a new template may be for.
 */
export const documentTemplatesResponse = z.object({
  templates: z.array(documentTemplateInfo),
  types: z.array(z.object({ id: entityId, name: z.string() })),
});
export type DocumentTemplatesResponse = z.infer<typeof documentTemplatesResponse>;
