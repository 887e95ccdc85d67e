import type { ReportRunResponse } from '@plinth/schema';
import { availablePagesCount, defaultPageSize } from '../query/paging.js';
import { buildReportQuery, readReportPage } from '../query/reportQuery.js';
import type { CellEdit, InlineEditedRecord, RowId } from '../types.js';
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
    availablePagesCount: 1,
    recordsCount: undefined,
    hasMore: false,
    totalItemsLoaded: 0,
    selectedIds: input.usage === 'picker' ? [...(input.selectedIds ?? [])] : [],
    searchValue: '',
    isSearchPending: false,
    sort: undefined,
    conds: [],
    limitValue: undefined,
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

/** The fetch that appends rows after the loaded ones (live scroll, group load-more). */
export function appendFetch(context: ReportContext, pageSize: number): FetchRequest {
  return {
    startIndex: context.firstRowIndex + context.rows.length,
    pageSize,
    metadata: 'none',
    isReset: false,
    append: true,
  };
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

/** The context after a report answer: rows replaced or appended, counters and pages derived. */
export function withReportAnswer(context: ReportContext, output: unknown): Partial<ReportContext> {
  const answer = asReportAnswer(output);
  if (!answer) return { errorText: unreadableAnswerText };
  const request = context.fetchRequest;
  const page = readReportPage(answer, { startIndex: request.startIndex, pageSize: request.pageSize + 1 });
  const rows = request.append ? [...context.rows, ...page.rows] : page.rows;
  const firstRowIndex = request.append ? context.firstRowIndex : request.startIndex;
  const pageNumber = request.append
    ? Math.max(context.page, Math.ceil((firstRowIndex + rows.length) / context.pageSize))
    : Math.floor(request.startIndex / context.pageSize) + 1;
  const recordsCount = context.usage === 'build' ? undefined : page.recordsCount;
  return {
    meta: answer.meta ?? context.meta,
    rows,
    groups: answer.rdata ?? (request.append ? context.groups : []),
    total: answer.total,
    firstRowIndex,
    page: pageNumber,
    hasMore: page.hasMore,
    recordsCount,
    totalItemsLoaded: rows.length,
    availablePagesCount: availablePagesCount({
      page: pageNumber,
      pageSize: context.pageSize,
      recordsCount,
      hasMore: page.hasMore,
    }),
    lastRefreshTime: typeof answer.lrt === 'string' ? answer.lrt : context.lastRefreshTime,
    errorText: undefined,
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

/** The title a failure carries, when it has one (the delete call's failures do). */
export function errorTitle(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const title = (error as { title?: unknown }).title;
  return typeof title === 'string' && title.trim() ? title : undefined;
}

const key = (eid: RowId) => String(eid);

/** Records an edited cell; its error replaces the column's earlier one (or clears it when valid). */
export function withEditedCell(
  records: Record<string, InlineEditedRecord>,
  eid: RowId,
  cell: CellEdit,
  error: string | undefined,
): Record<string, InlineEditedRecord> {
  const record = records[key(eid)] ?? { eid, cells: {}, errors: {} };
  const errors = { ...record.errors };
  if (error) errors[cell.colid] = error;
  else delete errors[cell.colid];
  return { ...records, [key(eid)]: { eid, cells: { ...record.cells, [cell.colid]: cell }, errors } };
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

/** Whether the report lists documents (its type is or inherits 'core:document'). */
export function isDocumentReport(context: ReportContext): boolean {
  const entity = context.reportEntity;
  return (
    entity?.typeAlias === 'core:document' || (entity?.inheritedTypeAliases ?? []).includes('core:document')
  );
}
