import type { QueryCondition } from '../types.js';
import { noArgumentFilterOperators, takesRecords } from './filterOperators.js';
import { isRange } from './filterState.js';
import type { Filter, FilterQuery } from './filterTypes.js';
import { maxFilterTextLength } from './normaliseFilterValue.js';

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * Whether a filter applies (spec 02 §5): it has a value, or its operator needs none (IsNull,
 * IsNotNull, Today, CurrentUser, IsFalse, IsTrue, and the current periods of IsOnly), or it is a
 * yes/no filter. Hidden filters are the report's own and always apply on the server.
 */
export function isFilterApplied(filter: Filter): boolean {
  if (filter.hidden) return false;
  if (noArgumentFilterOperators.has(filter.operatorId) || filter.columnType === 'Bool') return true;
  if (takesRecords(filter.operatorId)) return filter.filterEids.length > 0;
  switch (filter.operatorId) {
    case 'IsOnly':
      return filter.dateOperatorId !== null;
    case 'InTheLast':
    case 'InTheNext':
      return filter.dateOperatorId !== null && filter.dateOperatorValue !== null;
    case 'Between':
      return isRange(filter.value) && (hasValue(filter.value.from) || hasValue(filter.value.to));
    default:
      return !isRange(filter.value) && hasValue(filter.value);
  }
}

/**
 * The filters the badge counts and the chips show: those that apply, except a yes/no filter with
 * no value chosen (it applies, but matches every record).
 */
export const activeFilters = (filters: Filter[]): Filter[] =>
  filters.filter((f) => isFilterApplied(f) && !(f.columnType === 'Bool' && f.value === null));

/** The condition a filter sends; one that does not apply sends its operator only, so that it overrides the report's stored value. */
function conditionOf(filter: Filter): QueryCondition {
  const applies = isFilterApplied(filter);
  if (filter.dateOperatorId !== null) {
    const n = filter.dateOperatorValue;
    return {
      expid: filter.filterId,
      oper: filter.dateOperatorId,
      type: filter.columnType,
      ...(applies && n !== null && filter.operatorId !== 'IsOnly' ? { value: n } : {}),
    };
  }
  const oper = filter.operatorId;
  const condition: QueryCondition = { expid: filter.filterId, type: filter.columnType };
  if (
    oper !== 'InTheLast' &&
    oper !== 'InTheNext' &&
    oper !== 'IsOnly' &&
    oper !== 'ResultLimit' &&
    oper !== 'Unspecified'
  )
    condition.oper = oper;
  if (!applies || noArgumentFilterOperators.has(oper)) return condition;
  if (takesRecords(oper)) return { ...condition, valueList: filter.filterEids.slice(0, 1000) };
  if (isRange(filter.value)) {
    return {
      ...condition,
      ...(filter.value.from ? { value: filter.value.from } : {}),
      ...(filter.value.to ? { values: [filter.value.to] } : {}),
    };
  }
  const value = typeof filter.value === 'string' ? filter.value.slice(0, maxFilterTextLength) : filter.value;
  return value === null ? condition : { ...condition, value };
}

/**
 * The filters' part of the report query: a condition per visible filter (`expid` = the filter id),
 * and the result limit. A filter that does not apply is sent without a value, so the server does
 * not fall back to the value stored in the report.
 */
export function filterQueryOf(filters: Filter[]): FilterQuery {
  const conds = filters
    .filter((f) => !f.hidden && f.operatorId !== 'ResultLimit')
    .map(conditionOf)
    .slice(0, 100);
  const limit = filters.find((f) => f.operatorId === 'ResultLimit');
  const limitValue = typeof limit?.value === 'number' ? Math.max(1, Math.trunc(limit.value)) : undefined;
  return limitValue === undefined ? { conds } : { conds, limitOperator: 'ResultLimit', limitValue };
}

/** The Filter button's badge: the number of applied filters, '9+' over 9, nothing at 0 (spec 02 §9). */
export function filterBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? '9+' : String(Math.trunc(count));
}
