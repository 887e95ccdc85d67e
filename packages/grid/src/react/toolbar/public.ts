/** The toolbar's sort and filter popups, filter chips, search box and refresh button. */
export { FilterBadge, type FilterBadgeProps } from './FilterBadge.js';
export { FilterChips, type FilterChipsProps, filterChipValueWidth } from './FilterChips.js';
export {
  FilterPopup,
  type FilterPopupProps,
  FilterRow,
  type FilterRowProps,
  filterPopupMaxHeight,
  filterPopupWidth,
} from './FilterPopup.js';
export { filterOperatorText, filterValueText } from './filterChipText.js';
export { IconButton, type IconButtonProps } from './IconButton.js';
export { lastRefreshText, RefreshButton, type RefreshButtonProps } from './RefreshButton.js';
export { maxSearchLength, SearchBox, type SearchBoxProps, searchDebounceMs } from './SearchBox.js';
export { SortPopup, type SortPopupProps, sortPopupWidth } from './SortPopup.js';
export { ToolbarPopup, type ToolbarPopupProps } from './ToolbarPopup.js';
export { type ToolbarState, type ToolbarStates, useToolbarState } from './useToolbarState.js';
