import {
  type ConditionOperator,
  inTheLastOperators,
  inTheNextOperators,
  isOnlyOperators,
  type RelativeDateOperator,
} from '@plinth/schema';
import type { ReportValueType } from '../types.js';
import type { FilterOperatorId, FilterOperatorOption, FilterValueType } from './filterTypes.js';

/** Operator labels; comparisons as spec 02 §9 writes them. */
export const filterOperatorLabels: Record<FilterOperatorId, string> = {
  Equal: '=',
  NotEqual: '≠',
  GreaterThan: '>',
  GreaterThanOrEqual: '>=',
  LessThan: '<',
  LessThanOrEqual: '<=',
  Contains: 'Contains',
  StartsWith: 'Starts with',
  EndsWith: 'Ends with',
  IsNull: 'Is empty',
  IsNotNull: 'Is not empty',
  Between: 'Between',
  DateEquals: 'On',
  Today: 'Today',
  IsOnly: 'Is only',
  InTheLast: 'In the last',
  InTheNext: 'In the next',
  IsTrue: 'Yes',
  IsFalse: 'No',
  AnyOf: 'Any of',
  AnyExcept: 'Any except',
  CurrentUser: 'Current user',
  AnyBelow: 'Any below',
  AtOrBelow: 'At or below',
  AnyAbove: 'Any above',
  AtOrAbove: 'At or above',
  ResultLimit: 'Limit',
  Unspecified: '',
  ThisWeek: 'This week',
  ThisMonth: 'This month',
  ThisQuarter: 'This quarter',
  ThisYear: 'This year',
  CurrentFinancialYear: 'Current financial year',
  LastNDays: 'Days',
  LastNDaysTillNow: 'Days till now',
  LastNWeeks: 'Weeks',
  LastNMonths: 'Months',
  LastNQuarters: 'Quarters',
  LastNYears: 'Years',
  LastNFinancialYears: 'Financial years',
  NextNDays: 'Days',
  NextNDaysFromNow: 'Days from now',
  NextNWeeks: 'Weeks',
  NextNMonths: 'Months',
  NextNQuarters: 'Quarters',
  NextNYears: 'Years',
  NextNFinancialYears: 'Financial years',
};

/** Operators that take no value (spec 02 §5 "No-argument operators"). */
export const noArgumentFilterOperators: ReadonlySet<FilterOperatorId> = new Set([
  'IsNull',
  'IsNotNull',
  'Today',
  'CurrentUser',
  'IsFalse',
  'IsTrue',
]);

const comparisons = [
  'Equal',
  'GreaterThan',
  'LessThan',
  'GreaterThanOrEqual',
  'LessThanOrEqual',
  'NotEqual',
] as const satisfies readonly FilterOperatorId[];
const empties = ['IsNull', 'IsNotNull'] as const satisfies readonly FilterOperatorId[];

/** The operators a filter on a column of this type offers. */
export function operatorIdsFor(type: ReportValueType): FilterOperatorId[] {
  switch (type) {
    case 'String':
      return ['Equal', 'NotEqual', 'Contains', 'StartsWith', 'EndsWith', ...empties];
    case 'Int32':
    case 'Decimal':
    case 'Currency':
    case 'AutoNumber':
      return [...comparisons, ...empties];
    case 'Date':
    case 'DateTime':
      return [...comparisons, 'Between', 'Today', 'IsOnly', 'InTheLast', 'InTheNext', ...empties];
    case 'Time':
      return [...comparisons, 'Between', ...empties];
    case 'Bool':
      return ['Equal', 'NotEqual'];
    case 'UserInlineRelationship':
      return ['AnyOf', 'AnyExcept', 'CurrentUser', ...empties];
    case 'StructureLevels':
      return ['AnyBelow', 'AtOrBelow', 'AnyAbove', 'AtOrAbove', 'AnyOf', 'AnyExcept', ...empties];
    case 'ChoiceRelationship':
    case 'InlineRelationship':
    case 'RelatedResource':
    case 'Image':
      return ['AnyOf', 'AnyExcept', ...empties];
    default:
      // A type this browser does not know (a newer server): compare and test for empty only.
      return ['Equal', 'NotEqual', ...empties];
  }
}

const recordListOperators: ReadonlySet<FilterOperatorId> = new Set([
  'AnyOf',
  'AnyExcept',
  'AnyBelow',
  'AtOrBelow',
  'AnyAbove',
  'AtOrAbove',
]);

/** Whether the operator's value is a list of chosen records (AnyOf, AnyExcept, structure levels). */
export const takesRecords = (operatorId: FilterOperatorId): boolean => recordListOperators.has(operatorId);

/** The operator a new (or cleared) filter starts with, per type (schema's default where it offers one). */
export function defaultFilterOperator(type: ReportValueType): FilterOperatorId {
  switch (type) {
    case 'String':
      return 'Equal';
    case 'Bool':
      return 'Equal';
    case 'ChoiceRelationship':
    case 'InlineRelationship':
    case 'UserInlineRelationship':
    case 'RelatedResource':
    case 'Image':
      return 'AnyOf';
    case 'StructureLevels':
      return 'AnyBelow';
    default:
      return operatorIdsFor(type).includes('GreaterThan') ? 'GreaterThan' : 'Equal';
  }
}

export function operatorOptions(ids: readonly FilterOperatorId[]): FilterOperatorOption[] {
  return ids.map((id) => ({ id, label: filterOperatorLabels[id] }));
}

const includes = (list: readonly string[], op: string) => list.includes(op);

/** The popup operator of a condition operator: relative date operators fall into their group. */
export function filterOperatorOf(oper: ConditionOperator): {
  operatorId: FilterOperatorId;
  dateOperatorId: RelativeDateOperator | null;
} {
  if (includes(inTheLastOperators, oper))
    return { operatorId: 'InTheLast', dateOperatorId: oper as RelativeDateOperator };
  if (includes(inTheNextOperators, oper))
    return { operatorId: 'InTheNext', dateOperatorId: oper as RelativeDateOperator };
  if (oper !== 'Today' && includes(isOnlyOperators, oper))
    return { operatorId: 'IsOnly', dateOperatorId: oper as RelativeDateOperator };
  return { operatorId: oper, dateOperatorId: null };
}

/** The relative date operators a group offers (IsOnly: the current periods, without Today). */
export function dateOperatorIdsFor(operatorId: FilterOperatorId): RelativeDateOperator[] {
  if (operatorId === 'InTheLast') return [...inTheLastOperators];
  if (operatorId === 'InTheNext') return [...inTheNextOperators];
  if (operatorId === 'IsOnly') return isOnlyOperators.filter((o) => o !== 'Today');
  return [];
}

/** The date operator a group starts with (spec 02 §4: LastNDays, NextNDays). */
export function defaultDateOperatorFor(operatorId: FilterOperatorId): RelativeDateOperator | null {
  if (operatorId === 'InTheLast') return 'LastNDays';
  if (operatorId === 'InTheNext') return 'NextNDays';
  if (operatorId === 'IsOnly') return 'ThisWeek';
  return null;
}

/** Whether the operator takes a value in the value field (IsOnly takes a period instead). */
export function takesArgument(operatorId: FilterOperatorId): boolean {
  return !noArgumentFilterOperators.has(operatorId) && operatorId !== 'IsOnly';
}

/** The value editor for a column type under an operator. */
export function valueTypeFor(type: ReportValueType, operatorId: FilterOperatorId): FilterValueType {
  if (operatorId === 'InTheLast' || operatorId === 'InTheNext' || operatorId === 'IsOnly') return operatorId;
  if (operatorId === 'ResultLimit') return 'Int32';
  if (operatorId === 'Between') {
    if (type === 'Date') return 'DateRange';
    if (type === 'DateTime') return 'DateTimeRange';
    if (type === 'Time') return 'TimeRange';
  }
  if (type === 'Image') return 'InlineRelationship';
  return type === 'AutoNumber' ? 'Int32' : type;
}
