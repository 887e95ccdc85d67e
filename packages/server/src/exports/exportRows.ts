import type { ReportQuery, ReportRunResponse, ReportValueType, StoredExportQuery } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type LoadedReport, maxReportPageSize, runReport } from '../reports/runReport.js';
import { dropControlCharacters } from './neutraliseCell.js';

/** A column of the file: the report's visible columns, in report order. */
export interface ExportColumn {
  id: string;
  title: string;
  type: ReportValueType;
  /** Decimal places of Decimal and Currency columns. */
  places?: number;
}

/**
 * One cell of the file, typed so each writer can render it natively. Only `number` cells are
 * written as numbers, and only genuine numbers of numeric columns become `number` cells: anything
 * else is `text` and goes through neutraliseCell in every writer.
 */
export type ExportCell =
  | null
  | { kind: 'number'; value: number }
  | { kind: 'bool'; value: boolean }
  /** 'yyyy-MM-dd' */
  | { kind: 'date'; value: string }
  /** ISO instant, UTC */
  | { kind: 'dateTime'; value: string }
  /** 'HH:mm:ss' */
  | { kind: 'time'; value: string }
  | { kind: 'text'; value: string };

const numericTypes = new Set<ReportValueType>(['Int32', 'Decimal', 'Currency', 'AutoNumber']);
const plainDecimal = /^-?\d{1,15}(\.\d{1,15})?$/;

type Cell = ReportRunResponse['gdata'][number]['values'][number];

/** A report cell as a file cell of its column's type. */
export function exportCell(column: ExportColumn, cell: Cell | undefined): ExportCell {
  if (!cell) return null;
  if ('vals' in cell) {
    const names = cell.vals.map((v) => v.val ?? '').filter((n) => n !== '');
    return names.length === 0 ? null : { kind: 'text', value: dropControlCharacters(names.join(', ')) };
  }
  const v = cell.val;
  if (v === null || v === undefined) return null;
  // The value as its field shows it (an auto-number's display pattern, decision 0023) is text.
  if (typeof cell.text === 'string') return { kind: 'text', value: dropControlCharacters(cell.text) };
  if (numericTypes.has(column.type)) {
    if (typeof v === 'number' && Number.isFinite(v)) return { kind: 'number', value: v };
    // A plain decimal stored as text (an import may leave one) is a number too; anything else is text.
    if (typeof v === 'string' && plainDecimal.test(v)) return { kind: 'number', value: Number(v) };
  }
  if (typeof v === 'boolean' && column.type === 'Bool') return { kind: 'bool', value: v };
  if (typeof v === 'string') {
    if (column.type === 'Date' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return { kind: 'date', value: v };
    if (column.type === 'DateTime' && !Number.isNaN(Date.parse(v)) && /^\d{4}-/.test(v))
      return { kind: 'dateTime', value: new Date(v).toISOString() };
    if (column.type === 'Time' && /^\d{2}:\d{2}(:\d{2})?$/.test(v))
      return { kind: 'time', value: v.length === 5 ? `${v}:00` : v };
  }
  return { kind: 'text', value: dropControlCharacters(String(v)) };
}

export interface ExportRowSource {
  title: string;
  columns: ExportColumn[];
  /** Pages of rows in report order; the first was read before this source was answered. */
  pages: AsyncGenerator<ExportCell[][]>;
  /** Set once the pages are read when rows past `maxRows` were left out. */
  truncated: boolean;
}

export interface ExportRowOptions {
  /** Rows per report page (at most the report maximum, 1000). */
  pageSize?: number;
  /** Stops after this many rows (Word's cap, Excel's sheet limit). */
  maxRows?: number;
  /** Called after each page is read (tests watch the streaming with it). */
  onPage?: (index: number, rows: number) => void;
}

/**
 * Reads a report for export page by page under the caller's permissions, so the file holds
 * exactly the rows and columns the caller may read and memory stays bounded by one page. Groups
 * and aggregates are not exported: the rows come in the grouped report's order (group keys first),
 * and no group or total query is run per page. The first page is read here, so a bad query fails
 * before any byte of the file is sent.
 *
 * Each page continues after the last row's sort keys and id (a keyset cursor), or by offset where
 * the order cannot be sought (decision 0024).
 */
export async function exportRows(
  ctx: RequestContext,
  report: LoadedReport,
  stored: StoredExportQuery,
  options: ExportRowOptions = {},
): Promise<ExportRowSource> {
  const def = report.definition;
  const pageSize = Math.max(1, Math.min(options.pageSize ?? maxReportPageSize, maxReportPageSize));
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const reset = stored.isReset === true;
  // The sort the report would show (runReport's rule: group keys, then one sort when grouped).
  const requested =
    !reset && stored.sort ? stored.sort : def.sorts.map((s) => ({ colid: s.columnId, order: s.order }));
  const groupSorts = def.groups.map((g) => ({ colid: g.columnId, order: g.order }));
  const sort = [
    ...groupSorts,
    ...(groupSorts.length > 0 ? requested.slice(0, 1) : requested).filter(
      (s) => !groupSorts.some((g) => g.colid === s.colid),
    ),
  ];
  const flat: LoadedReport = {
    ...report,
    definition: { ...def, groups: [], aggregates: [], showGrandTotals: false },
  };
  const base: ReportQuery = {
    startIndex: 0,
    pageSize,
    metadata: 'none',
    usage: 'Default',
    sort,
    ...(reset
      ? {}
      : {
          conds: stored.conds,
          quickSearch: stored.quickSearch,
          limitOperator: stored.limitOperator,
          limitValue: stored.limitValue,
        }),
    relationDetail: stored.relationDetail,
    entityTypeId: stored.entityTypeId,
  };

  const first = await runReport(ctx, flat, { ...base, metadata: 'basic' }, { keyset: {} });
  const rcols = first.meta?.rcols ?? {};
  const all = Object.entries(rcols)
    .map(([id, c]) => ({ id, ...c }))
    .sort((a, b) => a.ord - b.ord);
  const columns: ExportColumn[] = all
    .filter((c) => !c.hide)
    .map((c) => ({
      id: c.id,
      title: dropControlCharacters(c.title),
      type: c.type,
      ...(c.places === undefined ? {} : { places: c.places }),
    }));
  const positions = columns.map((c) => all.findIndex((a) => a.id === c.id));
  const toRows = (page: ReportRunResponse) =>
    page.gdata.map((row) => columns.map((c, i) => exportCell(c, row.values[positions[i]!])));

  const source: ExportRowSource = {
    title: dropControlCharacters(report.title),
    columns,
    pages: pages(),
    truncated: false,
  };
  async function* pages(): AsyncGenerator<ExportCell[][]> {
    let page = first;
    // undefined: the order cannot be sought, and pages are read by offset.
    let cursor = first.cursor;
    let index = 0;
    let sent = 0;
    for (;;) {
      options.onPage?.(index, page.gdata.length);
      if (sent >= maxRows) {
        source.truncated = page.gdata.length > 0;
        return;
      }
      const rows = toRows(page);
      const room = maxRows - sent;
      const out = rows.length > room ? rows.slice(0, room) : rows;
      sent += out.length;
      if (out.length < rows.length) source.truncated = true;
      if (out.length > 0) yield out;
      if (page.gdata.length < pageSize || source.truncated) return;
      index += 1;
      // SQLite answers without leaving the event loop: without a turn between pages, an export
      // would hold other requests, and its own response's writes, until the file is done.
      await new Promise((resolve) => setImmediate(resolve));
      page = await runReport(
        ctx,
        flat,
        {
          ...base,
          // The rows read before: the offset, or with a cursor what the result limit counts.
          startIndex: index * pageSize,
          // Past the cap, one row is enough to learn whether rows were left out.
          pageSize: sent >= maxRows ? 1 : pageSize,
        },
        cursor ? { keyset: { after: cursor } } : {},
      );
      cursor = cursor && page.cursor;
    }
  }
  return source;
}
