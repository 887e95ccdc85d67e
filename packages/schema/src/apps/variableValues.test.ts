import { describe, expect, it } from 'vitest';
import type { VariableType } from './pageComponents.js';
import { variableValueProblem } from './variableValues.js';

/** Spec 01 §5: page variable values must match their type (decisions 0119, 0120). */
describe('stored page variable values against their types', () => {
  const cases: Array<[VariableType, unknown[], unknown[]]> = [
    ['Bool', [true, false, 'true'], ['yes', 1, {}]],
    ['Int32', [0, -5, 2147483647, -2147483648, '42'], [1.5, 2147483648, 'ten', true, { n: 1 }]],
    ['Decimal', [1.5, -0.25, 3, '12.50'], ['1e5', '1,000', 2e12, true, 'abc']],
    ['Currency', [12.5, '99.99', 0], ['€5', '12,50', false]],
    ['Date', ['2026-11-28', '2024-02-29'], ['2026-02-30', '2023-02-29', '28/11/2026', 20261128]],
    ['DateTime', ['2026-11-28T14:30:05Z', '2026-11-28T09:00:00+01:00'], ['2026-11-28T25:00:00Z', 'now', 0]],
    ['Time', ['14:30', '00:00:00', '23:59:59'], ['24:00', '14:60', 1430, '2pm']],
    ['Entity', [1, 123456, '42'], [0, -1, 1.5, 'abc', { id: 7 }, true]],
    ['String', ['', 'hello'], [1, true, {}]],
  ];

  for (const [type, good, bad] of cases)
    it(`takes ${type} values of its kind and refuses others`, () => {
      for (const value of good)
        expect(variableValueProblem(type, false, value), JSON.stringify(value)).toBeNull();
      for (const value of bad)
        expect(variableValueProblem(type, false, value), JSON.stringify(value)).toEqual(expect.any(String));
    });

  it('lets a variable have no value', () => {
    expect(variableValueProblem('Int32', false, undefined)).toBeNull();
    expect(variableValueProblem('Date', true, null)).toBeNull();
  });

  it('says what is wrong in the words of the page variables panel', () => {
    expect(variableValueProblem('Int32', false, 'ten')).toBe('The value is not a valid number.');
    expect(variableValueProblem('Date', false, '2026-02-30')).toBe('The value is not a valid date.');
    expect(variableValueProblem('Bool', false, 'yes')).toBe('The value is invalid.');
  });

  it('takes lists of values of the type, and refuses a single value for a list and a list for one', () => {
    expect(variableValueProblem('Int32', true, [1, 2, 3])).toBeNull();
    expect(variableValueProblem('Entity', true, [])).toBeNull();
    expect(variableValueProblem('Int32', true, [1, 'two'])).toBe('The value is not a valid number.');
    expect(variableValueProblem('String', true, ['one\ntwo'])).toBe('The value is invalid.');
    expect(variableValueProblem('String', true, 'one')).toBe('The value is invalid.');
    expect(variableValueProblem('String', false, ['one'])).toBe('The value is invalid.');
  });
});
