import { z } from 'zod';
import { idOrAlias } from './common.js';
import { reportQuery } from './reportContracts.js';

/** The export formats of spec 02 §3 (export action states excel, csv and word). */
export const exportFormats = ['excel', 'csv', 'word'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const isExportFormat = (value: string): value is ExportFormat =>
  (exportFormats as readonly string[]).includes(value);

export const exportExtension: Record<ExportFormat, string> = {
  excel: 'xlsx',
  csv: 'csv',
  word: 'docx',
};

/**
 * The report export request (spec 03 §3): the query the report is showing — sort, conditions,
 * quick search (`quickSearch`, or `qsearch` as spec 03 §7 names it), result limit and relationship
 * detail. `type` is the query type the client may send; the format in the path decides the file.
 * Paging fields are not part of it: an export holds every row of the query, from the first.
 */
export const exportRequest = reportQuery
  .pick({
    sort: true,
    conds: true,
    quickSearch: true,
    isReset: true,
    limitOperator: true,
    limitValue: true,
    relationDetail: true,
    entityTypeId: true,
  })
  .extend({
    qsearch: z.string().max(200).optional(),
    type: z.string().max(40).optional(),
  })
  .strict();
export type ExportRequest = z.infer<typeof exportRequest>;

/** `{a}/{b}` of spec 03 §7: the report and the format (docs/decisions/0008-report-export.md). */
export const exportParams = z.object({
  reportId: idOrAlias,
  format: z.string().max(40),
});

/** The export result of spec 02 §3: the download token and the format. */
export const exportResult = z.object({
  fileHash: z.string(),
  format: z.enum(exportFormats),
});
export type ExportResult = z.infer<typeof exportResult>;

/** The download address: the token, the file name (for the address only) and the format. */
export const downloadParams = z.object({
  token: z.string().max(200).optional(),
  fileName: z.string().max(1000).optional(),
  third: z.string().max(40).optional(),
});

/** The stored query of a token: what the report is run with at download time. */
export const storedExportQuery = exportRequest.omit({ qsearch: true, type: true });
export type StoredExportQuery = z.infer<typeof storedExportQuery>;

export const exportPath = (reportId: string | number, format: ExportFormat) =>
  `/spapi/data/v2/report/export/${encodeURIComponent(String(reportId))}/${format}`;

export const exportDownloadBasePath = '/spapi/data/v2/report/export/download';

/** The name an exported file is saved under: the report title with the format's extension. */
export function exportDownloadFileName(result: ExportResult, title: string): string {
  return `${title.trim() || 'Report'}.${exportExtension[result.format]}`;
}

/**
 * The address that downloads an exported file once: the token, a file name for the address (the
 * browser saves under the server's Content-Disposition name) and the format.
 *
 * @example exportDownloadPath({ fileHash: 'abc', format: 'csv' }, 'Open deals') // '/spapi/data/v2/report/export/download/abc/Open%20deals.csv/csv'
 */
export function exportDownloadPath(result: ExportResult, title: string): string {
  const name = exportDownloadFileName(result, title);
  return `${exportDownloadBasePath}/${encodeURIComponent(result.fileHash)}/${encodeURIComponent(name)}/${result.format}`;
}
