import {
  type CsvColumnFieldType,
  type CsvUploadResponse,
  type FieldDef,
  storageKindOf,
  sysType,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { AppError, badRequest } from '../http/errors.js';
import type { SingleFileUpload } from '../http/singleFileUpload.js';
import { readTenantSettings } from '../settings/tenantSettings.js';
import { type CellReader, cellReader } from './cellValues.js';
import { csvRecords, decodeCsvBytes } from './csvText.js';
import { storeUpload } from './csvUploads.js';
import { csvLimits, importMessages } from './importMessages.js';
import { importableType } from './importPlan.js';
import { describeTargets, importTargets, proposeMapping } from './importTargets.js';

/** An uploaded file part: its name, its bytes as a stream, and whether the size limit cut it. */
/** The CSV file of an upload, as the route read it. */
export type IncomingCsv = SingleFileUpload;

const guessedRows = 1000;

/** Names and types that say a file is not a CSV file, before its bytes are read. */
const notCsvName = /\.(xlsx|xlsm|xls|ods|numbers|pdf|docx?|zip|gz|png|jpe?g|gif|json|xml)$/i;
const notCsvType = /^(image|audio|video)\/|^application\/(pdf|zip|gzip|json|xml|vnd\.openxmlformats)/;

/**
 * Reads an uploaded CSV file for an import into a type (or, without one, for a new type made from
 * its header): the bytes up to the limit, decoded, then the records streamed through the parser
 * to count the rows, keep the first ones and guess each column's type. The file is kept for the
 * next steps (csvUploads); the answer proposes a mapping by name.
 */
export async function uploadCsv(
  ctx: RequestContext,
  typeId: number | undefined,
  file: IncomingCsv,
): Promise<CsvUploadResponse> {
  if (typeId === undefined) {
    if (!ctx.actor.isAdmin) throw new AppError('forbidden', importMessages.notAdmin);
  } else importableType(ctx, typeId);
  if (notCsvName.test(file.fileName) || notCsvType.test(file.mimeType)) {
    file.content.resume();
    throw badRequest(importMessages.notCsv);
  }
  const bytes = await readAll(file);
  await file.checkRest();
  // A zip (xlsx, ods) or PDF renamed .csv.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x25, 0x50, 0x44, 0x46]))
    throw badRequest(importMessages.notCsv);
  const text = decodeCsvBytes(bytes);
  const read = cellReader(await readTenantSettings(ctx.db, ctx.tenantId));
  let columns: string[] | undefined;
  const sampleRows: string[][] = [];
  let rowCount = 0;
  let guesses: TypeGuess[] = [];
  for await (const row of csvRecords(text)) {
    if (!columns) {
      columns = row.cells.map((c, i) => c.trim() || `Column ${i + 1}`);
      guesses = columns.map(() => new TypeGuess(read));
      continue;
    }
    rowCount++;
    if (sampleRows.length < csvLimits.previewRows) sampleRows.push(row.cells.slice(0, columns.length));
    // The first thousand rows say enough of a column's type.
    if (rowCount <= guessedRows) for (const [i, guess] of guesses.entries()) guess.see(row.cells[i] ?? '');
  }
  if (!columns) throw badRequest(importMessages.empty);
  if (rowCount === 0) throw badRequest(importMessages.noRows);
  const uploadId = await storeUpload(ctx, file.fileName, text);
  const targets = typeId === undefined ? [] : importTargets(ctx.schema, typeId);
  return {
    uploadId,
    fileName: file.fileName,
    columns,
    rowCount,
    sampleRows,
    targets: describeTargets(targets),
    mapping: typeId === undefined ? columns.map(() => null) : proposeMapping(targets, columns),
    guessedTypes: guesses.map((g) => g.type()),
  };
}

async function readAll(file: IncomingCsv): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.content) {
    parts.push(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  if (file.isTruncated() || size > csvLimits.maxBytes)
    throw new AppError('payload_too_large', importMessages.tooLarge);
  return Buffer.concat(parts, size);
}

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/** A column's type as its non-empty cells suggest, read as the import would read them. */
class TypeGuess {
  private seen = 0;
  private readonly fits = new Map<CsvColumnFieldType, boolean>([
    ['Boolean', true],
    ['Number', true],
    ['Decimal', true],
    ['Date', true],
    ['DateTime', true],
  ]);
  constructor(private readonly read: CellReader) {}

  see(cell: string) {
    const text = cell.trim();
    if (text === '') return;
    this.seen++;
    for (const [type, fits] of this.fits) {
      if (!fits) continue;
      // 1 and 0 read as Yes/No too; a column of them is a number.
      const ok =
        type === 'Boolean' ? /^(yes|no|true|false|y|n)$/i.test(text) : this.read(probe(type), text).ok;
      if (!ok) this.fits.set(type, false);
    }
  }

  /** The first that fits every cell of Yes/No, Number, Decimal, Date, Date and Time; else Text. */
  type(): CsvColumnFieldType {
    if (this.seen === 0) return 'Text';
    for (const [type, fits] of this.fits) if (fits) return type;
    return 'Text';
  }
}

/** A field of a type with no bounds of its own, to read a cell as that type would. */
function probe(type: CsvColumnFieldType): FieldDef {
  return {
    id: 0,
    name: type,
    scriptName: type,
    type,
    storage: storageKindOf(type),
    typeId: sysType.resource,
    isRequired: false,
    isReadOnly: false,
  };
}
