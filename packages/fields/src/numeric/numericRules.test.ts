import { describe, expect, it } from 'vitest';
import {
  acceptsNumericText,
  boundHint,
  formatNumber,
  formatNumberForDisplay,
  stepValue,
  valueOnBlur,
} from './numericRules';

const integer = { isFloating: false };
const decimal = { isFloating: true };

describe('acceptsNumericText', () => {
  it('takes digits and one leading minus for integers', () => {
    expect(acceptsNumericText('-120', integer)).toBe(true);
    expect(acceptsNumericText('12-', integer)).toBe(false);
    expect(acceptsNumericText('1.5', integer)).toBe(false);
    expect(acceptsNumericText('1e5', integer)).toBe(false);
    expect(acceptsNumericText('--1', integer)).toBe(false);
    expect(acceptsNumericText(' 1', integer)).toBe(false);
  });

  it('takes one decimal point when floating, up to the decimal places', () => {
    expect(acceptsNumericText('-1.25', decimal)).toBe(true);
    expect(acceptsNumericText('1.2.3', decimal)).toBe(false);
    expect(acceptsNumericText('1.255', decimal)).toBe(false);
    expect(acceptsNumericText('1.255', { isFloating: true, decimalPlaces: 3 })).toBe(true);
    expect(acceptsNumericText('.', decimal)).toBe(true);
    expect(acceptsNumericText('1,5', decimal)).toBe(false);
  });
});

describe('formatNumber', () => {
  it('pads with zeros and truncates without rounding', () => {
    expect(formatNumber(1.5, decimal)).toBe('1.50');
    expect(formatNumber(1.999, decimal)).toBe('1.99');
    expect(formatNumber(-0.001, decimal)).toBe('0.00');
    expect(formatNumber(7, { isFloating: true, decimalPlaces: 0 })).toBe('7');
    expect(formatNumber(12, integer)).toBe('12');
  });
});

describe('valueOnBlur', () => {
  it('turns empty into the minimum, 0 when the minimum is negative', () => {
    expect(valueOnBlur('', 5, { ...integer, min: 3 })).toBe(3);
    expect(valueOnBlur('', 5, { ...integer, min: -3 })).toBe(0);
  });

  it('turns empty into the previous value, else 0, without a minimum', () => {
    expect(valueOnBlur('', 5, integer)).toBe(5);
    expect(valueOnBlur('', null, integer)).toBe(0);
    expect(valueOnBlur('-', null, integer)).toBe(0);
  });

  it('clamps to the bounds', () => {
    expect(valueOnBlur('2', null, { ...integer, min: 3, max: 9 })).toBe(3);
    expect(valueOnBlur('12', null, { ...integer, min: 3, max: 9 })).toBe(9);
    expect(valueOnBlur('5', null, { ...integer, min: 3, max: 9 })).toBe(5);
    expect(valueOnBlur('99999999999', null, integer)).toBe(1e9);
  });
});

describe('stepValue and boundHint', () => {
  it('steps by one and clamps', () => {
    expect(stepValue(8, 1, { ...integer, max: 9 })).toBe(9);
    expect(stepValue(9, 1, { ...integer, max: 9 })).toBe(9);
    expect(stepValue(null, -1, { ...integer, min: 0 })).toBe(0);
    expect(stepValue(1.25, 1, decimal)).toBe(2.25);
  });

  it('says (min) and (max) at a bound, and whether it was configured', () => {
    expect(boundHint(3, { ...integer, min: 3 })).toEqual({ text: '(min)', isConfigured: true });
    expect(boundHint(1e9, integer)).toEqual({ text: '(max)', isConfigured: false });
    expect(boundHint(4, { ...integer, min: 3 })).toBeNull();
  });
});

describe('formatNumberForDisplay', () => {
  it('shows empty for null or empty, NAN for non-numbers, and clamps decimal places to 0-10', () => {
    expect(formatNumberForDisplay(null, decimal)).toBe('');
    expect(formatNumberForDisplay('', decimal)).toBe('');
    expect(formatNumberForDisplay('abc', decimal)).toBe('NAN');
    expect(formatNumberForDisplay({}, decimal)).toBe('NAN');
    expect(formatNumberForDisplay('2.5', decimal)).toBe('2.50');
    expect(formatNumberForDisplay(1, { isFloating: true, decimalPlaces: 14 })).toBe('1.0000000000');
    expect(formatNumberForDisplay(1.987, { isFloating: true, decimalPlaces: -2 })).toBe('1');
  });
});
