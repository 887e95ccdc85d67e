import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isKnownTimeZone, wallClockAt } from '@plinth/schema';
import ExcelJS from 'exceljs';
import type { ExportCell, ExportColumn, ExportRowSource } from './exportRows.js';
import { neutraliseCell } from './neutraliseCell.js';

/** Excel refuses a cell holding more text than this. */
const maxCellText = 32_767;

/**
 * The report as an .xlsx workbook, written by exceljs's streaming WorkbookWriter one page at a
 * time (no shared-strings table, so nothing grows with the row count), and read from the answer
 * as it is zipped. Text cells stay text — neutralised, never a formula —, numbers of numeric
 * columns are numbers, yes/no are booleans, dates are Excel dates ('yyyy-mm-dd'), date-times are
 * Excel date-times in the tenant's time zone (Excel has no zones) and times are Excel times.
 */
export function writeXlsx(source: ExportRowSource, timeZone: string): Readable {
  const out = new PassThrough();
  pump(source, timeZone, out).catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

async function pump(source: ExportRowSource, timeZone: string, out: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Plinth';
  const sheet = workbook.addWorksheet(sheetName(source.title), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = source.columns.map((c) => ({
    key: c.id,
    width: columnWidth(c),
    style: columnStyle(c),
  }));
  const header = sheet.addRow(source.columns.map((c) => neutraliseCell(c.title)));
  header.font = { bold: true };
  header.commit();
  const toLocal = wallClock(timeZone);
  for await (const page of source.pages) {
    for (const row of page) {
      sheet.addRow(row.map((cell) => xlsxValue(cell, toLocal))).commit();
    }
    // One turn of the event loop lets the page's bytes reach the answer (zipping is asynchronous;
    // SQLite queries are not, so without it a whole export could run before anything is sent),
    // and serves other requests in between. Then wait while the answer's buffers are full.
    await nextTurn();
    if (out.destroyed) return;
    if (out.writableNeedDrain) await drained(out);
    if (out.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}

type XlsxValue = string | number | boolean | Date | null;

function xlsxValue(cell: ExportCell, toLocal: (iso: string) => Date): XlsxValue {
  if (cell === null) return null;
  switch (cell.kind) {
    case 'number':
    case 'bool':
      return cell.value;
    case 'date': {
      const d = new Date(`${cell.value}T00:00:00.000Z`);
      return excelDate(d) ?? cell.value;
    }
    case 'dateTime':
      return excelDate(toLocal(cell.value)) ?? cell.value;
    case 'time': {
      const [h, m, s] = cell.value.split(':').map(Number);
      return ((h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0)) / 86_400;
    }
    case 'text':
      return neutraliseCell(cell.value).slice(0, maxCellText);
  }
}

/** Excel's serial dates start in 1900; earlier ones are written as their ISO text. */
function excelDate(d: Date): Date | undefined {
  return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1900 ? undefined : d;
}

/**
 * The wall-clock time of an instant in a time zone (the schema's one reader), as a Date whose UTC
 * fields hold it; an unknown zone writes UTC.
 */
function wallClock(timeZone: string): (iso: string) => Date {
  if (!isKnownTimeZone(timeZone)) return (iso) => new Date(iso);
  return (iso) => {
    const instant = new Date(iso);
    const c = wallClockAt(instant, timeZone);
    const local = new Date(0);
    local.setUTCFullYear(c.year, c.month - 1, c.day);
    local.setUTCHours(c.hour, c.minute, c.second, instant.getUTCMilliseconds());
    return local;
  };
}

function columnStyle(c: ExportColumn): Partial<ExcelJS.Style> {
  switch (c.type) {
    case 'Date':
      return { numFmt: 'yyyy-mm-dd' };
    case 'DateTime':
      return { numFmt: 'yyyy-mm-dd hh:mm:ss' };
    case 'Time':
      return { numFmt: 'hh:mm:ss' };
    case 'Decimal':
    case 'Currency': {
      const places = c.places ?? (c.type === 'Currency' ? 2 : 3);
      return { numFmt: places > 0 ? `#,##0.${'0'.repeat(Math.min(places, 10))}` : '#,##0' };
    }
    default:
      return {};
  }
}

function columnWidth(c: ExportColumn): number {
  const byType = c.type === 'DateTime' ? 20 : c.type === 'String' ? 30 : 14;
  return Math.min(60, Math.max(byType, c.title.length + 2));
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(title: string): string {
  const name = title
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .slice(0, 31)
    .trim();
  return name || 'Report';
}

/** Resolves when the stream wants more, or is closed (the download was abandoned). */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
