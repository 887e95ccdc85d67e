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

/** What the picker shows records of. */
export interface PickerConfig {
  /** The entity type (id or alias). */
  typeId: number | string;
  /** The picker report; absent: the type's records by name. */
  reportId?: number | string | null;
  /** Equality filters from the host (e.g. a parent record). */
  filters?: Record<string, string | number | boolean | null>;
  /** Dropdown pickers (and enumerations) refetch when cleared. */
  isDropdown?: boolean;
  /** Enumeration (choice) types: neither paged nor sorted. */
  isEnumeration?: boolean;
  /** 'update': a refetch after a filter change removes only the values it no longer offers. */
  bindingState?: 'update' | 'new';
  pageSize?: number;
  /** A person type: records show an avatar (initials until image ids are read). */
  isPeople?: boolean;
}

/** One record as the picker shows it. */
export interface PickerRow {
  id: number;
  name: string | null;
  /** Choice values: the enum colour. */
  colour?: string | null;
  icon?: string | null;
  /** People: avatar image URL (initials without one). */
  avatarUrl?: string | null;
  isPerson?: boolean;
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
}

export interface PickerPage {
  rows: PickerRow[];
  /** False when the picker report has no name column. */
  hasNameColumn: boolean;
}

/**
 * Where the picker's records come from: the report call (spec 02 §7 "Picker data"), or an adapter
 * over the entity service until that exists.
 */
export interface PickerDataSource {
  fetchPage(request: PickerPageRequest, signal?: AbortSignal): Promise<PickerPage>;
  /** Selected records missing from the results, by id (names only). */
  fetchByIds(ids: number[], signal?: AbortSignal): Promise<PickerRow[]>;
}

/** The label of a record: its name, or 'Unnamed resource'. */
export function pickerLabel(row: Pick<PickerRow, 'name'>): string {
  return row.name === null || row.name.trim() === '' ? pickerMessages.unnamed : row.name;
}
