import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../metamodel/definitions.js';
import type { FieldType } from '../metamodel/fieldTypes.js';
import { validateFieldValue } from './validateFieldValue.js';
import { effectiveDecimalPlaces } from './validateNumber.js';

function field(type: FieldType, bounds: Partial<FieldDef> = {}): FieldDef {
  return {
    id: 1,
    name: 'F',
    scriptName: 'F',
    type,
    storage: 'int',
    typeId: 9,
    isRequired: false,
    isReadOnly: false,
    ...bounds,
  };
}

const notANumber = { ok: false, message: 'The value is not a valid number.' };
const hostile = {
  toString() {
    throw new Error('boom');
  },
  valueOf() {
    throw new Error('boom');
  },
};

describe('validateFieldValue for Number fields', () => {
  it('accepts integers and integer text', () => {
    expect(validateFieldValue(field('Number'), 42)).toEqual({ ok: true, value: 42 });
    expect(validateFieldValue(field('Number'), '-17')).toEqual({ ok: true, value: -17 });
    expect(validateFieldValue(field('Number'), ' 007 ')).toEqual({ ok: true, value: 7 });
    expect(validateFieldValue(field('Number'), '-0')).toEqual({ ok: true, value: 0 });
    expect(Object.is((validateFieldValue(field('Number'), -0) as { value: number }).value, 0)).toBe(true);
  });

  it('rejects what is not optional minus then digits', () => {
    for (const input of [
      '1.5',
      '+5',
      '1e3',
      '1,000',
      '0x10',
      '--1',
      '-',
      'twelve',
      1.5,
      Number.NaN,
      Infinity,
      -Infinity,
    ]) {
      expect(validateFieldValue(field('Number'), input)).toEqual(notANumber);
    }
  });

  it('rejects inputs of other kinds', () => {
    for (const input of [true, false, {}, [], [1], hostile, 5n, Symbol('n'), new Number(5)]) {
      expect(validateFieldValue(field('Number'), input)).toEqual(notANumber);
    }
  });

  it('stores empty text as null, or requires a value', () => {
    expect(validateFieldValue(field('Number'), '')).toEqual({ ok: true, value: null });
    expect(validateFieldValue(field('Number', { isRequired: true }), ' ')).toEqual({
      ok: false,
      message: 'A value is required.',
    });
    expect(validateFieldValue(field('Number'), 0, { mandatory: true })).toEqual({ ok: true, value: 0 });
  });

  it('applies the default range of plus or minus 1e9', () => {
    const outOfRange = {
      ok: false,
      message: 'The value is out of range; the value must be between -1000000000 and 1000000000 inclusive',
    };
    expect(validateFieldValue(field('Number'), 1_000_000_000)).toEqual({ ok: true, value: 1_000_000_000 });
    expect(validateFieldValue(field('Number'), -1_000_000_000)).toEqual({ ok: true, value: -1_000_000_000 });
    expect(validateFieldValue(field('Number'), 1_000_000_001)).toEqual(outOfRange);
    expect(validateFieldValue(field('Number'), '-1000000001')).toEqual(outOfRange);
    expect(validateFieldValue(field('Number'), '9'.repeat(500))).toEqual(outOfRange);
    expect(validateFieldValue(field('Number'), Number.MAX_SAFE_INTEGER + 2)).toEqual(outOfRange);
  });

  it('applies configured bounds inclusively', () => {
    const f = field('Number', { minInt: 1, maxInt: 10 });
    const outOfRange = {
      ok: false,
      message: 'The value is out of range; the value must be between 1 and 10 inclusive',
    };
    expect(validateFieldValue(f, 1)).toEqual({ ok: true, value: 1 });
    expect(validateFieldValue(f, 10)).toEqual({ ok: true, value: 10 });
    expect(validateFieldValue(f, 0)).toEqual(outOfRange);
    expect(validateFieldValue(f, '11')).toEqual(outOfRange);
    expect(validateFieldValue(field('Number', { minInt: 0 }), -1)).toEqual({
      ok: false,
      message: 'The value is out of range; the value must be between 0 and 1000000000 inclusive',
    });
  });

  it('never widens the business range beyond plus or minus 1e9', () => {
    expect(validateFieldValue(field('Number', { maxInt: 5e9 }), 2e9)).toEqual({
      ok: false,
      message: 'The value is out of range; the value must be between -1000000000 and 1000000000 inclusive',
    });
  });
});

describe('validateFieldValue for Decimal and Currency fields', () => {
  it('accepts plain decimal numbers and text, stored as numbers', () => {
    expect(validateFieldValue(field('Decimal'), 1.5)).toEqual({ ok: true, value: 1.5 });
    expect(validateFieldValue(field('Decimal'), '-12.345')).toEqual({ ok: true, value: -12.345 });
    expect(validateFieldValue(field('Decimal'), '+3')).toEqual({ ok: true, value: 3 });
    expect(validateFieldValue(field('Decimal'), '.5')).toEqual({ ok: true, value: 0.5 });
    expect(validateFieldValue(field('Decimal'), '5.')).toEqual({ ok: true, value: 5 });
    expect(validateFieldValue(field('Currency'), ' 12.50 ')).toEqual({ ok: true, value: 12.5 });
  });

  it('rejects exponents, grouping and other text', () => {
    for (const input of [
      '1e3',
      '1,000.5',
      '1 000',
      '.',
      '-',
      '1.2.3',
      'NaN',
      'Infinity',
      '0x1F',
      Number.NaN,
      Infinity,
    ]) {
      expect(validateFieldValue(field('Decimal'), input)).toEqual(notANumber);
    }
    for (const input of [true, {}, [1.5], hostile, 1n]) {
      expect(validateFieldValue(field('Currency'), input)).toEqual(notANumber);
    }
  });

  it('allows 3 places for Decimal and 2 for Currency by default', () => {
    const exceeded = { ok: false, message: 'The maximum number of decimal places has been exceeded.' };
    expect(validateFieldValue(field('Decimal'), '1.234')).toEqual({ ok: true, value: 1.234 });
    expect(validateFieldValue(field('Decimal'), '1.2345')).toEqual(exceeded);
    expect(validateFieldValue(field('Decimal'), 1.2345)).toEqual(exceeded);
    expect(validateFieldValue(field('Currency'), 1.23)).toEqual({ ok: true, value: 1.23 });
    expect(validateFieldValue(field('Currency'), '1.234')).toEqual(exceeded);
    expect(validateFieldValue(field('Currency'), 1e-7)).toEqual(exceeded);
  });

  it('ignores trailing zeros when counting places', () => {
    expect(validateFieldValue(field('Currency'), '1.2300000')).toEqual({ ok: true, value: 1.23 });
  });

  it('uses configured decimal places clamped to 0-10', () => {
    expect(validateFieldValue(field('Decimal', { decimalPlaces: 0 }), '1.5')).toEqual({
      ok: false,
      message: 'The maximum number of decimal places has been exceeded.',
    });
    expect(validateFieldValue(field('Decimal', { decimalPlaces: 5 }), '1.23456')).toEqual({
      ok: true,
      value: 1.23456,
    });
    expect(effectiveDecimalPlaces(field('Decimal', { decimalPlaces: 25 }))).toBe(10);
    expect(effectiveDecimalPlaces(field('Decimal', { decimalPlaces: -3 }))).toBe(0);
    expect(effectiveDecimalPlaces(field('Currency', { decimalPlaces: Number.NaN }))).toBe(2);
    expect(effectiveDecimalPlaces(field('Number', { decimalPlaces: 4 }))).toBe(0);
    expect(validateFieldValue(field('Decimal', { decimalPlaces: 25 }), '0.00000000001').ok).toBe(false);
  });

  it('applies the default range of plus or minus 1e12', () => {
    const outOfRange = {
      ok: false,
      message:
        'The value is out of range; the value must be between -1000000000000 and 1000000000000 inclusive',
    };
    expect(validateFieldValue(field('Decimal'), 1e12)).toEqual({ ok: true, value: 1e12 });
    expect(validateFieldValue(field('Decimal'), '1000000000000.001')).toEqual(outOfRange);
    expect(validateFieldValue(field('Currency'), -1e13)).toEqual(outOfRange);
    expect(validateFieldValue(field('Decimal'), '9'.repeat(400))).toEqual(outOfRange);
  });

  it('prints configured bounds plainly in range messages', () => {
    const f = field('Decimal', { minDecimal: 0.5, maxDecimal: 2.25 });
    expect(validateFieldValue(f, 0.25)).toEqual({
      ok: false,
      message: 'The value is out of range; the value must be between 0.5 and 2.25 inclusive',
    });
    expect(validateFieldValue(f, '2.25')).toEqual({ ok: true, value: 2.25 });
  });
});
