import type { ReportRunResponse } from '@plinth/schema';
import { type GroupPosition, groupPositions, groupValueIndexes, rowGroupKey } from '../query/groupRows.js';
import { availablePagesCount, defaultPageSize } from '../query/paging.js';
import { buildReportQuery, readReportPage } from '../query/reportQuery.js';
import { isUnchangedValue, readCellValue } from '../query/inlineCellChange.js';
import type { CellEdit, InlineEditedRecord, InlineEditField, ReportRow, RowId } from '../types.js';
import type { DeleteItem } from './deleteMessages.js';
import type { FetchRequest, ReportContext, ReportMachineInput } from './reportMachineTypes.js';

/** The tenant settings used until (or when) the real ones cannot be read (spec 02 §8). */
export const defaultReportTenantSettings: ReportContext['tenantSettings'] = {
  currencySymbol: '$',
  nameFieldLabel: 'Name',
  timeZone: 'UTC',
  locale: 'en-AU',
  financialYearStartMonth: 7,
};

export function initialReportContext(input: ReportMachineInput): ReportContext {
  const pageSize =
    input.pageSize !== undefined && Number.isFinite(input.pageSize) && input.pageSize >= 1
      ? Math.floor(input.pageSize)
      : defaultPageSize;
  return {
    reportId: input.reportId,
    usage: input.usage ?? 'run',
    pageSize,
    doubleClickOpens: input.doubleClickOpens ?? 'viewForm',
    tenantSettings: defaultReportTenantSettings,
    meta: undefined,
    rows: [],
    groups: [],
    total: undefined,
    page: 1,
    firstRowIndex: 0,
    readEnd: 0,
    groupReads: {},
    availablePagesCount: 1,
    recordsCount: undefined,
    hasMore: false,
    totalItemsLoaded: 0,
    selectedIds: input.usage === 'picker' ? [...(input.selectedIds ?? [])] : [],
    searchValue: typeof input.view?.searchValue === 'string' ? input.view.searchValue : '',
    isSearchPending: false,
    sort: Array.isArray(input.view?.sort) ? [...input.view.sort] : undefined,
    isKeptView: input.view !== undefined,
    conds: Array.isArray(input.view?.conds) ? [...input.view.conds] : [],
    limitValue: input.view?.limitValue,
    mode: 'default',
    errorText: undefined,
    lastRefreshTime: undefined,
    quickMenu: undefined,
    isQuickMenuStale: false,
    reportEntity: undefined,
    isOfTypeRelationshipId: undefined,
    personDerivedTypeIds: [],
    fetchRequest: { startIndex: 0, pageSize, metadata: 'full', isReset: false, append: false },
    lastLoadMoreGroup: undefined,
    exportResult: undefined,
    openRowId: undefined,
    deleteIds: [],
    deleteDetails: undefined,
    inlineEditForm: undefined,
    inlineEditRowId: undefined,
    inlineEditEntities: {},
    editedRecords: {},
    savedIds: [],
    validationEntries: [],
    isSaving: false,
    saveResults: undefined,
    pendingEvent: undefined,
  };
}

/** The fetch of one page: build mode reads the columns only, never rows (spec 02 §1). */
export function pageFetch(
  context: ReportContext,
  page: number,
  options: { metadata?: FetchRequest['metadata']; isReset?: boolean } = {},
): FetchRequest {
  return {
    startIndex: (page - 1) * context.pageSize,
    pageSize: context.usage === 'build' ? 0 : context.pageSize,
    metadata: options.metadata ?? (context.meta ? 'none' : 'full'),
    isReset: options.isReset ?? false,
    append: false,
  };
}

/** The fetch that appends the rows after those read in the report's order (live scroll). */
export function appendFetch(context: ReportContext, pageSize: number): FetchRequest {
  return { startIndex: context.readEnd, pageSize, metadata: 'none', isReset: false, append: true };
}

/**
 * The index within a group of its first row after those loaded: the pages read cover the group
 * up to `readEnd` when they reach into it, and its own Load more may have read further. A group
 * the pages do not reach (before or after them) starts from its first row.
 */
function groupNext(context: ReportContext, key: string, position: GroupPosition): number {
  const end = position.start + position.count;
  const reached = Math.max(context.firstRowIndex, position.start) < Math.min(context.readEnd, end);
  const fromPages = reached ? Math.min(context.readEnd, end) - position.start : 0;
  return Math.max(fromPages, context.groupReads[key]?.next ?? 0);
}

function groupHasMoreAt(context: ReportContext, key: string, position: GroupPosition): boolean {
  return !context.groupReads[key]?.done && groupNext(context, key, position) < position.count;
}

/**
 * Whether a group's Load more can read more rows: the group's count is not reached and its last
 * read came with the extra row. Rows of a group the report sent no header for (past the most
 * groups a report answers) read on in the report's order, while the report has more.
 */
export function groupHasMore(context: ReportContext, key: string): boolean {
  if (context.usage === 'build') return false;
  const position = groupPositions(context.groups).get(key);
  return position ? groupHasMoreAt(context, key, position) : context.hasMore;
}

/** The last answer of `groupsWithMoreOf` by the rows it was worked out for. */
const groupsWithMoreMemo = new WeakMap<object, { inputs: unknown[]; keys: Set<string> }>();

/**
 * The keys of the groups whose Load more can read more rows (see `groupHasMore`); worked out again
 * only when the rows, groups or what was read change, not on every event.
 */
export function groupsWithMoreOf(context: ReportContext): Set<string> {
  const inputs = [
    context.groups,
    context.groupReads,
    context.meta,
    context.readEnd,
    context.firstRowIndex,
    context.hasMore,
    context.usage,
  ];
  const memo = groupsWithMoreMemo.get(context.rows);
  if (memo?.inputs.every((v, i) => v === inputs[i])) return memo.keys;
  const keys = new Set<string>();
  if (context.usage !== 'build') {
    const positions = groupPositions(context.groups);
    for (const [key, position] of positions) if (groupHasMoreAt(context, key, position)) keys.add(key);
    const indexes = groupValueIndexes(context.meta);
    if (context.hasMore && indexes.length > 0)
      for (const row of context.rows) {
        const key = rowGroupKey(row, indexes);
        if (!positions.has(key)) keys.add(key);
      }
  }
  groupsWithMoreMemo.set(context.rows, { inputs, keys });
  return keys;
}

/**
 * A group's Load more (spec 02 §4): the group's next `pageSize` rows after those loaded; undefined
 * for a group the report sent no header for.
 */
export function groupFetch(context: ReportContext, key: string, pageSize: number): FetchRequest | undefined {
  const position = groupPositions(context.groups).get(key);
  if (!position) return undefined;
  return {
    startIndex: 0,
    pageSize,
    metadata: 'none',
    isReset: false,
    append: true,
    group: { key, values: position.hdrs, startIndex: groupNext(context, key, position) },
  };
}

/**
 * Rows read in the report's order put in among the loaded ones by group: after the rows of their
 * group and of the groups before it, before those of later groups. Rows already loaded are not
 * repeated (a group's Load more may have read them before live scroll reaches them).
 */
function mergeRows(
  context: ReportContext,
  incoming: readonly ReportRow[],
  groups: ReportContext['groups'],
  meta: ReportContext['meta'],
): ReportRow[] {
  const loaded = new Set(context.rows.map((r) => r.eid));
  const fresh = incoming.filter((r) => !loaded.has(r.eid));
  const indexes = groupValueIndexes(meta);
  const positions = groupPositions(groups);
  if (indexes.length === 0 || positions.size === 0) return [...context.rows, ...fresh];
  const order = (row: ReportRow) =>
    positions.get(rowGroupKey(row, indexes))?.index ?? Number.POSITIVE_INFINITY;
  const rows: ReportRow[] = [];
  let i = 0;
  for (const row of fresh) {
    const o = order(row);
    while (i < context.rows.length && order(context.rows[i] as ReportRow) <= o)
      rows.push(context.rows[i++] as ReportRow);
    rows.push(row);
  }
  rows.push(...context.rows.slice(i));
  return rows;
}

/** The report query of the context's next fetch. */
export function queryOf(context: ReportContext, request: FetchRequest = context.fetchRequest) {
  return buildReportQuery({
    startIndex: request.startIndex,
    pageSize: request.pageSize,
    searchValue: context.searchValue,
    sort: request.isReset ? undefined : context.sort,
    conds: request.isReset ? [] : context.conds,
    limitValue: request.isReset ? undefined : context.limitValue,
    metadata: request.metadata,
    isReset: request.isReset,
    group: request.group,
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The text shown when a report answer is not the report call's shape. */
export const unreadableAnswerText = 'The report data could not be read.';

/**
 * Reads what the host's report fetch answered: rows that are not `{ eid, values }` are dropped;
 * an answer without rows is not an answer.
 */
export function asReportAnswer(output: unknown): ReportRunResponse | undefined {
  if (!isObject(output) || !Array.isArray(output.gdata)) return undefined;
  const gdata = output.gdata.filter(
    (r): r is ReportRunResponse['gdata'][number] =>
      isObject(r) && typeof r.eid === 'number' && Number.isFinite(r.eid) && Array.isArray(r.values),
  );
  return {
    ...(output as unknown as ReportRunResponse),
    gdata,
    ...(Array.isArray(output.rdata) ? {} : { rdata: undefined }),
    ...(isObject(output.meta) && isObject(output.meta.rcols) ? {} : { meta: undefined }),
  };
}

/**
 * The context after a report answer: rows replaced, or put in among the loaded ones (live scroll,
 * a group's Load more), counters and pages derived.
 */
export function withReportAnswer(context: ReportContext, output: unknown): Partial<ReportContext> {
  const answer = asReportAnswer(output);
  if (!answer) return { errorText: unreadableAnswerText };
  const request = context.fetchRequest;
  const page = readReportPage(answer, { startIndex: request.startIndex, pageSize: request.pageSize + 1 });
  const meta = answer.meta ?? context.meta;
  const groups = answer.rdata ?? (request.append ? context.groups : []);
  const answered = {
    meta,
    groups,
    lastRefreshTime: typeof answer.lrt === 'string' ? answer.lrt : context.lastRefreshTime,
    errorText: undefined,
  };
  const counters = (pageNumber: number, recordsCount: number | undefined, hasMore: boolean) => ({
    page: pageNumber,
    hasMore,
    recordsCount,
    availablePagesCount: availablePagesCount({
      page: pageNumber,
      pageSize: context.pageSize,
      recordsCount,
      hasMore,
    }),
  });

  if (!request.append) {
    const recordsCount = context.usage === 'build' ? undefined : page.recordsCount;
    return {
      ...answered,
      ...counters(Math.floor(request.startIndex / context.pageSize) + 1, recordsCount, page.hasMore),
      rows: page.rows,
      total: answer.total,
      firstRowIndex: request.startIndex,
      readEnd: request.startIndex + page.rows.length,
      groupReads: {},
      totalItemsLoaded: page.rows.length,
    };
  }

  const rows = mergeRows(context, page.rows, groups, meta);
  const group = request.group;
  if (!group) {
    // Live scroll: the next rows in the report's order.
    const readEnd = request.startIndex + page.rows.length;
    return {
      ...answered,
      ...counters(
        Math.max(context.page, Math.ceil(readEnd / context.pageSize)),
        page.recordsCount,
        page.hasMore,
      ),
      rows,
      total: answer.total,
      readEnd,
      totalItemsLoaded: rows.length,
    };
  }
  // A group's rows: the report's own paging stays; the rows read in order go on through them
  // when they continue those rows.
  const position = groupPositions(groups).get(group.key);
  const next = group.startIndex + page.rows.length;
  const readEnd =
    position && position.start + group.startIndex <= context.readEnd
      ? Math.max(context.readEnd, position.start + next)
      : context.readEnd;
  const recordsCount = answer.total?.count ?? context.recordsCount;
  const hasMore = context.hasMore && (recordsCount === undefined || readEnd < recordsCount);
  return {
    ...answered,
    ...counters(context.page, recordsCount, hasMore),
    rows,
    total: answer.total ?? context.total,
    readEnd,
    groupReads: {
      ...context.groupReads,
      [group.key]: { next: Math.max(next, context.groupReads[group.key]?.next ?? 0), done: !page.hasMore },
    },
    totalItemsLoaded: rows.length,
  };
}

/** The text of a failure, for the error line and toasts. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message;
  return 'Something went wrong.';
}

const key = (eid: RowId) => String(eid);

/** What a row showed when read: the cell's value, its editor kind and the record's version. */
export interface ReadCell {
  value: unknown;
  kind?: InlineEditField['kind'];
  version?: number;
}

/**
 * Records an edited cell; its error replaces the column's earlier one (or clears it when valid).
 * A value that is the one read is no edit: the cell (and its error) goes, and a record left with
 * no edit is no longer modified (issue 12). The record keeps the version its row was read at
 * from its first edit on: the save sends it, so a record changed since is not overwritten.
 */
export function withEditedCell(
  records: Record<string, InlineEditedRecord>,
  eid: RowId,
  cell: CellEdit,
  error: string | undefined,
  read?: ReadCell,
): Record<string, InlineEditedRecord> {
  const record = records[key(eid)] ?? { eid, cells: {}, errors: {} };
  const cells = { ...record.cells };
  const errors = { ...record.errors };
  const unchanged = read !== undefined && isUnchangedValue(read.kind, read.value, cell.value);
  if (error && !unchanged) errors[cell.colid] = error;
  else delete errors[cell.colid];
  if (unchanged) delete cells[cell.colid];
  else cells[cell.colid] = cell;
  const version = record.version ?? read?.version;
  const next: InlineEditedRecord = { eid, cells, errors, ...(version === undefined ? {} : { version }) };
  if (Object.keys(cells).length === 0 && Object.keys(errors).length === 0) {
    const { [key(eid)]: _dropped, ...rest } = records;
    return rest;
  }
  return { ...records, [key(eid)]: next };
}

/** An invalid typed date keeps the earlier value and puts the error on the column until corrected. */
export function withInvalidDate(
  records: Record<string, InlineEditedRecord>,
  eid: RowId,
  colid: string,
  error: string,
): Record<string, InlineEditedRecord> {
  const record = records[key(eid)] ?? { eid, cells: {}, errors: {} };
  return { ...records, [key(eid)]: { ...record, errors: { ...record.errors, [colid]: error } } };
}

/** Whether any edited record has a changed cell. */
export function hasModifiedRecords(records: Record<string, InlineEditedRecord>): boolean {
  return Object.values(records).some((r) => Object.keys(r.cells).length > 0);
}

/** What a row showed in a column when read, with its editor kind and the record's version. */
export function readCell(context: ReportContext, eid: RowId, colid: string): ReadCell | undefined {
  const row = context.rows.find((r) => r.eid === eid);
  const column = context.meta?.rcols[colid];
  if (!row || !column) return undefined;
  const kind = context.inlineEditForm?.fields[colid]?.kind;
  return {
    // A row's values are in column order: a column's `ord` is its index.
    value: readCellValue(row.values[column.ord]),
    ...(kind === undefined ? {} : { kind }),
    ...(row.version === undefined ? {} : { version: row.version }),
  };
}

/** A row's display name: the value of the report's name column, when it has one. */
export function rowName(context: ReportContext, eid: RowId): string | undefined {
  const row = context.rows.find((r) => r.eid === eid);
  // A row's values are in column order: a column's `ord` is its index.
  const nameColumn = Object.values(context.meta?.rcols ?? {}).find((c) => c.entityname);
  const cell = nameColumn ? row?.values[nameColumn.ord] : undefined;
  if (!cell) return undefined;
  if ('val' in cell) return cell.val === null ? undefined : String(cell.val);
  return cell.vals.map((v) => v.val ?? '').join(', ') || undefined;
}

/**
 * The records to delete as the delete texts name them: as the delete details name them, else (the
 * details not read yet) by the grid's name cell and the report's type.
 */
export function deleteItems(context: ReportContext): DeleteItem[] {
  const named = new Map(context.deleteDetails?.entities.map((e) => [e.id, e]));
  return context.deleteIds.map(
    (id) => named.get(id) ?? { name: rowName(context, id), typeName: context.reportEntity?.typeName },
  );
}

/** Every id the delete confirmation showed would be deleted: the records and their dependents. */
export function shownIds(context: ReportContext): RowId[] {
  return [...context.deleteIds, ...(context.deleteDetails?.dependents.map((d) => d.id) ?? [])];
}

/** Whether the report lists documents (its type is or inherits 'core:document'). */
export function isDocumentReport(context: ReportContext): boolean {
  const entity = context.reportEntity;
  return (
    entity?.typeAlias === 'core:document' || (entity?.inheritedTypeAliases ?? []).includes('core:document')
  );
}
