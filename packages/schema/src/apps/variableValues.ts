import { invalidValueMessage } from '../validation/messages.js';
import type { VariableType } from './pageComponents.js';
import { pageVariableValueText, readPageVariableValue } from './pageVariables.js';

/**
 * What is wrong with a page variable's stored value for its type (spec 01 §5 "Page variable values
 * must match type"), or null when it matches. No value matches every type. A stored value matches
 * when the page variables panel would read its text back as it is (decision 0119's text forms,
 * `readPageVariableValue`); a list's value must be a list, a single value must not be, and a
 * String's value is text (decision 0120).
 *
 * @example variableValueProblem('Int32', false, 42) // null
 * @example variableValueProblem('Date', false, '2026-02-30') // 'The value is not a valid date.'
 */
export function variableValueProblem(type: VariableType, isList: boolean, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (isList !== Array.isArray(value)) return invalidValueMessage;
  const items: unknown[] = Array.isArray(value) ? value : [value];
  const isScalar = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);
  if (!items.every(isScalar)) return invalidValueMessage;
  if (type === 'String' && !items.every((v) => typeof v === 'string')) return invalidValueMessage;
  // A list item of several lines would read back as several items.
  if (isList && items.some((v) => String(v).includes('\n') || String(v).trim() === ''))
    return invalidValueMessage;
  const read = readPageVariableValue(type, isList, pageVariableValueText(isList, value));
  return read.ok ? null : read.message;
}
