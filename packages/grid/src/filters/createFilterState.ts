import { type ConditionOperator, conditionOperators } from '@plinth/schema';
import type { ReportMeta } from '../types.js';
import {
  defaultFilterOperator,
  filterOperatorOf,
  operatorIdsFor,
  operatorOptions,
  valueTypeFor,
} from './filterOperators.js';
import {
  type Filter,
  type FilterState,
  type FilterValue,
  resultLimitFilterId,
  resultLimitFilterName,
} from './filterTypes.js';
import { normaliseScalar } from './normaliseFilterValue.js';

export interface FilterStateOptions {
  /** The tenant's currency symbol, shown by currency filters; default '$'. */
  currencySymbol?: string;
}

type AnalyserColumn = ReportMeta['anlcols'][string];

const isConditionOperator = (op: string | undefined): op is ConditionOperator =>
  op !== undefined && (conditionOperators as readonly string[]).includes(op);

const relationshipTypes = new Set([
  'ChoiceRelationship',
  'InlineRelationship',
  'UserInlineRelationship',
  'RelatedResource',
  'StructureLevels',
]);

/** A filter of the report from its analyser column (its condition), with the condition's operator and value. */
export function filterFromCondition(
  filterId: string,
  condition: AnalyserColumn,
  meta: Pick<ReportMeta, 'rcols'>,
  options: FilterStateOptions = {},
): Filter {
  const type = condition.type;
  const column = meta.rcols[condition.colid];
  let ids = operatorIdsFor(type);
  let operatorId = defaultFilterOperator(type);
  let dateOperatorId: Filter['dateOperatorId'] = null;
  let dateOperatorValue: number | null = null;
  let value: FilterValue = null;
  const stored = isConditionOperator(condition.oper) ? condition.oper : undefined;
  if (type === 'Bool' && (stored === 'IsTrue' || stored === 'IsFalse')) {
    // The same records as = Yes / = No.
    value = stored === 'IsTrue';
  } else if (stored) {
    const mapped = filterOperatorOf(stored);
    operatorId = mapped.operatorId;
    dateOperatorId = mapped.dateOperatorId;
    if (!ids.includes(operatorId)) ids = [operatorId, ...ids];
  }
  const operatorsFieldType = valueTypeFor(type, operatorId);
  const isChoice = relationshipTypes.has(type);
  const filterEids: number[] = [];
  if (operatorId === 'InTheLast' || operatorId === 'InTheNext') {
    const n = Number(condition.value);
    dateOperatorValue = Number.isInteger(n) && n >= 1 ? n : null;
  } else if (operatorId === 'Between') {
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    value = { from: text(condition.value), to: text(condition.values?.[0]) };
  } else if (isChoice) {
    for (const v of [condition.value, ...(condition.values ?? [])]) {
      const id = Number(v);
      if (v !== null && v !== '' && Number.isSafeInteger(id) && id > 0 && !filterEids.includes(id))
        filterEids.push(id);
    }
  } else if (type !== 'Bool' || value === null) {
    value = normaliseScalar(operatorsFieldType, condition.value ?? null);
  }
  return {
    filterId,
    columnId: condition.colid,
    name: condition.title,
    columnType: type,
    operators: operatorOptions(ids),
    operatorId,
    operatorsFieldType,
    value,
    dateOperatorId,
    dateOperatorValue,
    choiceSelectedOptions: [],
    entityTypeId: isChoice ? (column?.tid ?? null) : null,
    currencySymbol: type === 'Currency' ? (options.currencySymbol ?? '$') : null,
    hidden: condition.hidden,
    predefinedFilter: true,
    pickerId: null,
    filterEids,
  };
}

/** The always-present result-limit filter (spec 02 §3), with the report's limit. */
export function resultLimitFilter(limit: number | undefined): Filter {
  return {
    filterId: resultLimitFilterId,
    columnId: resultLimitFilterId,
    name: resultLimitFilterName,
    columnType: 'Int32',
    operators: [],
    operatorId: 'ResultLimit',
    operatorsFieldType: 'Int32',
    value: typeof limit === 'number' && Number.isFinite(limit) ? Math.max(1, Math.trunc(limit)) : null,
    dateOperatorId: null,
    dateOperatorValue: null,
    choiceSelectedOptions: [],
    entityTypeId: null,
    currencySymbol: null,
    hidden: false,
    predefinedFilter: false,
    pickerId: null,
    filterEids: [],
  };
}

/**
 * The filter state of a report from its metadata: a filter per analyser column (`meta.anlcols`,
 * in their order), then the result-limit filter.
 */
export function createFilterState(
  meta: Pick<ReportMeta, 'anlcols' | 'rcols' | 'limit'> | undefined,
  options: FilterStateOptions = {},
): FilterState {
  const filters = Object.entries(meta?.anlcols ?? {}).map(([id, condition]) =>
    filterFromCondition(id, condition, { rcols: meta?.rcols ?? {} }, options),
  );
  const defaults = [...filters, resultLimitFilter(meta?.limit)];
  return { defaults, applied: defaults, stored: defaults };
}
