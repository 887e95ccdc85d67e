/** Filters: the pure filter model and operations of the report (spec 02 §3 "Filter", §4, §5). */
export { fillMissingBound, setRangeBound, shiftBound } from './betweenRange.js';
export {
  createFilterState,
  type FilterStateOptions,
  filterFromCondition,
  resultLimitFilter,
} from './createFilterState.js';
export {
  defaultFilterOperator,
  filterOperatorLabels,
  noArgumentFilterOperators,
  operatorIdsFor,
  takesArgument,
  takesRecords,
  valueTypeFor,
} from './filterOperators.js';
export { activeFilters, filterBadgeText, filterQueryOf, isFilterApplied } from './filterQuery.js';
export {
  applyFilters,
  changeFilter,
  changeOperator,
  clearFilter,
  coerceLimit,
  discardFilters,
  type FilterChange,
  isRange,
  resetFilters,
  restoreDefaultFilters,
  updateStoredFilter,
} from './filterState.js';
export {
  type Filter,
  type FilterChoice,
  type FilterOperatorId,
  type FilterOperatorOption,
  type FilterQuery,
  type FilterRange,
  type FilterScalar,
  type FilterState,
  type FilterValue,
  type FilterValueType,
  resultLimitFilterId,
  resultLimitFilterName,
} from './filterTypes.js';
