import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../metamodel/definitions.js';
import type { FieldType } from '../metamodel/fieldTypes.js';
import { validateFieldValue } from './validateFieldValue.js';

function field(type: FieldType, bounds: Partial<FieldDef> = {}): FieldDef {
  return {
    id: 1,
    name: 'F',
    scriptName: 'F',
    type,
    storage: 'date',
    typeId: 9,
    isRequired: false,
    isReadOnly: false,
    ...bounds,
  };
}

const hostile = {
  toString() {
    throw new Error('boom');
  },
};
const wrongKinds = [42, true, {}, [], ['2024-01-01'], hostile, new Date(0), Symbol('d'), Number.NaN];

describe('validateFieldValue for Date fields', () => {
  const invalidDate = { ok: false, message: 'The value is not a valid date.' };

  it('accepts real calendar dates as yyyy-MM-dd', () => {
    expect(validateFieldValue(field('Date'), '2024-02-29')).toEqual({ ok: true, value: '2024-02-29' });
    expect(validateFieldValue(field('Date'), '2000-02-29')).toEqual({ ok: true, value: '2000-02-29' });
    expect(validateFieldValue(field('Date'), '0001-01-01')).toEqual({ ok: true, value: '0001-01-01' });
    expect(validateFieldValue(field('Date'), '9999-12-31')).toEqual({ ok: true, value: '9999-12-31' });
    expect(validateFieldValue(field('Date'), ' 2024-06-30 ')).toEqual({ ok: true, value: '2024-06-30' });
  });

  it('rejects impossible dates and other formats', () => {
    for (const input of [
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '0000-01-01',
      '2024-1-5',
      '24-01-05',
      '2024/01/05',
      '05/01/2024',
      '2024-01-05T00:00:00Z',
      '+002024-01-05',
      'today',
    ]) {
      expect(validateFieldValue(field('Date'), input)).toEqual(invalidDate);
    }
    for (const input of wrongKinds) expect(validateFieldValue(field('Date'), input)).toEqual(invalidDate);
  });

  it('applies minDate and maxDate with the numeric range wording', () => {
    const both = field('Date', { minDate: '2024-01-01', maxDate: '2024-12-31' });
    expect(validateFieldValue(both, '2024-01-01')).toEqual({ ok: true, value: '2024-01-01' });
    expect(validateFieldValue(both, '2025-01-01')).toEqual({
      ok: false,
      message: 'The value is out of range; the value must be between 2024-01-01 and 2024-12-31 inclusive',
    });
    expect(validateFieldValue(field('Date', { minDate: '2024-01-01' }), '2023-12-31')).toEqual({
      ok: false,
      message: 'The value is less than the minimum value; the minimum value is 2024-01-01',
    });
    expect(validateFieldValue(field('Date', { maxDate: '2024-01-01' }), '2024-01-02')).toEqual({
      ok: false,
      message: 'The value is greater than the maximum value; the maximum value is 2024-01-01',
    });
  });

  it('ignores a bound that is not a valid date', () => {
    expect(validateFieldValue(field('Date', { minDate: 'soon' }), '1999-01-01')).toEqual({
      ok: true,
      value: '1999-01-01',
    });
  });

  it('requires a value when mandatory', () => {
    expect(validateFieldValue(field('Date'), '', { mandatory: true })).toEqual({
      ok: false,
      message: 'A value is required.',
    });
    expect(validateFieldValue(field('Date'), null)).toEqual({ ok: true, value: null });
  });
});

describe('validateFieldValue for Time fields', () => {
  const invalidTime = { ok: false, message: 'Invalid time value' };

  it('stores HH:mm and HH:mm:ss as HH:mm:ss', () => {
    expect(validateFieldValue(field('Time'), '09:30')).toEqual({ ok: true, value: '09:30:00' });
    expect(validateFieldValue(field('Time'), '23:59:59')).toEqual({ ok: true, value: '23:59:59' });
    expect(validateFieldValue(field('Time'), '00:00')).toEqual({ ok: true, value: '00:00:00' });
  });

  it('rejects times outside the 24-hour clock and other formats', () => {
    for (const input of [
      '24:00',
      '12:60',
      '12:00:60',
      '9:30',
      '09:30 PM',
      '0930',
      '09:30:00.000',
      '09:30Z',
      '',
    ]) {
      const result = validateFieldValue(field('Time', { isRequired: true }), input);
      expect(result).toEqual(input === '' ? { ok: false, message: 'A value is required.' } : invalidTime);
    }
    for (const input of wrongKinds) expect(validateFieldValue(field('Time'), input)).toEqual(invalidTime);
  });

  it('applies minTime and maxTime', () => {
    const officeHours = field('Time', { minTime: '09:00', maxTime: '17:00:00' });
    expect(validateFieldValue(officeHours, '17:00')).toEqual({ ok: true, value: '17:00:00' });
    expect(validateFieldValue(officeHours, '17:00:01')).toEqual({
      ok: false,
      message: 'The value is out of range; the value must be between 09:00:00 and 17:00:00 inclusive',
    });
    expect(validateFieldValue(field('Time', { minTime: '09:00' }), '08:59')).toEqual({
      ok: false,
      message: 'The value is less than the minimum value; the minimum value is 09:00:00',
    });
  });
});

describe('validateFieldValue for DateTime fields', () => {
  const invalidDateTime = { ok: false, message: 'The value is not a valid date time.' };

  it('stores ISO 8601 with Z or an offset as UTC with milliseconds', () => {
    const cases: Array<[string, string]> = [
      ['2024-03-01T10:15:30.123Z', '2024-03-01T10:15:30.123Z'],
      ['2024-03-01T10:15Z', '2024-03-01T10:15:00.000Z'],
      ['2024-03-01T10:15:30Z', '2024-03-01T10:15:30.000Z'],
      ['2024-03-01T10:15:30.5Z', '2024-03-01T10:15:30.500Z'],
      ['2024-03-01T10:15:30+10:00', '2024-03-01T00:15:30.000Z'],
      ['2024-03-01T00:30:00+01:00', '2024-02-29T23:30:00.000Z'],
      ['2024-12-31T20:00:00-05:30', '2025-01-01T01:30:00.000Z'],
      ['0050-06-15T12:00:00Z', '0050-06-15T12:00:00.000Z'],
    ];
    for (const [input, stored] of cases) {
      expect(validateFieldValue(field('DateTime'), input)).toEqual({ ok: true, value: stored });
    }
  });

  it('rejects values without a zone, impossible parts and other formats', () => {
    for (const input of [
      '2024-03-01T10:15:30',
      '2024-03-01 10:15:30Z',
      '2024-03-01',
      '2024-02-30T10:00Z',
      '2024-03-01T24:00Z',
      '2024-03-01T10:60Z',
      '2024-03-01T10:15:60Z',
      '2024-03-01T10:15:30.1234Z',
      '2024-03-01T10:15+1000',
      '2024-03-01T10:15+24:00',
      '2024-03-01t10:15z',
      'Fri, 01 Mar 2024 10:15:30 GMT',
      '1709288130000',
      '0001-01-01T00:30:00+01:00',
      '9999-12-31T23:30:00-01:00',
    ]) {
      expect(validateFieldValue(field('DateTime'), input)).toEqual(invalidDateTime);
    }
    for (const input of [...wrongKinds, 1709288130000]) {
      expect(validateFieldValue(field('DateTime'), input)).toEqual(invalidDateTime);
    }
  });

  it('compares bounds as instants', () => {
    const f = field('DateTime', {
      minDateTime: '2024-01-01T00:00:00+10:00',
      maxDateTime: '2024-12-31T00:00:00Z',
    });
    expect(validateFieldValue(f, '2023-12-31T14:00:00Z')).toEqual({
      ok: true,
      value: '2023-12-31T14:00:00.000Z',
    });
    expect(validateFieldValue(f, '2023-12-31T13:59:59.999Z')).toEqual({
      ok: false,
      message:
        'The value is out of range; the value must be between 2023-12-31T14:00:00.000Z and 2024-12-31T00:00:00.000Z inclusive',
    });
    expect(
      validateFieldValue(field('DateTime', { maxDateTime: '2024-01-01T00:00Z' }), '2024-01-01T00:00:00.001Z'),
    ).toEqual({
      ok: false,
      message: 'The value is greater than the maximum value; the maximum value is 2024-01-01T00:00:00.000Z',
    });
  });
});

describe('validateFieldValue for Boolean fields', () => {
  it('accepts true and false only', () => {
    expect(validateFieldValue(field('Boolean'), true)).toEqual({ ok: true, value: true });
    expect(validateFieldValue(field('Boolean'), false, { mandatory: true })).toEqual({
      ok: true,
      value: false,
    });
    for (const input of ['true', 'false', '', 0, 1, {}, [], hostile, new Boolean(true)]) {
      expect(validateFieldValue(field('Boolean'), input)).toEqual({
        ok: false,
        message: 'The value is invalid.',
      });
    }
  });

  it('allows null unless required or mandatory', () => {
    expect(validateFieldValue(field('Boolean'), null)).toEqual({ ok: true, value: null });
    expect(validateFieldValue(field('Boolean'), undefined)).toEqual({ ok: true, value: null });
    expect(validateFieldValue(field('Boolean', { isRequired: true }), null)).toEqual({
      ok: false,
      message: 'A value is required.',
    });
    expect(validateFieldValue(field('Boolean'), null, { mandatory: true })).toEqual({
      ok: false,
      message: 'A value is required.',
    });
  });
});
