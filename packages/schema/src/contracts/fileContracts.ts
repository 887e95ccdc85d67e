import { z } from 'zod';
import { entityId } from './common.js';

/** A document file type (spec 02 §3): matched from an uploaded file's extension. */
export const documentTypeInfo = z.object({
  id: entityId,
  name: z.string(),
  mimeType: z.string(),
  /** The type's own extension, lower-case without the dot. */
  extension: z.string(),
  /** Every extension the type covers, its own first. */
  extensions: z.array(z.string()),
  /** The type's icon name, or null. */
  icon: z.string().nullable(),
});
export type DocumentTypeInfo = z.infer<typeof documentTypeInfo>;

export const documentTypesResponse = z.object({ documentTypes: z.array(documentTypeInfo) });
export type DocumentTypesResponse = z.infer<typeof documentTypesResponse>;

/** A document record as the replace dialog and the file cells read it (spec 02 §3 "Document"). */
export const documentInfo = z.object({
  id: entityId,
  name: z.string(),
  fileExtension: z.string().nullable(),
  /** Size of the newest file in bytes. */
  size: z.number().int().nonnegative(),
  documentType: documentTypeInfo.nullable(),
  /** 1 for the first file; each replace adds one. */
  version: z.number().int().positive(),
  /**
   * The document record's version (decision 0032; its ETag): a replace sends it back in If-Match,
   * so a file replaced or a record changed by someone else since is not overwritten unseen.
   */
  recordVersion: z.number().int().positive(),
  canModify: z.boolean(),
});
export type DocumentInfo = z.infer<typeof documentInfo>;

/** An earlier file of a replaced document. */
export const documentVersionInfo = z.object({
  version: z.number().int().positive(),
  name: z.string(),
  fileExtension: z.string(),
  size: z.number().int().nonnegative(),
  replacedAt: z.string(),
});
export type DocumentVersionInfo = z.infer<typeof documentVersionInfo>;

export const documentVersionsResponse = z.object({
  /** The current file's version number. */
  current: z.number().int().positive(),
  /** Earlier files, newest first. */
  versions: z.array(documentVersionInfo),
});
export type DocumentVersionsResponse = z.infer<typeof documentVersionsResponse>;

/**
 * Where a new document is linked on upload, as a report of documents related to a record asks for
 * them (the report query's relationDetail): record `eid` relates to the documents through `relid`,
 * from its side when `direction` is 'fwd'.
 */
export const uploadDocumentQuery = z
  .object({
    eid: z.coerce.number().int().positive().optional(),
    relid: z.coerce.number().int().positive().optional(),
    direction: z.enum(['fwd', 'rev']).default('fwd'),
  })
  .strict();
export type UploadDocumentQuery = z.infer<typeof uploadDocumentQuery>;

/**
 * A record's related documents, as a record form's documents control lists them: record `eid`
 * relates to them through `relid`, from its side when `direction` is 'fwd'.
 */
export const relatedDocumentsQuery = z
  .object({
    eid: z.coerce.number().int().positive(),
    relid: z.coerce.number().int().positive(),
    direction: z.enum(['fwd', 'rev']).default('fwd'),
  })
  .strict();
export type RelatedDocumentsQuery = z.infer<typeof relatedDocumentsQuery>;

/** How many related documents one answer lists at most (by name); `total` counts them all. */
export const relatedDocumentsLimit = 200;

export const relatedDocumentsResponse = z.object({
  /** The documents the caller may read, by name. */
  documents: z.array(documentInfo),
  /** How many of them there are, past the limit too. */
  total: z.number().int().nonnegative(),
  /** Whether the caller may upload a document here: create documents (spec 03 §6), modify the record. */
  canUpload: z.boolean(),
});
export type RelatedDocumentsResponse = z.infer<typeof relatedDocumentsResponse>;

/** Query of a file download: `inline=1` shows it in the browser instead of saving it. */
export const fileDownloadQuery = z
  .object({
    inline: z.enum(['0', '1', 'true', 'false']).optional(),
    /** An earlier version's number; the newest file when absent. */
    version: z.coerce.number().int().positive().optional(),
  })
  .strict();

export const imageQuery = z.object({ size: z.enum(['small', 'full']).default('full') }).strict();

/** The file address paths, relative to the app's base path. */
export const filePaths = {
  file: (id: number) => `/spapi/data/v2/file/${id}`,
  inlineFile: (id: number) => `/spapi/data/v2/file/${id}?inline=1`,
  image: (id: number, size: 'small' | 'full' = 'full') => `/spapi/data/v2/image/${id}?size=${size}`,
  upload: '/spapi/data/v2/document',
  replace: (id: number) => `/spapi/data/v2/document/${id}/replace`,
  document: (id: number) => `/spapi/data/v2/document/${id}`,
  documentTypes: '/spapi/data/v2/document/types',
  versions: (id: number) => `/spapi/data/v2/document/${id}/versions`,
  related: (eid: number, relid: number, direction: 'fwd' | 'rev') =>
    `/spapi/data/v2/document/related?eid=${eid}&relid=${relid}&direction=${direction}`,
} as const;
