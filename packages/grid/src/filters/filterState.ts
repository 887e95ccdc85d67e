import { MAX_RELATIVE_DATE_COUNT, type RelativeDateOperator } from '@plinth/schema';
import { fillMissingBound, setRangeBound } from './betweenRange.js';
import {
  dateOperatorIdsFor,
  defaultDateOperatorFor,
  defaultFilterOperator,
  operatorIdsFor,
  operatorOptions,
  takesArgument,
  takesRecords,
  valueTypeFor,
} from './filterOperators.js';
import type {
  Filter,
  FilterChoice,
  FilterOperatorId,
  FilterRange,
  FilterState,
  FilterValue,
} from './filterTypes.js';
import { normaliseScalar } from './normaliseFilterValue.js';

/**
 * The filter operations of spec 02 §4 "Filters", pure: update stored, apply, reset, discard, and
 * clearing one applied filter (a chip's clear button).
 */

/** One edit of a filter in the Filter popup. */
export type FilterChange =
  | { kind: 'operator'; operatorId: FilterOperatorId }
  | { kind: 'value'; value: unknown }
  | { kind: 'bound'; bound: 'from' | 'to'; value: string | null }
  | { kind: 'dateOperator'; dateOperatorId: RelativeDateOperator }
  | { kind: 'dateOperatorValue'; value: number | null }
  | { kind: 'choices'; options: FilterChoice[] };

export const isRange = (value: FilterValue): value is FilterRange =>
  typeof value === 'object' && value !== null;

const emptyRange: FilterRange = { from: null, to: null };

/** The first value of a range, or the value itself. */
const firstOf = (value: FilterValue): unknown => (isRange(value) ? value.from : value);

/**
 * Switches a filter's operator (spec 02 §4): InTheLast starts at LastNDays, InTheNext at
 * NextNDays; an operator that takes no argument clears the value; Between keeps a value as its
 * 'From'; leaving Between keeps 'From'.
 */
export function changeOperator(filter: Filter, operatorId: FilterOperatorId): Filter {
  if (filter.operatorId === operatorId || !filter.operators.some((o) => o.id === operatorId)) return filter;
  const operatorsFieldType = valueTypeFor(filter.columnType, operatorId);
  const dateOperatorId = defaultDateOperatorFor(operatorId);
  const keepsCount = dateOperatorId !== null && filter.dateOperatorId !== null && operatorId !== 'IsOnly';
  let value: FilterValue = null;
  if (takesArgument(operatorId) && dateOperatorId === null) {
    const previous = firstOf(filter.value);
    value =
      operatorId === 'Between'
        ? {
            ...emptyRange,
            from: normaliseScalar(valueTypeFor(filter.columnType, 'Equal'), previous) as string | null,
          }
        : normaliseScalar(operatorsFieldType, previous);
  }
  const isChoice = takesRecords(operatorId);
  return {
    ...filter,
    operatorId,
    operatorsFieldType,
    value,
    dateOperatorId,
    dateOperatorValue: keepsCount ? filter.dateOperatorValue : null,
    choiceSelectedOptions: isChoice ? filter.choiceSelectedOptions : [],
    filterEids: isChoice ? filter.filterEids : [],
  };
}

/** The result limit: an integer of at least 1; zero or negative becomes 1 (spec 02 §5). */
export function coerceLimit(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(n) ? Math.max(1, Math.trunc(n)) : null;
}

/** The count of InTheLast / InTheNext: an integer from 1 to 10,000. */
export function coerceDateCount(value: unknown): number | null {
  const n = typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) ? Math.min(MAX_RELATIVE_DATE_COUNT, Math.max(1, Math.trunc(n))) : null;
}

/** One filter with one change; the same filter when the change does not apply to it. */
export function changeFilter(filter: Filter, change: FilterChange): Filter {
  switch (change.kind) {
    case 'operator':
      return changeOperator(filter, change.operatorId);
    case 'value': {
      if (filter.operatorId === 'ResultLimit') return { ...filter, value: coerceLimit(change.value) };
      if (!takesArgument(filter.operatorId) || isRange(filter.value) || filter.dateOperatorId !== null)
        return filter;
      if (takesRecords(filter.operatorId)) return filter;
      return { ...filter, value: normaliseScalar(filter.operatorsFieldType, change.value) };
    }
    case 'bound': {
      if (filter.operatorId !== 'Between') return filter;
      const range = isRange(filter.value) ? filter.value : emptyRange;
      const scalarType = valueTypeFor(filter.columnType, 'Equal');
      const value = normaliseScalar(scalarType, change.value) as string | null;
      return { ...filter, value: setRangeBound(filter.operatorsFieldType, range, change.bound, value) };
    }
    case 'dateOperator':
      return dateOperatorIdsFor(filter.operatorId).includes(change.dateOperatorId)
        ? { ...filter, dateOperatorId: change.dateOperatorId }
        : filter;
    case 'dateOperatorValue':
      return filter.operatorId === 'InTheLast' || filter.operatorId === 'InTheNext'
        ? { ...filter, dateOperatorValue: coerceDateCount(change.value) }
        : filter;
    case 'choices': {
      if (!takesRecords(filter.operatorId)) return filter;
      const options = change.options.filter((o) => Number.isSafeInteger(o.id) && o.id > 0);
      return { ...filter, choiceSelectedOptions: options, filterEids: options.map((o) => o.id) };
    }
  }
}

/** Updates a stored (edited, not yet applied) filter. */
export function updateStoredFilter(state: FilterState, filterId: string, change: FilterChange): FilterState {
  let changed = false;
  const stored = state.stored.map((f) => {
    if (f.filterId !== filterId || f.hidden) return f;
    const next = changeFilter(f, change);
    changed ||= next !== f;
    return next;
  });
  return changed ? { ...state, stored } : state;
}

/** A Between filter with one bound gets the other filled (spec 02 §5), as it will apply. */
function completed(filter: Filter): Filter {
  if (filter.operatorId !== 'Between' || !isRange(filter.value)) return filter;
  const value = fillMissingBound(filter.operatorsFieldType, filter.value);
  return value === filter.value ? filter : { ...filter, value };
}

/** Commits the stored filters (Apply). */
export function applyFilters(state: FilterState): FilterState {
  const applied = state.stored.map(completed);
  return { ...state, applied, stored: applied };
}

/** Drops the stored changes (the popup closed without Apply). */
export function discardFilters(state: FilterState): FilterState {
  return state.stored === state.applied ? state : { ...state, stored: state.applied };
}

/** A filter without a value, on its type's first operator; the result limit back to the report's. */
function cleared(filter: Filter, defaults: Filter[]): Filter {
  if (filter.hidden) return filter;
  if (filter.operatorId === 'ResultLimit')
    return defaults.find((d) => d.filterId === filter.filterId) ?? filter;
  const operatorId = defaultFilterOperator(filter.columnType);
  const ids = operatorIdsFor(filter.columnType);
  return {
    ...filter,
    operators: operatorOptions(ids),
    operatorId,
    operatorsFieldType: valueTypeFor(filter.columnType, operatorId),
    value: null,
    dateOperatorId: null,
    dateOperatorValue: null,
    choiceSelectedOptions: [],
    filterEids: [],
  };
}

/** Clears every filter (the popup's Reset) and applies that. */
export function resetFilters(state: FilterState): FilterState {
  const applied = state.stored.map((f) => cleared(f, state.defaults));
  return { ...state, applied, stored: applied };
}

/** Clears one applied filter (its chip's clear button) and applies that. */
export function clearFilter(state: FilterState, filterId: string): FilterState {
  if (!state.applied.some((f) => f.filterId === filterId)) return state;
  const applied = state.applied.map((f) => (f.filterId === filterId ? cleared(f, state.defaults) : f));
  return { ...state, applied, stored: applied };
}

/** Back to the report's own filters (reset to default view). */
export function restoreDefaultFilters(state: FilterState): FilterState {
  return { ...state, applied: state.defaults, stored: state.defaults };
}
