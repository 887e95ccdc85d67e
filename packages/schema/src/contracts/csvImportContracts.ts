import { z } from 'zod';
import { entityId } from './common.js';

/** The field types a column of a new Object made from a CSV file may get (decision 0104). */
export const csvColumnFieldTypes = ['Text', 'Number', 'Decimal', 'Date', 'DateTime', 'Boolean'] as const;
export type CsvColumnFieldType = (typeof csvColumnFieldTypes)[number];

/**
 * Where a column's values go: a member key of the type (a field's or a single-valued
 * relationship's script name, as a put names it), or null when the column is not imported.
 */
export const csvMapping = z.array(z.string().max(200).nullable()).max(500);

/** A field or a to-one relationship a column may be imported into. */
export const csvImportTarget = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['field', 'lookup', 'choice']),
  /** The field type, or for a lookup or choice the related Object's name. */
  detail: z.string(),
  isRequired: z.boolean(),
});
export type CsvImportTarget = z.infer<typeof csvImportTarget>;

/** `POST /spapi/data/v1/import/upload?typeId=` (multipart, one file part): the file read. */
export const csvUploadResponse = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  columns: z.array(z.string()),
  rowCount: z.number(),
  /** The first rows as read, for the mapping step and for guessing a new Object's field types. */
  sampleRows: z.array(z.array(z.string())),
  /** The type's importable members (empty without a typeId) and the proposed mapping. */
  targets: z.array(csvImportTarget),
  mapping: csvMapping,
  /** A guessed field type per column, for a new Object made from the file's header. */
  guessedTypes: z.array(z.enum(csvColumnFieldTypes)),
});
export type CsvUploadResponse = z.infer<typeof csvUploadResponse>;

export const csvImportQuery = z.object({ typeId: z.coerce.number().int().positive().optional() });

/** The mapping and the lines (of the file, the header being line 1) the user left out. */
export const csvImportRequest = z.object({
  uploadId: z.string().max(100),
  typeId: entityId,
  mapping: csvMapping,
  excludedLines: z.array(z.number().int().positive()).max(1_000_000).default([]),
});
export type CsvImportRequest = z.infer<typeof csvImportRequest>;

/** One row's problem: its line in the file and the messages of its cells. */
export const csvRowProblem = z.object({
  line: z.number(),
  messages: z.array(z.object({ column: z.string().nullable(), message: z.string() })),
});
export type CsvRowProblem = z.infer<typeof csvRowProblem>;

/** `POST /spapi/data/v1/import/preview`: the first rows as they would be stored, and every bad row. */
export const csvPreviewResponse = z.object({
  rows: z.array(
    z.object({
      line: z.number(),
      cells: z.array(z.string()),
      isExcluded: z.boolean(),
      messages: z.array(z.object({ column: z.string().nullable(), message: z.string() })),
    }),
  ),
  rowCount: z.number(),
  importableCount: z.number(),
  excludedCount: z.number(),
  /** The bad rows not excluded, by line; at most the first 1,000 (badRowCount counts all). */
  badRows: z.array(csvRowProblem),
  badRowCount: z.number(),
  /** Problems of the mapping itself (a required field no column fills, a column mapped twice). */
  mappingProblems: z.array(z.string()),
});
export type CsvPreviewResponse = z.infer<typeof csvPreviewResponse>;

/**
 * `POST /spapi/data/v1/import/run` answers a stream of JSON lines (application/x-ndjson): progress
 * lines, then one result line.
 */
export const csvImportEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('progress'), done: z.number(), total: z.number() }),
  z.object({ kind: z.literal('imported'), count: z.number(), typeId: entityId, seconds: z.number() }),
  z.object({
    kind: z.literal('refused'),
    message: z.string(),
    badRows: z.array(csvRowProblem),
    badRowCount: z.number(),
  }),
]);
export type CsvImportEvent = z.infer<typeof csvImportEvent>;

/** `POST /spapi/data/v1/import/newType`: an Object made from a file's header, a field per column. */
export const csvNewTypeRequest = z.object({
  uploadId: z.string().max(100),
  name: z.string().trim().min(1).max(100),
  /** Per column: the field's name and type, or null for a column left out. */
  columns: z
    .array(
      z
        .object({ name: z.string().trim().min(1).max(100), fieldType: z.enum(csvColumnFieldTypes) })
        .nullable(),
    )
    .max(500),
  /** The column whose values become the records' names (the Name field), if any. */
  nameColumn: z.number().int().min(0).nullable(),
});
export type CsvNewTypeRequest = z.infer<typeof csvNewTypeRequest>;

export const csvNewTypeResponse = z.object({
  typeId: entityId,
  /** The new type's importable members, and the file's columns mapped onto its new fields. */
  targets: z.array(csvImportTarget),
  mapping: csvMapping,
});
export type CsvNewTypeResponse = z.infer<typeof csvNewTypeResponse>;
