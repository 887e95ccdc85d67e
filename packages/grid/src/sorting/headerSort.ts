import type { SortEntry, SortOrder } from '../types.js';
import { defaultSortDirection, maxSorts, type SortInput, type SortState } from './sortState.js';

const flip = (direction: SortOrder): SortOrder => (direction === 'Ascending' ? 'Descending' : 'Ascending');

const renumber = (sorts: SortInput[]): SortInput[] =>
  sorts.map((s, ordinal) => (s.ordinal === ordinal ? s : { ...s, ordinal }));

/** Grouped columns' sorts first, then the others: one of them when grouped (spec 02 §4). */
function ordered(state: SortState, groups: SortInput[], others: SortInput[]): SortState {
  const isGrouped = state.defaults.some((s) => s.isGroupedColumn);
  const applied = renumber([...groups, ...(isGrouped ? others.slice(-1) : others)].slice(0, maxSorts));
  return { ...state, applied, stored: applied };
}

/**
 * A click on a column header (issue 12): the column becomes the only sort besides the groups,
 * ascending, or its direction flips when it is sorted already; with `add` (Shift-click) it is added
 * after the other sorts instead, or flips in its place. A grouped report keeps one sort besides its
 * groups (spec 02 §4): an added one replaces it. A grouped column's header flips its groups'
 * direction. Applied at once.
 */
export function headerSort(state: SortState, columnId: string, how: { add: boolean }): SortState {
  const column = state.columns.find((c) => c.id === columnId);
  const current = state.applied.find((s) => s.id === columnId);
  if (!column && !current?.isGroupedColumn) return state;
  const groups = state.applied.filter((s) => s.isGroupedColumn);
  const others = state.applied.filter((s) => !s.isGroupedColumn);
  if (current?.isGroupedColumn)
    return ordered(
      state,
      groups.map((s) => (s === current ? { ...s, direction: flip(s.direction) } : s)),
      others,
    );
  const next: SortInput = current
    ? { ...current, direction: flip(current.direction), isAdded: false }
    : {
        id: columnId,
        name: column?.name ?? columnId,
        direction: defaultSortDirection,
        ordinal: 0,
        isAdded: false,
        isGroupedColumn: false,
      };
  if (!how.add) return ordered(state, groups, [next]);
  return ordered(state, groups, current ? others.map((s) => (s === current ? next : s)) : [...others, next]);
}

/**
 * The sort state with a kept sort applied (the entries a query sent, see `sortEntriesOf`): entries
 * on grouped columns set their groups' direction, the others follow the groups in their order;
 * columns the report no longer offers are dropped. Without entries the state is left as it is.
 */
export function withAppliedSortEntries(
  state: SortState,
  entries: readonly SortEntry[] | undefined,
): SortState {
  if (!Array.isArray(entries)) return state;
  const groups = state.defaults
    .filter((s) => s.isGroupedColumn)
    .map((s) => {
      const entry = entries.find((e) => e?.colid === s.id);
      return entry ? { ...s, direction: entry.order === 'Descending' ? 'Descending' : 'Ascending' } : s;
    }) as SortInput[];
  const others: SortInput[] = [];
  for (const entry of entries) {
    const column = state.columns.find((c) => c.id === entry?.colid);
    if (!column || groups.some((g) => g.id === column.id) || others.some((s) => s.id === column.id)) continue;
    others.push({
      id: column.id,
      name: column.name,
      direction: entry.order === 'Descending' ? 'Descending' : 'Ascending',
      ordinal: 0,
      isAdded: false,
      isGroupedColumn: false,
    });
  }
  const isGrouped = groups.length > 0;
  const applied = renumber([...groups, ...(isGrouped ? others.slice(0, 1) : others)].slice(0, maxSorts));
  return { ...state, applied, stored: applied };
}
