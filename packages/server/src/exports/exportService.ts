import { Readable } from 'node:stream';
import {
  type ExportFormat,
  type ExportRequest,
  exportFormats,
  type IdOrAlias,
  isExportFormat,
  type StoredExportQuery,
  storedExportQuery,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import { loadReport } from '../reports/runReport.js';
import { readTenantSettings } from '../settings/tenantSettings.js';
import { exportContentType, exportFileName } from './exportFormats.js';
import { maxDocxRows, maxXlsxRows } from './exportRowLimits.js';
import { type ExportRowOptions, exportRows } from './exportRows.js';
import { issueExportToken, takeExportToken } from './exportTokens.js';
import { writeCsv } from './writeCsv.js';

export const exportInfoMissing = 'Export information is not provided.';
export const fileTokenMissing = 'File token is not provided.';

/** The format named in an address, or a 400 naming the ones there are. */
export function exportFormatOf(text: string): ExportFormat {
  if (!isExportFormat(text)) {
    throw badRequest(
      `Unknown export format '${text.slice(0, 40)}'. Use one of: ${exportFormats.join(', ')}.`,
    );
  }
  return text;
}

/**
 * Starts an export: checks the caller may read the report and that the query runs (so a bad
 * query fails here, where the client shows 'Failed to export the report data.'), then stores the
 * query under a new token bound to the caller. The file itself is made at download time.
 */
export async function startExport(
  ctx: RequestContext,
  reportId: IdOrAlias,
  format: ExportFormat,
  request: ExportRequest,
): Promise<{ fileHash: string; format: ExportFormat }> {
  const { qsearch, type: _type, ...rest } = request;
  const query: StoredExportQuery = { ...rest, quickSearch: rest.quickSearch ?? qsearch };
  const report = await loadReport(ctx, { reportId });
  if (report.id === null) throw notFound();
  await exportRows(ctx, report, query, { pageSize: 1 });
  const fileHash = await issueExportToken(ctx, { reportId: report.id, format, query });
  return { fileHash, format };
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Readable | Buffer;
}

/**
 * Makes the file of a token for its owner: the report is run again, page by page, with the
 * caller's permissions of now, so the file holds exactly what they may read at download time.
 * Unknown, foreign, expired and used tokens, and a format other than the token's, are all 404.
 */
export async function downloadExport(
  ctx: RequestContext,
  token: string,
  formatText: string | undefined,
  options: ExportRowOptions = {},
): Promise<ExportFile> {
  const format = formatText === undefined || formatText === '' ? undefined : exportFormatOf(formatText);
  const ticket = await takeExportToken(ctx, token, format);
  if (!ticket) throw notFound();
  const parsed = storedExportQuery.safeParse(ticket.query);
  if (!parsed.success) throw notFound();
  const report = await loadReport(ctx, { reportId: ticket.reportId });
  const cap = { word: maxDocxRows, excel: maxXlsxRows, csv: Number.POSITIVE_INFINITY }[ticket.format];
  const source = await exportRows(ctx, report, parsed.data, {
    ...options,
    maxRows: Math.min(cap, options.maxRows ?? cap),
  });
  const file = {
    fileName: exportFileName(source.title, ticket.format),
    contentType: exportContentType[ticket.format],
  };
  switch (ticket.format) {
    case 'csv':
      // Byte mode: the next page is read only when the answer has taken the last (not 16 pages ahead).
      return {
        ...file,
        body: Readable.from(writeCsv(source), { objectMode: false, highWaterMark: 16 * 1024 }),
      };
    // Loaded on first use: exceljs and docx hold some 10 MB of heap a server rarely needs (decision 0134).
    case 'excel': {
      const settings = await readTenantSettings(ctx.db, ctx.tenantId);
      const { writeXlsx } = await import('./writeXlsx.js');
      return { ...file, body: writeXlsx(source, settings.timeZone) };
    }
    case 'word': {
      const { writeDocx } = await import('./writeDocx.js');
      return { ...file, body: await writeDocx(source) };
    }
  }
}
