import type { PickerCondition } from './pickerTypes';

const symbols: Record<string, string> = {
  Equal: '=',
  NotEqual: '≠',
  GreaterThan: '>',
  GreaterThanOrEqual: '>=',
  LessThan: '<',
  LessThanOrEqual: '<=',
};

/** 'Contains' → 'contains', 'AnyOf' → 'any of'. */
const words = (operator: string) => operator.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** The report's own conditions in one line: 'Status = Active; Region contains north'. */
export function conditionsText(conditions: readonly PickerCondition[]): string {
  return conditions
    .map(({ title, operator, value }) =>
      [title, operator ? (symbols[operator] ?? words(operator)) : '', value].filter(Boolean).join(' '),
    )
    .join('; ');
}
