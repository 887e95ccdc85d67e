import type { PickerRelationshipEnd } from '@plinth/fields';
import type {
  ActionItem,
  EntityId,
  QueryCondition,
  QuickMenu,
  ReportRunResponse,
  ReportValueType,
} from '@plinth/schema';

/**
 * The shapes shared by the report machine, the grid view and the toolbar popups. The report call's
 * answer comes from the schema contracts; everything here is the browser's own state.
 */

export type ReportMeta = NonNullable<ReportRunResponse['meta']>;
export type ReportColumnMeta = ReportMeta['rcols'][string];
export type ReportRow = ReportRunResponse['gdata'][number];
export type ReportCell = ReportRow['values'][number];
export type ReportGroup = NonNullable<ReportRunResponse['rdata']>[number];
export type ReportTotal = NonNullable<ReportRunResponse['total']>;
export type { QueryCondition, ReportValueType };

export type SortOrder = 'Ascending' | 'Descending';
/** One sort of a report query (spec 02 §3 "Query sort entries"). */
export interface SortEntry {
  colid: string;
  order: SortOrder;
}

/** Build is the designer preview; public reports use the anonymous call (spec 02 §1). */
export type ReportUsage = 'build' | 'run' | 'picker' | 'public';
/** The grid views of spec 02 §2. */
export type ReportMode = 'default' | 'multiSelect' | 'inlineEditing';
export type Breakpoint = 'sm' | 'md' | 'lg';

/** A record id; temporary (unsaved) records have negative ids. */
export type RowId = EntityId;

/** One edited cell of an inline-edited record: the column's field or relationship and its new value. */
export interface CellEdit {
  colid: string;
  fid?: number;
  rid?: number;
  rev?: boolean;
  /** Field value as the entity service takes it; for relationships, the related record ids. */
  value: unknown;
  /** What the cell shows while edited (related records' names); the grid formats other values itself. */
  text?: string;
}

/** An inline-edited record: its changed cells and the current error text per column. */
export interface InlineEditedRecord {
  eid: RowId;
  cells: Record<string, CellEdit>;
  errors: Record<string, string>;
  /** The record's version when it was read for editing; a record changed since is not saved. */
  version?: number;
}

/** A validation result of one member of a saved record (spec 02 §3 "Inline-edit save result"). */
export interface MemberValidationResult {
  /** Field or relationship id; -1 for the record as a whole. */
  id: number;
  isReverse: boolean;
  errors: string[];
}

export interface InlineSaveResult {
  entityId: RowId;
  validationResults: MemberValidationResult[];
  /** A record refused as changed since it was read: its version now (saving again replaces). */
  currentVersion?: number;
}

/** The navigation intents the report raises for its host page (spec 02 §2). */
export type NavigationIntent =
  | { kind: 'viewForm'; recordId: RowId }
  | { kind: 'editForm'; recordId: RowId }
  | { kind: 'createForm'; typeId: number; formId?: number }
  | { kind: 'task'; taskId: RowId }
  | { kind: 'processRun'; runId: RowId }
  | { kind: 'documentExport'; recordId: RowId; templateId: number }
  /** The selected records go along: one as the resource argument, several as a resource list (spec 02 §5). */
  | { kind: 'workflowRun'; workflowId: number; resourceIds?: RowId[]; argumentName?: string };

export type ToastKind = 'success' | 'warning' | 'error';
export interface ToastRequest {
  kind: ToastKind;
  title: string;
  text?: string;
}

/** One quick-menu, context-menu or toolbar action as the server sends it (spec 02 §3 "Action"). */
export type QuickMenuAction = ActionItem;
export type { QuickMenu };

/** The editors of inline editing (spec 02 §3 "Inline-edit field kinds"). */
export type InlineEditorKind =
  | 'text'
  | 'multilineText'
  | 'richText'
  | 'bool'
  | 'int'
  | 'decimal'
  | 'currency'
  | 'date'
  | 'dateTime'
  | 'time'
  | 'choice'
  | 'lookup'
  | 'relationshipMany';

/**
 * How a report column is edited inline, read from the display form and the entity type: its editor
 * kind (or an unsupported kind), read-only settings and bounds. Columns without one have no
 * component on the form.
 */
export interface InlineEditField {
  kind: InlineEditorKind | 'autoNumber' | 'calculated' | 'unsupported';
  /** Read-only field settings, or a read-only relationship. */
  isReadOnly?: boolean;
  isRequired?: boolean;
  /** Decimal places of decimal and currency fields. */
  places?: number;
  min?: number;
  max?: number;
  maxLength?: number;
  /** Choice fields: the enumeration values. */
  options?: Array<{ id: number; label: string; colour?: string | null }>;
  /** Lookups and relationships: the related type and its picker report. */
  picker?: {
    typeId: number | string;
    reportId?: number | string | null;
    /** The end edited, when it names a picker report of its own (decision 0110). */
    relationshipEnd?: PickerRelationshipEnd;
    entityTypeName: string;
    isPeople?: boolean;
  };
}
