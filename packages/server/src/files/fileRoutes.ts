import multipart from '@fastify/multipart';
import {
  type DocumentInfo,
  documentInfo,
  documentTypesResponse,
  documentVersionsResponse,
  fileDownloadQuery,
  imageQuery,
  relatedDocumentsQuery,
  relatedDocumentsResponse,
  uploadDocumentQuery,
} from '@plinth/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { etagOf, readIfMatch } from '../entities/recordVersions.js';
import { AppError } from '../http/errors.js';
import { idParams } from '../http/pathParams.js';
import { singleFileUpload } from '../http/singleFileUpload.js';
import type { Services } from '../services.js';
import type { FileStorage } from './BlobStore.js';
import {
  type DocumentFileInfo,
  findDocumentFile,
  listDocumentVersions,
  listRelatedDocuments,
  openDocumentFile,
  readDocument,
  replaceDocument,
  uploadDocument,
} from './documentService.js';
import { listDocumentTypes } from './documentTypes.js';
import { fileMessages } from './fileMessages.js';
import { contentDisposition } from './fileNames.js';
import { fileEtag, headLength, matchesIfNoneMatch, peekStream, servingOf } from './fileServing.js';

const uploadMessages = {
  notMultipart: fileMessages.notMultipart,
  noFile: fileMessages.missingFile,
  oneFileOnly: fileMessages.oneFileOnly,
};

const tags = ['files'];

/**
 * Documents and their files (spec 02 §7 "Download file", "Preview file", "Replace document",
 * "Document upload"): upload and replace as multipart, download as an attachment, preview inline
 * and images — every file answer with nosniff and a CSP, sandboxed unless it is a PDF shown inline
 * whose bytes are a PDF (fileServing.ts). See docs/decisions/0012.
 */
export async function fileRoutes(api: FastifyInstance, services: Services) {
  // Registered here only, so the other routes keep refusing multipart bodies with 415.
  await api.register(async (app) => {
    // Two files, not one: a second file must reach the route to be refused, not silently dropped.
    await app.register(multipart, { limits: { files: 2, fields: 10, fieldSize: 1000, parts: 20 } });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const storage = (): FileStorage => {
      if (!services.files) throw new AppError('unavailable', fileMessages.notConfigured);
      return services.files;
    };

    r.get(
      '/spapi/data/v2/document/types',
      { schema: { tags, summary: 'List the document file types', response: { 200: documentTypesResponse } } },
      async (request) => ({ documentTypes: await listDocumentTypes(request.ctx.db, request.ctx.tenantId) }),
    );

    r.get(
      '/spapi/data/v2/document/related',
      {
        schema: {
          tags,
          summary:
            "A record's related documents through one relationship end, and whether the caller may upload",
          querystring: relatedDocumentsQuery,
          response: { 200: relatedDocumentsResponse },
        },
      },
      async (request) => listRelatedDocuments(request.ctx, request.query),
    );

    r.get(
      '/spapi/data/v2/document/:id',
      {
        schema: {
          tags,
          summary: "Read a document; its ETag is the record's version, which a replace sends back",
          params: idParams,
          response: { 200: documentInfo },
        },
      },
      async (request, reply) => withEtag(reply, await readDocument(request.ctx, request.params.id)),
    );

    r.get(
      '/spapi/data/v2/document/:id/versions',
      {
        schema: {
          tags,
          summary: "List a document's earlier files",
          params: idParams,
          response: { 200: documentVersionsResponse },
        },
      },
      async (request) => listDocumentVersions(request.ctx, request.params.id),
    );

    r.post(
      '/spapi/data/v2/document',
      {
        schema: {
          tags,
          summary: 'Upload a file as a new document (multipart/form-data, one file part)',
          querystring: uploadDocumentQuery,
          response: { 200: documentInfo },
        },
      },
      async (request, reply) => {
        const files = storage();
        return withEtag(
          reply,
          await uploadDocument(
            request.ctx,
            files,
            await singleFileUpload(request, files.maxUploadBytes, uploadMessages),
            request.query,
          ),
        );
      },
    );

    r.post(
      '/spapi/data/v2/document/:id/replace',
      {
        schema: {
          tags,
          summary:
            "Replace a document's file with a new version (multipart/form-data, one file part); If-Match carries the version read (its ETag)",
          params: idParams,
          response: { 200: documentInfo },
        },
      },
      async (request, reply) => {
        const files = storage();
        const ifMatch = readIfMatch(request.headers['if-match']);
        return withEtag(
          reply,
          await replaceDocument(
            request.ctx,
            files,
            request.params.id,
            await singleFileUpload(request, files.maxUploadBytes, uploadMessages),
            ifMatch,
          ),
        );
      },
    );

    r.get(
      '/spapi/data/v2/file/:id',
      {
        schema: {
          tags,
          summary: "Download a document's file (inline=1 to show it in the browser)",
          params: idParams,
          querystring: fileDownloadQuery,
        },
      },
      async (request, reply) => {
        const inline = request.query.inline === '1' || request.query.inline === 'true';
        const files = storage();
        const file = await findDocumentFile(request.ctx, request.params.id, request.query.version);
        return sendFile(request, reply, files, file, inline ? 'inline' : 'attachment');
      },
    );

    r.get(
      '/spapi/data/v2/image/:id',
      {
        schema: {
          tags,
          summary: 'An image document, for thumbnails (small) and full size',
          params: idParams,
          querystring: imageQuery,
        },
      },
      async (request, reply) => {
        const files = storage();
        const file = await findDocumentFile(request.ctx, request.params.id);
        if (!file.mimeType.startsWith('image/')) throw new AppError('not_found', fileMessages.notAnImage);
        // Both sizes serve the stored bytes: thumbnails are 32x32 and the browser scales them (decision 0012).
        return sendFile(request, reply, files, file, 'inline');
      },
    );
  });
}

/** A document's answer carries its record's version as ETag (decision 0032). */
function withEtag(reply: FastifyReply, document: DocumentInfo): DocumentInfo {
  reply.header('etag', etagOf(document.recordVersion));
  return document;
}

/**
 * Answers with a document's file. A revalidation of the answer the browser has (If-None-Match)
 * gets 304 before the file is opened: the ETag follows from what the record says, and the browser
 * keeps the headers of the answer it cached (RFC 9110 §15.4.5).
 */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  info: DocumentFileInfo,
  disposition: 'attachment' | 'inline',
) {
  const etag = fileEtag(info);
  const cacheable = () =>
    reply
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-cache')
      .header('ETag', etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return cacheable().status(304).send();
  // Opened only now, so a lost file's 404 carries no ETag to be revalidated with.
  const file = await openDocumentFile(storage, info);
  // The first bytes decide what the browser may render (a PDF, an image).
  const { head, content } = await peekStream(file.content, headLength);
  const served = servingOf(file.mimeType, head, disposition);
  return cacheable()
    .header('Content-Type', served.contentType)
    .header('Content-Disposition', contentDisposition(served.disposition, file.fileName))
    .header('Content-Security-Policy', served.contentSecurityPolicy)
    .header('Content-Length', file.size)
    .send(content);
}
