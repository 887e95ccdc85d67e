/** Condition operators of report filters and conditions (spec 02 §9, spec 03 §9). */
export const comparisonOperators = [
  'Equal',
  'NotEqual',
  'GreaterThan',
  'GreaterThanOrEqual',
  'LessThan',
  'LessThanOrEqual',
] as const;
export const textOperators = [
  'Equal',
  'NotEqual',
  'Contains',
  'StartsWith',
  'EndsWith',
  'IsNull',
  'IsNotNull',
] as const;
export const nullOperators = ['IsNull', 'IsNotNull'] as const;

/** Date operators of the IsOnly group: the current period. */
export const isOnlyOperators = [
  'Today',
  'ThisWeek',
  'ThisMonth',
  'ThisQuarter',
  'ThisYear',
  'CurrentFinancialYear',
] as const;
/** Date operators of the InTheLast group, each taking a count N. */
export const inTheLastOperators = [
  'LastNDays',
  'LastNDaysTillNow',
  'LastNWeeks',
  'LastNMonths',
  'LastNQuarters',
  'LastNYears',
  'LastNFinancialYears',
] as const;
/** Date operators of the InTheNext group, each taking a count N. */
export const inTheNextOperators = [
  'NextNDays',
  'NextNDaysFromNow',
  'NextNWeeks',
  'NextNMonths',
  'NextNQuarters',
  'NextNYears',
  'NextNFinancialYears',
] as const;
export const relationshipOperators = ['AnyOf', 'AnyExcept', 'IsNull', 'IsNotNull', 'CurrentUser'] as const;
export const structureLevelOperators = ['AnyBelow', 'AtOrBelow', 'AnyAbove', 'AtOrAbove'] as const;

export const conditionOperators = [
  ...new Set([
    ...comparisonOperators,
    ...textOperators,
    ...isOnlyOperators,
    ...inTheLastOperators,
    ...inTheNextOperators,
    'Between',
    'DateEquals',
    'IsTrue',
    'IsFalse',
    ...relationshipOperators,
    ...structureLevelOperators,
  ] as const),
] as const;
export type ConditionOperator = (typeof conditionOperators)[number];
export type RelativeDateOperator =
  | (typeof isOnlyOperators)[number]
  | (typeof inTheLastOperators)[number]
  | (typeof inTheNextOperators)[number];

/** Operators that take no value (spec 02 §5 "No-argument operators"), plus the current-period ones. */
export const noArgumentOperators: ReadonlySet<ConditionOperator> = new Set([
  'IsNull',
  'IsNotNull',
  'Today',
  'CurrentUser',
  'IsFalse',
  'IsTrue',
  'ThisWeek',
  'ThisMonth',
  'ThisQuarter',
  'ThisYear',
  'CurrentFinancialYear',
]);

export type StructureLevelOperator = (typeof structureLevelOperators)[number];

/** True for the structure-level operators (below / above some records in a hierarchy). */
export function isStructureLevelOperator(op: ConditionOperator): op is StructureLevelOperator {
  return (structureLevelOperators as readonly string[]).includes(op);
}

export function isRelativeDateOperator(op: ConditionOperator): op is RelativeDateOperator {
  return (
    (isOnlyOperators as readonly string[]).includes(op) ||
    (inTheLastOperators as readonly string[]).includes(op) ||
    (inTheNextOperators as readonly string[]).includes(op)
  );
}

/** The kinds of value a report column or condition has (spec 02 "Filter value types"). */
export const reportValueTypes = [
  'String',
  'Int32',
  'Decimal',
  'Currency',
  'Date',
  'DateTime',
  'Time',
  'Bool',
  'AutoNumber',
  'ChoiceRelationship',
  'InlineRelationship',
  'UserInlineRelationship',
  'RelatedResource',
  'StructureLevels',
  /** Related documents shown as images (decision 0022); filtered as the relationship it is. */
  'Image',
] as const;
export type ReportValueType = (typeof reportValueTypes)[number];

/** The operator a new condition starts with, per value type (spec 03 §9). */
export function defaultOperatorFor(type: ReportValueType): ConditionOperator | undefined {
  switch (type) {
    case 'ChoiceRelationship':
    case 'InlineRelationship':
    case 'UserInlineRelationship':
    case 'RelatedResource':
    case 'Image':
      return 'AnyOf';
    case 'Int32':
    case 'Decimal':
    case 'Currency':
    case 'AutoNumber':
    case 'Date':
    case 'DateTime':
    case 'Time':
      return 'GreaterThan';
    case 'String':
      return 'Equal';
    case 'Bool':
      return undefined;
    case 'StructureLevels':
      return 'AnyBelow';
  }
}

/** Aggregates of grouped reports, in the spec's order (spec 02 §9). */
export const aggregateKinds = [
  'Count',
  'CountUnique',
  'CountAll',
  'Sum',
  'Average',
  'Max',
  'Min',
  'CountUniqueNoBlanks',
  'List',
  'StandardDeviation',
  'PopulationStandardDeviation',
  'Variance',
  'PopulationVariance',
] as const;
export type AggregateKind = (typeof aggregateKinds)[number];
