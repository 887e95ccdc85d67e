/** Messages of the record picker (spec 02 §8), verbatim. */
export const pickerMessages = {
  missingNameColumn: 'Picker report must include Name field',
  unnamed: 'Unnamed resource',
} as const;

/** Picker page size (spec 02 §9) and the modal's. */
export const pickerPageSize = 20;
export const pickerModalPageSize = 10;
/** Search waits this long after the last keystroke (spec 02 §9). */
export const pickerSearchDebounceMs = 300;
/** The modal lays its grid out again this long after the last resize (spec 02 §9). */
export const pickerModalResizeDebounceMs = 100;
/** Narrower than this, the modal grid shows the name column only. */
export const pickerModalCompactWidth = 480;
/** Avatars and enum icons are 32×32 thumbnails (spec 02 §9). */
export const pickerThumbnailSize = 32;

/** What the picker shows records of. */
export interface PickerConfig {
  /** The entity type (id or alias). */
  typeId: number | string;
  /** The picker report; absent: the type's records by name. */
  reportId?: number | string | null;
  /**
   * The relationship end the picker fills, when that end names a picker report of its own: the
   * server lists the records through it (or, when the user may not run it, the type's). A
   * `reportId` of the host's own wins over it.
   */
  relationshipEnd?: PickerRelationshipEnd;
  /** Equality filters from the host (e.g. a parent record). */
  filters?: Record<string, string | number | boolean | null>;
  /** Dropdown pickers (and enumerations) refetch when cleared. */
  isDropdown?: boolean;
  /** Enumeration (choice) types: neither paged nor sorted. */
  isEnumeration?: boolean;
  /** 'update': a refetch after a filter change removes only the values it no longer offers. */
  bindingState?: 'update' | 'new';
  pageSize?: number;
  /** A person type: records show an avatar (their image, else initials). */
  isPeople?: boolean;
  /** The modal's picker: its first fetch asks the report's columns, later ones its full metadata. */
  isModal?: boolean;
  /** `reportId` is a template report: it is run narrowed to `typeId` (spec 02 §7 "Picker data"). */
  isTemplateReport?: boolean;
}

/** A relationship end: the relationship, and the direction that leads to the picked records. */
export interface PickerRelationshipEnd {
  relationshipId: number;
  direction: 'fwd' | 'rev';
}

/** One record as the picker shows it. */
export interface PickerRow {
  id: number;
  name: string | null;
  /** Choice values: the enum colour (ignored when transparent, white or black). */
  colour?: string | null;
  /** Choice values: the image record of the icon. */
  iconImageId?: number | null;
  /** People: the image record of the avatar (initials without one). */
  avatarImageId?: number | null;
  isPerson?: boolean;
  /** The modal grid: each report column's text, in the order of `PickerReportMeta.columns`. */
  cells?: Array<string | null>;
}

/** A column of the picker report, as the modal grid shows it. */
export interface PickerColumn {
  id: string;
  title: string;
  /** The name column: the record's label with its colour, icon or avatar. */
  isName: boolean;
}

/** One of the report's own conditions, as the modal lists them. */
export interface PickerCondition {
  title: string;
  operator: string | null;
  value: string;
}

/** What the picker knows of its report from the answers' metadata. */
export interface PickerReportMeta {
  title: string;
  /** The visible columns, in order. */
  columns: PickerColumn[];
  /** The report's conditions that hold a value: null until the full metadata has arrived. */
  conditions: PickerCondition[] | null;
}

export interface PickerOption extends PickerRow {
  /** A selected record that the current results do not include: shown, not choosable. */
  isDisabled: boolean;
}

export interface PickerPageRequest {
  config: PickerConfig;
  search: string;
  startIndex: number;
  /** Page size plus one, to tell whether more exist. */
  pageSize: number;
  /** How much report metadata to answer with: 'colbasic' (columns; the default) or 'full'. */
  metadata?: 'colbasic' | 'full';
}

export interface PickerPage {
  rows: PickerRow[];
  /** False when the picker report has no name column. */
  hasNameColumn: boolean;
  /** The report's metadata; absent when the rows did not come from a report (enum values). */
  report?: PickerReportMeta;
}

/**
 * Where the picker's records come from: the report call (spec 02 §7 "Picker data"), or an adapter
 * over the entity service until that exists.
 */
export interface PickerDataSource {
  fetchPage(request: PickerPageRequest, signal?: AbortSignal): Promise<PickerPage>;
  /** Selected records missing from the results, by id (names only). */
  fetchByIds(ids: number[], signal?: AbortSignal): Promise<PickerRow[]>;
  /** The template reports' ids (the picker modal reads them first). */
  fetchTemplateReportIds(signal?: AbortSignal): Promise<number[]>;
}

/** The label of a record: its name, or 'Unnamed resource'. */
export function pickerLabel(row: Pick<PickerRow, 'name'>): string {
  return row.name === null || row.name.trim() === '' ? pickerMessages.unnamed : row.name;
}
