import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { AppError, badRequest } from '../http/errors.js';
import { csvLimits, importMessages } from './importMessages.js';

/**
 * A file's bytes as text (decision 0103): UTF-8 (a BOM is dropped), UTF-16 with its BOM, and —
 * what Excel on Windows saves as "CSV" — Windows-1252 when the bytes are not UTF-8. A file with NUL
 * bytes outside UTF-16 is not text and is refused; no encoding makes the import crash.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  if (bytes.length === 0) throw badRequest(importMessages.empty);
  const decode = (label: string, fatal: boolean, from = 0) =>
    new TextDecoder(label, { fatal, ignoreBOM: true }).decode(bytes.subarray(from));
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = decode('utf-16le', false, 2);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = decode('utf-16be', false, 2);
  else {
    const from = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    if (bytes.subarray(from).includes(0)) throw badRequest(importMessages.notCsv);
    try {
      text = decode('utf-8', true, from);
    } catch {
      text = decode('windows-1252', false, from);
    }
  }
  if (text.includes('\u0000')) throw badRequest(importMessages.notCsv);
  if (text.trim() === '') throw badRequest(importMessages.empty);
  return text;
}

/**
 * The file's delimiter: of comma, semicolon (Excel's in locales that write decimal commas) and tab,
 * the one the header line holds most of outside quotes; comma when it holds none.
 */
export function csvDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length && i < 65_536; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c as keyof typeof counts]++;
  }
  const best = (Object.entries(counts) as Array<[keyof typeof counts, number]>).sort(
    (a, b) => b[1] - a[1],
  )[0]!;
  return best[1] === 0 ? ',' : best[0];
}

/** One row of the file: its first line (the header is line 1) and its cells. */
export interface CsvRow {
  line: number;
  cells: string[];
}

/**
 * The file's records, read as a stream by csv-parse: the header first, then each row with the
 * line it starts on. Blank lines are skipped. Malformed CSV (a quote never closed) is a 400 naming
 * the line; more columns or rows than the limits allow are refused as soon as they are seen.
 */
export async function* csvRecords(text: string): AsyncGenerator<CsvRow> {
  const parser = Readable.from(chunksOf(text)).pipe(
    parse({
      delimiter: csvDelimiter(text),
      info: true,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      max_record_size: 1024 * 1024,
    }),
  );
  // Lines are counted from the cells: csv-parse counts a CR LF inside quotes as two.
  let nextLine = 1;
  let rows = 0;
  try {
    for await (const { record } of parser as AsyncIterable<{ record: string[] }>) {
      const line = nextLine;
      nextLine += 1 + record.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
      if (record.every((cell) => cell.trim() === '')) continue;
      if (record.length > csvLimits.maxColumns)
        throw badRequest(importMessages.tooManyColumns(record.length));
      if (++rows > csvLimits.maxRows + 1) throw badRequest(importMessages.tooManyRows);
      yield { line, cells: record };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError) {
      const at = Number((error as CsvError & { lines?: number }).lines ?? nextLine);
      throw badRequest(importMessages.badCsv(at, error.message.replace(/^[^:]*:\s*/, '')));
    }
    throw error;
  } finally {
    parser.destroy();
  }
}

/**
 * The rows under the header, counted quickly from the line breaks outside quotes (blank lines left
 * out): what the import's progress counts towards, before the file is parsed.
 */
export function countRows(text: string): number {
  let rows = 0;
  let quoted = false;
  let hasContent = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      quoted = !quoted;
      hasContent = true;
    } else if (!quoted && (c === 10 || c === 13)) {
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      if (hasContent) rows++;
      hasContent = false;
    } else if (c !== 32 && c !== 9) hasContent = true;
  }
  if (hasContent) rows++;
  return Math.max(0, rows - 1);
}

/** The text in parts, so the parser works through a large file as a stream. */
function* chunksOf(text: string, size = 64 * 1024): Generator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}
