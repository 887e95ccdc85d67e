import {
  documentTemplatesResponse,
  docxMimeType,
  generateDocumentRequest,
  unknownMergeFieldsHeader,
} from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDisposition } from '../files/fileNames.js';
import { sandboxedPolicy } from '../files/fileServing.js';
import type { Services } from '../services.js';
import { generateDocument } from './generateDocument.js';
import { listDocumentTemplates } from './listDocumentTemplates.js';

const tags = ['documents'];

/** Document templates and the documents generated from them (spec 02 §7, decision 0129). */
export async function documentTemplateRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/spapi/data/v1/document/generate',
    {
      schema: {
        tags,
        summary:
          "Fill a Word template's merge fields from a record: answers the .docx as an attachment; x-unknown-merge-fields names the fields the record's type does not have",
        body: generateDocumentRequest,
      },
    },
    async (request, reply) => {
      const document = await generateDocument(request.ctx, services.files, request.body);
      if (document.unknownFields.length > 0)
        reply.header(unknownMergeFieldsHeader, document.unknownFields.map(encodeURIComponent).join(', '));
      return reply
        .header('Content-Type', docxMimeType)
        .header('Content-Disposition', contentDisposition('attachment', document.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', sandboxedPolicy)
        .header('Cache-Control', 'no-store')
        .send(document.content);
    },
  );

  r.get(
    '/spapi/data/v1/document/templates',
    {
      schema: {
        tags,
        summary: 'The document templates the caller may read, and the Objects a template may be for',
        response: { 200: documentTemplatesResponse },
      },
    },
    async (request) => listDocumentTemplates(request.ctx),
  );
}
