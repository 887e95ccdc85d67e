import type { ConditionOperator, RelativeDateOperator } from '@plinth/schema';
import type { QueryCondition, ReportValueType } from '../types.js';

/**
 * A filter's operator as the Filter popup offers it: a condition operator, or one of the groups of
 * relative date operators (the specific one is the filter's `dateOperatorId`), or the result limit.
 */
export type FilterOperatorId =
  | ConditionOperator
  | 'InTheLast'
  | 'InTheNext'
  | 'IsOnly'
  | 'ResultLimit'
  | 'Unspecified';

/** The kind of value editor a filter shows (spec 02 §3 "Filter value types", plus yes/no). */
export type FilterValueType =
  | 'String'
  | 'Currency'
  | 'Decimal'
  | 'Int32'
  | 'Date'
  | 'DateRange'
  | 'DateTime'
  | 'DateTimeRange'
  | 'Time'
  | 'TimeRange'
  | 'Bool'
  | 'ChoiceRelationship'
  | 'InlineRelationship'
  | 'UserInlineRelationship'
  | 'RelatedResource'
  | 'StructureLevels'
  | 'IsOnly'
  | 'InTheNext'
  | 'InTheLast';

/**
 * The two bounds of a Between filter. Dates are `yyyy-MM-dd`, date-times UTC ISO instants, times
 * `HH:mm:ss`.
 */
export interface FilterRange {
  from: string | null;
  to: string | null;
}

export type FilterScalar = string | number | boolean | null;
export type FilterValue = FilterScalar | FilterRange;

export interface FilterOperatorOption {
  id: FilterOperatorId;
  label: string;
}

/** A record chosen in a choice or record filter. */
export interface FilterChoice {
  id: number;
  name: string;
}

/** One filter of the Filter popup (spec 02 §3 "Filter"). */
export interface Filter {
  /** The condition id (`expid`); the result-limit filter has {@link resultLimitFilterId}. */
  filterId: string;
  /** The report column the condition is on. */
  columnId: string;
  name: string;
  /** The column's value type. */
  columnType: ReportValueType;
  operators: FilterOperatorOption[];
  operatorId: FilterOperatorId;
  operatorsFieldType: FilterValueType;
  value: FilterValue;
  /** InTheLast, InTheNext and IsOnly: the relative date operator sent to the server. */
  dateOperatorId: RelativeDateOperator | null;
  /** InTheLast and InTheNext: the count N. */
  dateOperatorValue: number | null;
  choiceSelectedOptions: FilterChoice[];
  /** Choice and record filters: the type the records are of. */
  entityTypeId: number | null;
  currencySymbol: string | null;
  /** The report's own conditions the user cannot see or change. */
  hidden: boolean;
  /** Defined in the report (every filter but the result limit). */
  predefinedFilter: boolean;
  /** Choice and record filters: the picker report, when not the type's default. */
  pickerId: string | null;
  /** Choice and record filters: the chosen record ids. */
  filterEids: number[];
}

/** The filter state of a report: the popup edits `stored`; the query uses `applied`. */
export interface FilterState {
  /** The report's own filters, restored by reset to default view. */
  defaults: Filter[];
  applied: Filter[];
  stored: Filter[];
}

/** The filters' part of a report query (spec 02 §3 "Query"). */
export interface FilterQuery {
  conds: QueryCondition[];
  limitOperator?: 'ResultLimit';
  limitValue?: number;
}

export const resultLimitFilterId = 'ResultLimit';
/** The result-limit filter's label (spec 02 §3), verbatim. */
export const resultLimitFilterName = 'Limit results to top N records';
