import {
  type Filter,
  type FilterState,
  type QueryCondition,
  type ReportViewQuery,
  type SortEntry,
  type ToolbarStates,
  withAppliedSortEntries,
} from '@plinth/grid';
import type { IdOrAlias } from '@plinth/schema';

/**
 * The view of a report a user changed — sort, filters, result limit, quick search and column
 * widths — kept in the browser's localStorage per tenant, user and report, and restored when the
 * report opens again until 'Reset to default' clears it (decision 0035).
 */
export interface KeptReportView extends ReportViewQuery {
  /** The applied filters' values by filter id, so the popup and the chips show them again. */
  filters?: KeptFilter[] | undefined;
  /** Resized column widths by column id. */
  widths?: Record<string, number> | undefined;
}

/** What a user set on a filter; the rest comes from the report's metadata. */
export type KeptFilter = Pick<
  Filter,
  | 'filterId'
  | 'columnType'
  | 'operatorId'
  | 'operatorsFieldType'
  | 'value'
  | 'dateOperatorId'
  | 'dateOperatorValue'
  | 'filterEids'
  | 'choiceSelectedOptions'
>;

/** The storage key of a user's view of a report. */
export function keptViewKey(tenantId: number, userId: number, reportId: IdOrAlias): string {
  return `plinth.reportView.${tenantId}.${userId}.${String(reportId)}`;
}

/** Who last used reports in this browser: `{tenantId}.{userId}`. */
const viewerKey = 'plinth.reportViewer';

/**
 * Remembers the signed-in user, so that the next time the app starts on a report — before the
 * session check says who is signed in — it can ask for the first page with that user's kept view.
 */
export function rememberReportViewer(tenantId: number, userId: number): void {
  try {
    storage()?.setItem(viewerKey, `${tenantId}.${userId}`);
  } catch {
    // Nothing remembered: the prefetch asks for the default page.
  }
}

/**
 * The view kept for a report by the given user, or else by the user remembered as the last one
 * (`rememberReportViewer`). A guess for a prefetch only: the report itself reads the signed-in
 * user's view, and asks the server again when the two differ.
 */
export function keptViewForPrefetch(
  reportId: IdOrAlias,
  user?: { tenantId: number; userId: number },
): KeptReportView | undefined {
  if (user) return readKeptView(keptViewKey(user.tenantId, user.userId, reportId));
  let remembered: string | null | undefined;
  try {
    remembered = storage()?.getItem(viewerKey);
  } catch {
    return undefined;
  }
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(remembered ?? '');
  return match ? readKeptView(keptViewKey(Number(match[1]), Number(match[2]), reportId)) : undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readSort(value: unknown): SortEntry[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((s) =>
    isObject(s) && typeof s.colid === 'string' && (s.order === 'Ascending' || s.order === 'Descending')
      ? [{ colid: s.colid, order: s.order }]
      : [],
  );
}

function readWidths(value: unknown): Record<string, number> | undefined {
  if (!isObject(value)) return undefined;
  const widths = Object.entries(value).filter(
    (e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]) && e[1] > 0,
  );
  return widths.length > 0 ? Object.fromEntries(widths) : undefined;
}

/**
 * The kept view as stored, checked: anything of the wrong shape (an older version, a hand edit) is
 * left out, and a value that is not JSON at all reads as no view.
 */
export function parseKeptView(text: string | null): KeptReportView | undefined {
  if (!text) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(raw) || raw.version !== 1) return undefined;
  const view: KeptReportView = {};
  const sort = readSort(raw.sort);
  if (sort) view.sort = sort;
  if (Array.isArray(raw.conds)) view.conds = raw.conds.filter(isObject) as unknown as QueryCondition[];
  if (typeof raw.limitValue === 'number' && Number.isFinite(raw.limitValue))
    view.limitValue = Math.max(1, Math.trunc(raw.limitValue));
  if (typeof raw.searchValue === 'string' && raw.searchValue !== '')
    view.searchValue = raw.searchValue.slice(0, 200);
  if (Array.isArray(raw.filters))
    view.filters = raw.filters.filter(
      (f): f is KeptFilter =>
        isObject(f) && typeof f.filterId === 'string' && typeof f.operatorId === 'string',
    );
  const widths = readWidths(raw.widths);
  if (widths) view.widths = widths;
  return view;
}

/** A view that changes nothing from the report's own: nothing to keep. */
export function isDefaultView(view: KeptReportView): boolean {
  return (
    view.sort === undefined &&
    (view.conds ?? []).length === 0 &&
    view.limitValue === undefined &&
    !view.searchValue &&
    Object.keys(view.widths ?? {}).length === 0
  );
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readKeptView(key: string): KeptReportView | undefined {
  try {
    return parseKeptView(storage()?.getItem(key) ?? null);
  } catch {
    return undefined;
  }
}

/** Keeps the view, or forgets it when it is the report's own. A full or blocked storage keeps nothing. */
export function writeKeptView(key: string, view: KeptReportView): void {
  try {
    if (isDefaultView(view)) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify({ version: 1, ...view }));
  } catch {
    // Private browsing or a full storage: the view is simply not kept.
  }
}

export function clearKeptView(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/** The applied filters to keep: the visible ones' values. */
export function keptFiltersOf(state: FilterState): KeptFilter[] {
  return state.applied
    .filter((f) => !f.hidden)
    .map((f) => ({
      filterId: f.filterId,
      columnType: f.columnType,
      operatorId: f.operatorId,
      operatorsFieldType: f.operatorsFieldType,
      value: f.value,
      dateOperatorId: f.dateOperatorId,
      dateOperatorValue: f.dateOperatorValue,
      filterEids: [...f.filterEids],
      choiceSelectedOptions: [...f.choiceSelectedOptions],
    }));
}

/**
 * The popups' states with a kept view laid over them: its sort applied, and each kept filter's
 * values on the report's filter of the same id and type (a filter the report no longer has, or
 * hidden, is dropped); the result limit from the kept limit.
 */
export function withKeptView(states: ToolbarStates, view: KeptReportView | undefined): ToolbarStates {
  if (!view) return states;
  const sortState = withAppliedSortEntries(states.sortState, view.sort);
  const kept = new Map((view.filters ?? []).map((f) => [f.filterId, f]));
  const overlay = (filter: Filter): Filter => {
    if (filter.operatorId === 'ResultLimit')
      return view.limitValue === undefined ? filter : { ...filter, value: view.limitValue };
    const k = kept.get(filter.filterId);
    if (!k || filter.hidden || k.columnType !== filter.columnType) return filter;
    const isOffered =
      filter.operators.some((o) => o.id === k.operatorId) || k.operatorId === filter.operatorId;
    if (!isOffered) return filter;
    return {
      ...filter,
      operatorId: k.operatorId,
      operatorsFieldType: k.operatorsFieldType,
      value: k.value ?? null,
      dateOperatorId: k.dateOperatorId ?? null,
      dateOperatorValue: k.dateOperatorValue ?? null,
      filterEids: Array.isArray(k.filterEids) ? k.filterEids : [],
      choiceSelectedOptions: Array.isArray(k.choiceSelectedOptions) ? k.choiceSelectedOptions : [],
    };
  };
  const applied = states.filterState.applied.map(overlay);
  return { sortState, filterState: { ...states.filterState, applied, stored: applied } };
}
