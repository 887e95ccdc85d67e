import type { ReportMeta, SortEntry, SortOrder } from '../types.js';

/**
 * The sort operations of spec 02 §4 "Sorting" and §5 "Sort", pure: each takes a {@link SortState}
 * and returns a new one (the same object when nothing changes).
 *
 * `stored` is what the Sort popup edits; `applied` is what the query uses. Header operations (set,
 * toggle, clear) change both at once; popup operations (add, update, move, remove) change only the
 * stored sorts; apply commits them, discard drops them, reset returns to the report's own sorts.
 */

/** One sort as the Sort popup shows it (spec 02 §3 "Sort input"); `id` is the column id. */
export interface SortInput {
  id: string;
  name: string;
  direction: SortOrder;
  /** Position in the list, from 0. */
  ordinal: number;
  /** Added in the popup and not applied yet. */
  isAdded: boolean;
  /** A column the report groups by: its sort can only change direction. */
  isGroupedColumn: boolean;
}

/** A column that can be sorted by. */
export interface SortColumn {
  id: string;
  name: string;
}

export interface SortState {
  columns: SortColumn[];
  /** The report's own sorts, restored by reset. */
  defaults: SortInput[];
  applied: SortInput[];
  stored: SortInput[];
}

/** The most sorts a report query takes. */
export const maxSorts = 10;

/** A new sort's direction (spec 02 §5). */
export const defaultSortDirection: SortOrder = 'Ascending';

const renumber = (sorts: SortInput[]): SortInput[] =>
  sorts.map((s, ordinal) => (s.ordinal === ordinal ? s : { ...s, ordinal }));

const isGrouped = (state: Pick<SortState, 'applied' | 'stored' | 'defaults'>) =>
  state.defaults.some((s) => s.isGroupedColumn);

/**
 * Grouped-column sorts first (in group order), then the others; when grouped only one other sort
 * is kept (spec 02 §4).
 */
function normalise(sorts: SortInput[], grouped: boolean): SortInput[] {
  const groups = sorts.filter((s) => s.isGroupedColumn);
  const others = sorts.filter((s) => !s.isGroupedColumn);
  return renumber([...groups, ...(grouped ? others.slice(0, 1) : others)]);
}

/**
 * The sort state of a report from its metadata: the sortable columns are its visible columns in
 * column order; the sorts are `meta.sort`, grouped columns (`meta.rmeta.groups`) first. Unknown
 * column ids and repeats are dropped.
 */
export function createSortState(meta: Pick<ReportMeta, 'rcols' | 'sort' | 'rmeta'> | undefined): SortState {
  const rcols = meta?.rcols ?? {};
  const columns = Object.entries(rcols)
    .filter(([, c]) => !c.hide)
    .sort(([, a], [, b]) => a.ord - b.ord)
    .map(([id, c]) => ({ id, name: c.title }));
  const groups = meta?.rmeta?.groups ?? [];
  const groupIds = new Set(groups.map((g) => g.colid));
  const seen = new Set<string>();
  const sorts: SortInput[] = [];
  for (const entry of [...groups, ...(meta?.sort ?? [])]) {
    const column = rcols[entry.colid];
    if (!column || seen.has(entry.colid)) continue;
    seen.add(entry.colid);
    sorts.push({
      id: entry.colid,
      name: column.title,
      direction: entry.order === 'Descending' ? 'Descending' : 'Ascending',
      ordinal: sorts.length,
      isAdded: false,
      isGroupedColumn: groupIds.has(entry.colid),
    });
  }
  const defaults = normalise(sorts, groupIds.size > 0);
  return { columns, defaults, applied: defaults, stored: defaults };
}

function columnName(state: SortState, id: string): string | undefined {
  return state.columns.find((c) => c.id === id)?.name ?? state.defaults.find((s) => s.id === id)?.name;
}

/** Sorts by one column only (keeping grouped columns), in the given direction; applied at once. */
export function setSort(state: SortState, columnId: string, direction: SortOrder): SortState {
  const name = columnName(state, columnId);
  if (name === undefined) return state;
  const grouped = state.applied.find((s) => s.id === columnId && s.isGroupedColumn);
  const sorts = grouped
    ? state.applied.map((s) => (s.id === columnId ? { ...s, direction } : s))
    : [
        ...state.applied.filter((s) => s.isGroupedColumn),
        { id: columnId, name, direction, ordinal: 0, isAdded: false, isGroupedColumn: false },
      ];
  const applied = normalise(sorts, isGrouped(state));
  return { ...state, applied, stored: applied };
}

/**
 * A header click: a column already sorted flips its direction; any other column becomes the only
 * sort, ascending.
 */
export function toggleSort(state: SortState, columnId: string): SortState {
  const current = state.applied.find((s) => s.id === columnId);
  if (!current) return setSort(state, columnId, defaultSortDirection);
  const direction: SortOrder = current.direction === 'Ascending' ? 'Descending' : 'Ascending';
  const applied = state.applied.map((s) => (s.id === columnId ? { ...s, direction } : s));
  return { ...state, applied, stored: applied };
}

/** Removes every sort except the grouped columns'; applied at once. */
export function clearSort(state: SortState): SortState {
  const applied = renumber(state.applied.filter((s) => s.isGroupedColumn));
  return { ...state, applied, stored: applied };
}

/** The columns not yet used by a stored sort. */
export function unusedSortColumns(state: SortState, sorts: SortInput[] = state.stored): SortColumn[] {
  return state.columns.filter((c) => !sorts.some((s) => s.id === c.id));
}

/**
 * Whether 'Add sort' is enabled: some column is not used yet, and a grouped report has no other
 * sort yet (only one is kept when grouped); at most ten sorts, as the report call takes.
 */
export function canAddSort(state: SortState): boolean {
  if (unusedSortColumns(state).length === 0 || state.stored.length >= maxSorts) return false;
  return !(isGrouped(state) && state.stored.some((s) => !s.isGroupedColumn));
}

/** Adds a stored sort on the first unused column, ascending. */
export function addSort(state: SortState): SortState {
  const column = unusedSortColumns(state)[0];
  if (!column || !canAddSort(state)) return state;
  const added: SortInput = {
    id: column.id,
    name: column.name,
    direction: defaultSortDirection,
    ordinal: state.stored.length,
    isAdded: true,
    isGroupedColumn: false,
  };
  return { ...state, stored: [...state.stored, added] };
}

export interface SortChange {
  /** Another column for this sort: one not used yet. */
  columnId?: string;
  direction?: SortOrder;
}

/** Changes a stored sort's column or direction; a grouped column's sort only its direction. */
export function updateSort(state: SortState, id: string, change: SortChange): SortState {
  const target = state.stored.find((s) => s.id === id);
  if (!target) return state;
  let next = target;
  if (change.direction && change.direction !== target.direction)
    next = { ...next, direction: change.direction };
  if (change.columnId !== undefined && change.columnId !== id && !target.isGroupedColumn) {
    const name = columnName(state, change.columnId);
    const isUsed = state.stored.some((s) => s.id === change.columnId);
    const isSortable = state.columns.some((c) => c.id === change.columnId);
    if (name !== undefined && !isUsed && isSortable) next = { ...next, id: change.columnId, name };
  }
  if (next === target) return state;
  return { ...state, stored: state.stored.map((s) => (s === target ? next : s)) };
}

/**
 * Moves a stored sort to another position among the sorts that are not grouped columns; grouped
 * columns' sorts stay first and never move.
 */
export function moveSort(state: SortState, id: string, toOrdinal: number): SortState {
  const target = state.stored.find((s) => s.id === id);
  if (!target || target.isGroupedColumn || !Number.isInteger(toOrdinal)) return state;
  const groups = state.stored.filter((s) => s.isGroupedColumn);
  const others = state.stored.filter((s) => !s.isGroupedColumn && s !== target);
  const index = Math.min(Math.max(toOrdinal - groups.length, 0), others.length);
  others.splice(index, 0, target);
  const stored = renumber([...groups, ...others]);
  if (stored.every((s, i) => s.id === state.stored[i]?.id)) return state;
  return { ...state, stored };
}

/** Removes a stored sort; grouped columns' sorts cannot be removed. */
export function removeSort(state: SortState, id: string): SortState {
  const target = state.stored.find((s) => s.id === id);
  if (!target || target.isGroupedColumn) return state;
  return { ...state, stored: renumber(state.stored.filter((s) => s !== target)) };
}

/** Commits the stored sorts (the popup's Apply). */
export function applySort(state: SortState): SortState {
  const applied = normalise(
    state.stored.map((s) => (s.isAdded ? { ...s, isAdded: false } : s)),
    isGrouped(state),
  );
  return { ...state, applied, stored: applied };
}

/** Drops the stored changes (the popup closed without Apply). */
export function discardSort(state: SortState): SortState {
  return state.stored === state.applied ? state : { ...state, stored: state.applied };
}

/** Back to the report's own sorts (reset to default view). */
export function resetSort(state: SortState): SortState {
  return { ...state, applied: state.defaults, stored: state.defaults };
}

/**
 * The query's sort entries (spec 02 §3). When grouped, the one other sort comes first and the
 * grouped columns after it: the server sorts by the groups anyway and keeps only the first
 * requested sort that is not a group.
 */
export function sortEntriesOf(sorts: SortInput[]): SortEntry[] {
  const groups = sorts.filter((s) => s.isGroupedColumn);
  const others = sorts.filter((s) => !s.isGroupedColumn);
  return [...others, ...groups].slice(0, maxSorts).map((s) => ({ colid: s.id, order: s.direction }));
}
