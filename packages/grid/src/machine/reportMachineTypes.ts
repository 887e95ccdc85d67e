import type {
  DeleteDetails,
  ExportFormat,
  ExportResult,
  IdOrAlias,
  ReportQuery,
  ReportRunResponse,
  TenantSettings,
} from '@plinth/schema';
import type { DeleteFlowNotice, DeleteFlowOutcome } from '../deleteFlow/deleteFlowTypes.js';
import type { SaveValidationEntry } from '../query/inlineSaveOutcome.js';
import type {
  CellEdit,
  InlineEditedRecord,
  InlineEditField,
  InlineSaveResult,
  NavigationIntent,
  QueryCondition,
  QuickMenu,
  QuickMenuAction,
  ReportCell,
  ReportGroup,
  ReportMeta,
  ReportMode,
  ReportRow,
  ReportTotal,
  ReportUsage,
  RowId,
  SortEntry,
  ToastRequest,
} from '../types.js';

/** What the report machine starts from: the report, how it is used and the host's settings. */
export interface ReportMachineInput {
  reportId: IdOrAlias;
  usage?: ReportUsage;
  /** Rows a page; 200 by default. */
  pageSize?: number;
  /** What a row double-click opens (a setting of the report component). */
  doubleClickOpens?: 'viewForm' | 'editForm';
  /** Selected ids a picker starts with. */
  selectedIds?: RowId[];
  /**
   * The view kept for the user (decision 0035): the first fetch applies it. A report that refuses
   * it (a column since removed) is fetched again with its defaults.
   */
  view?: ReportViewQuery | undefined;
}

/** The query part of a report view the user changed: sort, filters, result limit and quick search. */
export interface ReportViewQuery {
  sort?: SortEntry[] | undefined;
  conds?: QueryCondition[] | undefined;
  limitValue?: number | undefined;
  searchValue?: string | undefined;
}

/** The report entity read for viewing: the type of its rows and what that type inherits. */
export interface ReportEntity {
  /** The report's root type alias, e.g. 'core:document' for document reports. */
  typeAlias?: string;
  /** Name of the root type, for messages. */
  typeName?: string;
  /** Aliases of the types the root type inherits. */
  inheritedTypeAliases?: string[];
  /** The actions the report's builder configured. */
  actions?: QuickMenuAction[];
}

/** The row entity read before opening a record: what kind of record it is and whether it can be edited. */
export interface RowEntity {
  id: RowId;
  name?: string;
  isTask?: boolean;
  isProcessRun?: boolean;
  canModify?: boolean;
}

/** The display form and entity type read when inline editing starts: how each column is edited. */
export interface InlineEditForm {
  /** Keyed by report column id; columns without an entry have no component on the form. */
  fields: Record<string, InlineEditField>;
}

/** The file to save after an export: the export result and the report's title. */
export interface ExportDownload extends ExportResult {
  title: string;
}

/** A host action the machine does not run itself (documents, form panel, relationships, notifications). */
export interface HostActionRequest {
  action: QuickMenuAction;
  selectedIds: RowId[];
}

/** The next fetch of report results: where it starts, how many rows, and how it is merged. */
export interface FetchRequest {
  startIndex: number;
  pageSize: number;
  metadata: ReportQuery['metadata'];
  isReset: boolean;
  /** Appends to the loaded rows (live scroll, group load-more) instead of replacing them. */
  append: boolean;
  /**
   * A group's Load more: the group (its key and header values as `rdata` sent them) and the index
   * within it of the first row to read; the rows go after the group's loaded rows.
   */
  group?: { key: string; values: ReportCell[]; startIndex: number };
}

/** What a group's Load more has read of it: the index within the group after its last row, and whether it ended. */
export interface GroupRead {
  next: number;
  done: boolean;
}

export interface ReportContext {
  reportId: IdOrAlias;
  usage: ReportUsage;
  pageSize: number;
  doubleClickOpens: 'viewForm' | 'editForm';
  tenantSettings: Omit<TenantSettings, 'tenantName'> & { tenantName?: string };
  meta: ReportMeta | undefined;
  rows: ReportRow[];
  groups: ReportGroup[];
  total: ReportTotal | undefined;
  page: number;
  /** Index of the first loaded row. */
  firstRowIndex: number;
  /**
   * Index after the last row read in the report's order from `firstRowIndex` (pages, live scroll,
   * a group's rows that continue them); where live scroll reads on.
   */
  readEnd: number;
  /** What each group's Load more read, by group key; cleared when the rows are replaced. */
  groupReads: Record<string, GroupRead>;
  availablePagesCount: number;
  /** The record count when known; undefined while more exist beyond what was read. */
  recordsCount: number | undefined;
  hasMore: boolean;
  totalItemsLoaded: number;
  selectedIds: RowId[];
  searchValue: string;
  /** A search typed while busy elsewhere, started once the machine is back in ready. */
  isSearchPending: boolean;
  /** The applied sort; undefined keeps the report's own. */
  sort: SortEntry[] | undefined;
  /** The view started from a kept one that no answer has shown yet (see `ReportMachineInput.view`). */
  isKeptView: boolean;
  conds: QueryCondition[];
  limitValue: number | undefined;
  mode: ReportMode;
  errorText: string | undefined;
  lastRefreshTime: string | undefined;
  quickMenu: QuickMenu | undefined;
  /** The quick menu no longer matches the selection. */
  isQuickMenuStale: boolean;
  reportEntity: ReportEntity | undefined;
  isOfTypeRelationshipId: RowId | undefined;
  personDerivedTypeIds: RowId[];
  fetchRequest: FetchRequest;
  /** The group whose 'Load more' asked last. */
  lastLoadMoreGroup: string | undefined;
  exportResult: ExportResult | undefined;
  /** The row a double-click is opening. */
  openRowId: RowId | undefined;
  /** Ids waiting for the delete confirmation. */
  deleteIds: RowId[];
  /** What deleting them takes, as the confirmation shows it (spec 01 §8). */
  deleteDetails: DeleteDetails | undefined;
  inlineEditForm: InlineEditForm | undefined;
  /** The row being edited inline and the entities read for inline editing, by id. */
  inlineEditRowId: RowId | undefined;
  inlineEditEntities: Record<string, unknown>;
  editedRecords: Record<string, InlineEditedRecord>;
  /** Rows the last save stored; the view highlights them. */
  savedIds: RowId[];
  validationEntries: SaveValidationEntry[];
  isSaving: boolean;
  /** The answers of the running save, read when it settles. */
  saveResults: InlineSaveResult[] | undefined;
  /** The event held back by the unsaved-changes question, replayed after leaving. */
  pendingEvent: ReportEvent | undefined;
}

export type ReportEvent =
  | { type: 'LOAD' }
  | { type: 'REFRESH' }
  | { type: 'GOTO_PAGE'; page: number }
  | { type: 'NEXT_PAGE' }
  | { type: 'PREVIOUS_PAGE' }
  | { type: 'FIRST_PAGE' }
  | { type: 'LOAD_NEXT_PAGE' }
  | { type: 'LOAD_MORE_IN_GROUP'; groupKey: string }
  | { type: 'SEARCH'; value: string }
  | { type: 'APPLY_SORT'; sort: SortEntry[] }
  | { type: 'APPLY_FILTERS'; conds: QueryCondition[]; limitValue?: number | undefined }
  | { type: 'SELECT_ROWS'; ids: RowId[] }
  | { type: 'ENTER_MULTI_SELECT' }
  | { type: 'EXIT_MULTI_SELECT' }
  | { type: 'RUN_ACTION'; action: QuickMenuAction }
  | { type: 'OPEN_ROW'; eid: RowId }
  | { type: 'EXPORT'; format: ExportFormat }
  | { type: 'DELETE'; ids?: RowId[] }
  | { type: 'RESET_VIEW' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'EDIT_INLINE' }
  | { type: 'START_ROW_EDIT'; eid: RowId }
  | { type: 'EDIT_CELL'; eid: RowId; cell: CellEdit; error?: string | undefined }
  | { type: 'INVALID_DATE'; eid: RowId; colid: string; error: string }
  | { type: 'SAVE' }
  | { type: 'DISCARD' }
  | { type: 'REQUEST_LEAVE' }
  | { type: 'STAY' }
  | { type: 'LEAVE' }
  | { type: 'LEAVE_AND_SAVE' }
  // From the delete flow the report runs (delete/deleteActions.ts): its toasts, its details, its end.
  | { type: 'DELETE_FLOW_NOTICE'; notice: DeleteFlowNotice }
  | { type: 'DELETE_FLOW_DETAILS'; details: DeleteDetails }
  | { type: 'DELETE_FLOW_FINISHED'; outcome: DeleteFlowOutcome };

/** The inputs of the actors the host provides with `.provide({ actors })`. */
export interface ReportActorInputs {
  fetchReportResults: { reportId: IdOrAlias; usage: ReportUsage; query: ReportQuery };
  fetchQuickMenuActions: { reportId: IdOrAlias; selectedIds: RowId[] };
  fetchReportEntity: { reportId: IdOrAlias };
  exportReportData: { reportId: IdOrAlias; format: ExportFormat; query: ReportQuery };
  fetchRowEntity: { eid: RowId };
  fetchPageAndEntityType: { reportId: IdOrAlias };
  fetchEntityForInlineEdit: { eid: RowId };
  saveModifiedEntities: { records: InlineEditedRecord[] };
  fetchDeleteDetails: { ids: RowId[] };
  /** `shown`: every id the confirmation showed would be deleted; the delete takes no other. */
  deleteEntities: { ids: RowId[]; shown: RowId[] };
}

/** What each actor answers. */
export interface ReportActorOutputs {
  fetchTenantSettings: TenantSettings;
  fetchReportResults: ReportRunResponse;
  fetchQuickMenuActions: QuickMenu;
  fetchReportEntity: ReportEntity;
  fetchIsOfTypeRelationshipId: RowId;
  fetchPersonDerivedTypes: RowId[];
  exportReportData: ExportResult;
  fetchRowEntity: RowEntity;
  fetchPageAndEntityType: InlineEditForm;
  fetchEntityForInlineEdit: unknown;
  waitForPendingBehaviour: undefined;
  saveModifiedEntities: InlineSaveResult[];
  fetchDeleteDetails: DeleteDetails;
  deleteEntities: unknown;
}

/** The named actions the host provides with `.provide({ actions })`. */
export interface ReportHostActions {
  notify: ToastRequest;
  navigate: NavigationIntent;
  downloadFile: ExportDownload;
  runHostAction: HostActionRequest;
  /** Reset to default: unpin columns, show hidden columns, reset widths and the stored view state. */
  resetColumnState: undefined;
  /** Multi-select ended: the ids that were selected in it (spec 02 §4 "Modes"). */
  reportSelection: RowId[];
  /** Leaving was allowed (no unsaved changes, or the user chose to leave). */
  leave: undefined;
}
