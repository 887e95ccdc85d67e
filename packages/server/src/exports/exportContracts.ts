import { idOrAlias, reportQuery } from '@plinth/schema';
import { z } from 'zod';
import { exportFormats } from './exportFormats.js';

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
