import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  type CsvImportEvent,
  csvImportQuery,
  csvImportRequest,
  csvNewTypeRequest,
  csvNewTypeResponse,
  csvPreviewResponse,
  csvUploadResponse,
} from '@plinth/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../http/errors.js';
import { singleFileUpload } from '../http/singleFileUpload.js';
import type { Services } from '../services.js';
import { csvLimits, importMessages } from './importMessages.js';
import { prepareImport, previewImport, runImport } from './runImport.js';
import { createTypeFromCsv } from './typeFromCsv.js';
import { uploadCsv } from './uploadCsv.js';

const tags = ['import'];
const base = '/spapi/data/v1/import';

/**
 * Importing records from a CSV file (issue 19, decision 0103): upload (multipart), a preview of a
 * mapping, the import itself answering a stream of progress lines, and a new Object made from the
 * file's header.
 */
export async function importRoutes(api: FastifyInstance, services: Services) {
  await api.register(async (app) => {
    // A second file must reach the route to be refused, not silently dropped.
    await app.register(multipart, { limits: { files: 2, fields: 10, fieldSize: 1000, parts: 20 } });
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      `${base}/upload`,
      {
        schema: {
          tags,
          summary: 'Upload a CSV file to import into a type (typeId), or to make a new type from (multipart)',
          querystring: csvImportQuery,
          response: { 200: csvUploadResponse },
        },
      },
      async (request) =>
        uploadCsv(
          request.ctx,
          request.query.typeId,
          await singleFileUpload(request, csvLimits.maxBytes, importMessages),
        ),
    );

    r.post(
      `${base}/preview`,
      {
        schema: {
          tags,
          summary: "An upload's first rows as a mapping would import them, and every bad row by line",
          body: csvImportRequest,
          response: { 200: csvPreviewResponse },
        },
      },
      async (request) => previewImport(request.ctx, request.body),
    );

    r.post(
      `${base}/newType`,
      {
        schema: {
          tags,
          summary: "Create a type from an upload's header, a field per column (administrators)",
          body: csvNewTypeRequest,
          response: { 200: csvNewTypeResponse },
        },
      },
      async (request) => createTypeFromCsv(request.ctx, request.body),
    );

    r.post(
      `${base}/run`,
      {
        // Each line is sent as it is written; a compressor would hold them back.
        compress: false,
        schema: {
          tags,
          summary:
            'Import an upload all or nothing; answers JSON lines (application/x-ndjson): progress, then the result',
          body: csvImportRequest,
        },
      },
      async (request, reply) => {
        const ctx = request.ctx;
        // Refusals of the request itself (access, a lost upload, a bad mapping) are HTTP errors.
        const prepared = await prepareImport(ctx, request.body);
        const out = new PassThrough();
        // Once the caller has gone the stream is destroyed: nothing more is written to it.
        out.on('error', () => undefined);
        const send = (event: CsvImportEvent) => {
          if (!out.destroyed && !out.writableEnded) out.write(`${JSON.stringify(event)}\n`);
        };
        // A caller that goes away stops the import, which then rolls back.
        const stop = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) stop.abort(new Error('The caller went away.'));
        });
        const work = async () => {
          try {
            const result = await runImport(ctx, prepared, {
              signal: stop.signal,
              onProgress: (done, total) => send({ kind: 'progress', done, total }),
            });
            send(result);
            if (result.kind === 'imported') void statisticsAfter(services, request);
          } catch (error) {
            if (!(error instanceof AppError)) request.log.error({ err: error }, 'CSV import failed');
            send({
              kind: 'refused',
              message: error instanceof AppError ? error.message : 'The import failed; nothing was imported.',
              badRows: [],
              badRowCount: 0,
            });
          } finally {
            out.end();
          }
        };
        void work();
        return reply
          .header('content-type', 'application/x-ndjson; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(out);
      },
    );
  });
}

/**
 * After a large write, the planner's statistics as the idle upkeep keeps them (decision 0044): its
 * look runs now rather than at its next tick, so the next report on the type plans with them.
 */
async function statisticsAfter(services: Services, request: FastifyRequest) {
  try {
    await services.upkeep?.runNow();
  } catch (error) {
    request.log.warn({ err: error }, 'Statistics upkeep after a CSV import failed');
  }
}
