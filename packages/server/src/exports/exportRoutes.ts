import { downloadParams, exportParams, exportRequest, exportResult } from '@plinth/schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from '../http/errors.js';
import { attachmentHeader } from './exportFormats.js';
import {
  downloadExport,
  type ExportFile,
  exportFormatOf,
  exportInfoMissing,
  fileTokenMissing,
  startExport,
} from './exportService.js';

const tags = ['reports'];
const downloadPath = '/spapi/data/v2/report/export/download';

/**
 * Report export (spec 02 §7, spec 03 §7): the export call answers a token, the download call
 * streams the file for it. See docs/decisions/0008-report-export.md.
 */
export async function exportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/spapi/data/v2/report/export/:reportId/:format',
    {
      schema: {
        tags,
        summary: "Export a report's rows: answers a token to download the file with (15 minutes, once)",
        params: exportParams,
        body: exportRequest.nullish(),
        response: { 200: exportResult },
      },
    },
    async (request) => {
      const format = exportFormatOf(request.params.format);
      if (request.body === null || request.body === undefined) throw badRequest(exportInfoMissing);
      return startExport(request.ctx, request.params.reportId, format, request.body);
    },
  );

  const download = async (
    params: z.infer<typeof downloadParams>,
    ctx: Parameters<typeof downloadExport>[0],
    reply: FastifyReply,
  ) => {
    const token = params.token?.trim();
    if (!token) throw badRequest(fileTokenMissing);
    const file = await downloadExport(ctx, token, params.third);
    return sendFile(reply, file);
  };
  // The file name and format parts are optional: the token alone names the file.
  for (const path of [
    downloadPath,
    `${downloadPath}/:token`,
    `${downloadPath}/:token/:fileName`,
    `${downloadPath}/:token/:fileName/:third`,
  ]) {
    r.get(
      path,
      {
        // A HEAD must not use up the token.
        exposeHeadRoute: false,
        schema: {
          tags,
          summary: 'Download an exported report file',
          hide: path !== `${downloadPath}/:token/:fileName/:third`,
          params: downloadParams,
        },
      },
      async (request, reply) => download(request.params, request.ctx, reply),
    );
  }
}

function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', attachmentHeader(file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'no-store')
    .send(file.body);
}
