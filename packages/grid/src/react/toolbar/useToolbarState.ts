import { useState } from 'react';
import { createFilterState, type FilterStateOptions } from '../../filters/createFilterState.js';
import type { FilterState } from '../../filters/filterTypes.js';
import { createSortState, type SortState } from '../../sorting/sortState.js';
import type { ReportMeta } from '../../types.js';

export interface ToolbarState {
  sortState: SortState;
  setSortState: (state: SortState) => void;
  filterState: FilterState;
  setFilterState: (state: FilterState) => void;
}

/**
 * The sort and filter state of the toolbar for a report's metadata, made again whenever new
 * metadata arrives (first fetch, Refresh, reset to default view); between those the popups' Apply
 * and the header keep it through the setters.
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
): ToolbarState {
  const [seen, setSeen] = useState(meta);
  const [sortState, setSortState] = useState(() => createSortState(meta));
  const [filterState, setFilterState] = useState(() => createFilterState(meta, options));
  if (meta !== seen) {
    // New metadata: adjust during render (React's pattern for state derived from a prop).
    setSeen(meta);
    setSortState(createSortState(meta));
    setFilterState(createFilterState(meta, options));
  }
  return { sortState, setSortState, filterState, setFilterState };
}
