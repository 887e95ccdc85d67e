/** Sorting: the pure sort operations of the report (spec 02 §4 "Sorting", §5 "Sort"). */

export { headerSort, withAppliedSortEntries } from './headerSort.js';
export {
  addSort,
  applySort,
  canAddSort,
  clearSort,
  createSortState,
  defaultSortDirection,
  discardSort,
  maxSorts,
  moveSort,
  removeSort,
  resetSort,
  type SortChange,
  type SortColumn,
  type SortInput,
  type SortState,
  setSort,
  sortEntriesOf,
  toggleSort,
  unusedSortColumns,
  updateSort,
} from './sortState.js';
export { sortTooltipLines, truncateSortLabel } from './sortTooltipLabel.js';
