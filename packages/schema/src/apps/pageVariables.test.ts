import { describe, expect, it } from 'vitest';
import {
  isPageVariableValueValid,
  pageVariableNameMessages,
  pageVariableNameProblem,
  pageVariableValueText,
  readPageVariableValue,
} from './pageVariables.js';

describe('a page variable value typed as text', () => {
  it.each([
    ['Bool', 'TRUE', true],
    ['Bool', 'false', false],
    ['Int32', ' -42 ', -42],
    ['Decimal', '12.5', 12.5],
    ['Currency', '-0.25', -0.25],
    ['Date', '2026-02-28', '2026-02-28'],
    ['DateTime', '2026-02-28T10:30:00+10:00', '2026-02-28T00:30:00.000Z'],
    ['Time', '09:05', '09:05:00'],
    ['Entity', '5001', 5001],
    ['String', ' as typed ', ' as typed '],
  ] as const)('a %s reads %j as %j', (type, text, value) => {
    expect(readPageVariableValue(type, false, text)).toEqual({ ok: true, value });
  });

  it.each([
    ['Bool', 'yes', 'The value is invalid.'],
    ['Int32', '1.5', 'The value is not a valid number.'],
    [
      'Int32',
      '3000000000',
      'The value is out of range; the value must be between -2147483648 and 2147483647 inclusive',
    ],
    ['Decimal', '1e3', 'The value is not a valid number.'],
    [
      'Currency',
      '2000000000000',
      'The value is out of range; the value must be between -1000000000000 and 1000000000000 inclusive',
    ],
    ['Date', '2026-02-30', 'The value is not a valid date.'],
    ['DateTime', '2026-02-28 10:30', 'The value is not a valid date time.'],
    ['Time', '24:00', 'Invalid time value'],
    ['Entity', '0', 'The value is invalid.'],
    ['String', 'x'.repeat(1001), 'The value is too long; the maximum length is 1000 characters.'],
  ] as const)('a %s refuses %j with the spec message', (type, text, message) => {
    expect(readPageVariableValue(type, false, text)).toEqual({ ok: false, message });
  });

  it('is no value when empty', () => {
    expect(readPageVariableValue('Int32', false, '  ')).toEqual({ ok: true, value: undefined });
    expect(readPageVariableValue('String', true, '\n\n')).toEqual({ ok: true, value: undefined });
  });

  it('reads a list one value per line, refusing the whole list for one bad value', () => {
    expect(readPageVariableValue('Int32', true, '1\n\n2\n')).toEqual({ ok: true, value: [1, 2] });
    expect(readPageVariableValue('Date', true, '2026-01-31\n2026-02-30')).toEqual({
      ok: false,
      message: 'The value is not a valid date.',
    });
  });

  it('edits a stored value as the text it was read from', () => {
    expect(pageVariableValueText(true, [1, 2])).toBe('1\n2');
    expect(pageVariableValueText(false, true)).toBe('true');
    expect(pageVariableValueText(false, undefined)).toBe('');
  });

  it('says whether a stored value still matches a changed type', () => {
    expect(isPageVariableValueValid({ type: 'Int32', isList: false, value: 3 })).toBe(true);
    expect(isPageVariableValueValid({ type: 'Date', isList: false, value: 3 })).toBe(false);
  });
});

describe('a page variable name', () => {
  it('must be a name, not one every page has, and unique in any case', () => {
    expect(pageVariableNameProblem('Total_2', ['Other'])).toBeNull();
    expect(pageVariableNameProblem('2nd', [])).toBe(pageVariableNameMessages.format);
    expect(pageVariableNameProblem('has space', [])).toBe(pageVariableNameMessages.format);
    expect(pageVariableNameProblem('pageinput', [])).toBe(pageVariableNameMessages.builtIn);
    expect(pageVariableNameProblem('total', ['Total'])).toBe(pageVariableNameMessages.duplicate);
  });
});
