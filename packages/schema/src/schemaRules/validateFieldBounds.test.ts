import { describe, expect, it } from 'vitest';
import { validateFieldBounds } from './validateFieldBounds.js';

const minAboveMax = 'Minimum value cannot be greater than maximum value.';
const minNotBelowMax = 'The Minimum value must be lower than the Maximum value.';

describe('validateFieldBounds for string fields', () => {
  it('accepts consistent lengths and unset bounds', () => {
    expect(validateFieldBounds({ type: 'Text' })).toEqual([]);
    expect(validateFieldBounds({ type: 'Text', minLength: 3, maxLength: 3 })).toEqual([]);
    expect(validateFieldBounds({ type: 'RichText', maxLength: 100_000 })).toEqual([]);
  });

  it('reports a minimum length above the maximum', () => {
    expect(validateFieldBounds({ type: 'Text', minLength: 10, maxLength: 5 })).toEqual([
      { property: 'minLength', message: minAboveMax },
    ]);
  });

  it("reports a maximum length above the type's default maximum", () => {
    expect(validateFieldBounds({ type: 'Text', maxLength: 1001 })).toEqual([
      {
        property: 'maxLength',
        message: 'The value is out of range; the value must be between 1 and 1000 inclusive',
      },
    ]);
    expect(validateFieldBounds({ type: 'MultilineText', maxLength: 100_001 })).toEqual([
      {
        property: 'maxLength',
        message: 'The value is out of range; the value must be between 1 and 100000 inclusive',
      },
    ]);
  });

  it('reports lengths that are negative or not whole numbers', () => {
    expect(validateFieldBounds({ type: 'Text', minLength: -1, maxLength: 2.5 })).toEqual([
      {
        property: 'minLength',
        message: 'The value is out of range; the value must be between 0 and 1000 inclusive',
      },
      { property: 'maxLength', message: 'The value is not a valid number.' },
    ]);
  });
});

describe('validateFieldBounds for Number fields', () => {
  it('requires the minimum to be below the maximum', () => {
    expect(validateFieldBounds({ type: 'Number', minInt: 1, maxInt: 2 })).toEqual([]);
    expect(validateFieldBounds({ type: 'Number', minInt: 5, maxInt: 5 })).toEqual([
      { property: 'minInt', message: minNotBelowMax },
    ]);
    expect(validateFieldBounds({ type: 'Number', minInt: 6, maxInt: 5 })).toEqual([
      { property: 'minInt', message: minNotBelowMax },
    ]);
  });

  it('keeps bounds within plus or minus 1e9 and whole', () => {
    expect(validateFieldBounds({ type: 'Number', minInt: -2e9, maxInt: 0.5 })).toEqual([
      {
        property: 'minInt',
        message: 'The value is out of range; the value must be between -1000000000 and 1000000000 inclusive',
      },
      { property: 'maxInt', message: 'The value is not a valid number.' },
    ]);
  });

  it('ignores decimal places on integer fields', () => {
    expect(validateFieldBounds({ type: 'Number', decimalPlaces: 99 })).toEqual([]);
  });
});

describe('validateFieldBounds for Decimal and Currency fields', () => {
  it('requires the minimum to be below the maximum', () => {
    expect(validateFieldBounds({ type: 'Decimal', minDecimal: 0.5, maxDecimal: 0.75 })).toEqual([]);
    expect(validateFieldBounds({ type: 'Currency', minDecimal: 10, maxDecimal: 10 })).toEqual([
      { property: 'minDecimal', message: minNotBelowMax },
    ]);
  });

  it('keeps decimal places within 0-10', () => {
    for (const decimalPlaces of [0, 10])
      expect(validateFieldBounds({ type: 'Decimal', decimalPlaces })).toEqual([]);
    for (const decimalPlaces of [-1, 11]) {
      expect(validateFieldBounds({ type: 'Decimal', decimalPlaces })).toEqual([
        {
          property: 'decimalPlaces',
          message: 'The value is out of range; the value must be between 0 and 10 inclusive',
        },
      ]);
    }
  });

  it('keeps bounds within plus or minus 1e12 and the decimal places', () => {
    expect(validateFieldBounds({ type: 'Currency', minDecimal: 0.125, maxDecimal: 2e12 })).toEqual([
      { property: 'minDecimal', message: 'The maximum number of decimal places has been exceeded.' },
      {
        property: 'maxDecimal',
        message:
          'The value is out of range; the value must be between -1000000000000 and 1000000000000 inclusive',
      },
    ]);
    expect(validateFieldBounds({ type: 'Decimal', decimalPlaces: 4, minDecimal: 0.1255 })).toEqual([]);
  });
});

describe('validateFieldBounds for temporal fields', () => {
  it('allows equal bounds and reports a minimum after the maximum', () => {
    expect(validateFieldBounds({ type: 'Date', minDate: '2024-01-01', maxDate: '2024-01-01' })).toEqual([]);
    expect(validateFieldBounds({ type: 'Date', minDate: '2024-01-02', maxDate: '2024-01-01' })).toEqual([
      { property: 'minDate', message: minAboveMax },
    ]);
    expect(validateFieldBounds({ type: 'Time', minTime: '17:00', maxTime: '09:00:00' })).toEqual([
      { property: 'minTime', message: minAboveMax },
    ]);
    expect(
      validateFieldBounds({
        type: 'DateTime',
        minDateTime: '2024-01-01T09:00:00+10:00',
        maxDateTime: '2023-12-31T23:30:00Z',
      }),
    ).toEqual([]);
    expect(
      validateFieldBounds({
        type: 'DateTime',
        minDateTime: '2024-01-01T00:00Z',
        maxDateTime: '2023-12-31T23:59Z',
      }),
    ).toEqual([{ property: 'minDateTime', message: minAboveMax }]);
  });

  it('reports bounds that are not valid values', () => {
    expect(validateFieldBounds({ type: 'Date', minDate: '2023-02-29', maxDate: 'soon' })).toEqual([
      { property: 'minDate', message: 'The value is not a valid date.' },
      { property: 'maxDate', message: 'The value is not a valid date.' },
    ]);
    expect(validateFieldBounds({ type: 'Time', maxTime: '25:00' })).toEqual([
      { property: 'maxTime', message: 'Invalid time value' },
    ]);
    expect(validateFieldBounds({ type: 'DateTime', minDateTime: '2024-01-01T00:00' })).toEqual([
      { property: 'minDateTime', message: 'The value is not a valid date time.' },
    ]);
  });

  it('checks only the bounds of the field type', () => {
    expect(validateFieldBounds({ type: 'Boolean', minDate: 'x', minLength: -5 })).toEqual([]);
    expect(validateFieldBounds({ type: 'Date', minTime: 'x' })).toEqual([]);
  });
});
