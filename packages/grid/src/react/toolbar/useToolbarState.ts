import { useState } from 'react';
import { createFilterState, type FilterStateOptions } from '../../filters/createFilterState.js';
import type { FilterState } from '../../filters/filterTypes.js';
import { createSortState, type SortState } from '../../sorting/sortState.js';
import type { ReportMeta } from '../../types.js';

/** The popups' states as made from a report's metadata. */
export interface ToolbarStates {
  sortState: SortState;
  filterState: FilterState;
}

export interface ToolbarState {
  sortState: SortState;
  setSortState: (state: SortState) => void;
  filterState: FilterState;
  setFilterState: (state: FilterState) => void;
}

/**
 * The sort and filter state of the toolbar for a report's metadata, made again whenever new
 * metadata arrives (first fetch, Refresh, reset to default view), with the view the host keeps laid
 * over it (`restore`); between those the popups' Apply and the header keep it through the setters.
 *
 * @example
 * const toolbar = useToolbarState(meta, { currencySymbol });
 * <SortPopup state={toolbar.sortState} breakpoint={bp} onApply={(sort, next) => {
 *   toolbar.setSortState(next);
 *   send({ type: 'APPLY_SORT', sort });
 * }} />
 */
export function useToolbarState(
  meta: ReportMeta | undefined,
  options: FilterStateOptions = {},
  /** Lays the view the host keeps (the applied sort and filters) over the states made from metadata. */
  restore?: (states: ToolbarStates) => ToolbarStates,
): ToolbarState {
  const make = (): ToolbarStates => {
    const states = { sortState: createSortState(meta), filterState: createFilterState(meta, options) };
    return restore ? restore(states) : states;
  };
  const [seen, setSeen] = useState(meta);
  const [initial] = useState(make);
  const [sortState, setSortState] = useState(initial.sortState);
  const [filterState, setFilterState] = useState(initial.filterState);
  if (meta !== seen) {
    // New metadata: adjust during render (React's pattern for state derived from a prop).
    const next = make();
    setSeen(meta);
    setSortState(next.sortState);
    setFilterState(next.filterState);
  }
  return { sortState, setSortState, filterState, setFilterState };
}
