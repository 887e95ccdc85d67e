import { defaultPageSize } from '../query/paging.js';
import { buildReportQuery } from '../query/reportQuery.js';
import type { RowId } from '../types.js';
import type { FetchRequest, ReportContext, ReportMachineInput } from './reportMachineTypes.js';

/** The tenant settings used until (or when) the real ones cannot be read (spec 02 §8). */
export const defaultReportTenantSettings: ReportContext['tenantSettings'] = {
  currencySymbol: '$',
  nameFieldLabel: 'Name',
  timeZone: 'UTC',
  locale: 'en-AU',
  financialYearStartMonth: 7,
  confirmExternalLinks: true,
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

/** The text of a failure, for the error line and toasts. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message;
  return 'Something went wrong.';
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
