import { describe, expect, it } from 'vitest';
import { formatBoundValue, invalidFormatMessage, rangeMessage, tooLongMessage } from './messages.js';

describe('validation messages', () => {
  it('prints numbers plainly, never in exponent form or grouped', () => {
    expect(formatBoundValue(1e9)).toBe('1000000000');
    expect(formatBoundValue(-1e12)).toBe('-1000000000000');
    expect(formatBoundValue(0.5)).toBe('0.5');
    expect(formatBoundValue(1e-7)).toBe('0.0000001');
    expect(formatBoundValue(1e21)).toBe('1000000000000000000000');
    expect(formatBoundValue(-1.5e-10)).toBe('-0.00000000015');
    expect(formatBoundValue(1.25e22)).toBe('12500000000000000000000');
    expect(formatBoundValue(1e-30)).toBe(`0.${'0'.repeat(29)}1`);
    expect(formatBoundValue(Number.NaN)).toBe('NaN');
    expect(formatBoundValue('2024-01-31')).toBe('2024-01-31');
    expect(tooLongMessage(100_000)).toBe('The value is too long; the maximum length is 100000 characters.');
  });

  it('chooses the range wording by which bounds are set', () => {
    expect(rangeMessage(1, 2)).toBe('The value is out of range; the value must be between 1 and 2 inclusive');
    expect(rangeMessage(1, undefined)).toBe(
      'The value is less than the minimum value; the minimum value is 1',
    );
    expect(rangeMessage(undefined, 2)).toBe(
      'The value is greater than the maximum value; the maximum value is 2',
    );
  });

  it("follows 'Invalid format.' with the pattern description when there is one", () => {
    expect(invalidFormatMessage('Use four digits.')).toBe('Invalid format. Use four digits.');
    expect(invalidFormatMessage('  ')).toBe('Invalid format.');
    expect(invalidFormatMessage(undefined)).toBe('Invalid format.');
  });
});
