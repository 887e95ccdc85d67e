import { describe, expect, it } from 'vitest';
import { aggregateText, labelledAggregateText } from './aggregateText.js';

describe('aggregateText: totals in the column format (issue 12, decision 0035)', () => {
  it('shows currency totals as the cells show amounts: symbol and the column places', () => {
    const amount = { type: 'Currency', places: 2 } as const;
    expect(aggregateText(amount, { kind: 'Sum', value: 746371097.49 })).toBe('$746,371,097.49');
    expect(aggregateText(amount, { kind: 'Average', value: 255785.6744 })).toBe('$255,785.67');
    expect(aggregateText(amount, { kind: 'Min', value: -3 })).toBe('-$3.00');
    expect(aggregateText(amount, { kind: 'StandardDeviation', value: 12.345 })).toBe('$12.35');
    expect(aggregateText(amount, { kind: 'Sum', value: 1.5 }, { locale: 'en-AU', currencySymbol: '€' })).toBe(
      '€1.50',
    );
    expect(aggregateText({ type: 'Currency' }, { kind: 'Sum', value: 10 })).toBe('$10.00');
  });

  it('shows decimal totals with the column places, whole-number totals whole', () => {
    expect(aggregateText({ type: 'Decimal', places: 1 }, { kind: 'Sum', value: 1234.56 })).toBe('1,234.6');
    expect(aggregateText({ type: 'Int32' }, { kind: 'Sum', value: 1234 })).toBe('1,234');
    expect(aggregateText({ type: 'Int32' }, { kind: 'Max', value: 7 })).toBe('7');
  });

  it('keeps 3 decimals (spec 02 §9) where the column has no places: averages of whole numbers, variances', () => {
    expect(aggregateText({ type: 'Int32' }, { kind: 'Average', value: 2 / 3 })).toBe('0.667');
    expect(aggregateText({ type: 'Int32' }, { kind: 'Variance', value: 2 })).toBe('2.000');
    // A variance is in squared units: no currency symbol.
    expect(aggregateText({ type: 'Currency', places: 2 }, { kind: 'Variance', value: 2 })).toBe('2.00');
  });

  it('counts whole, max and min of dates as the column shows them, lists as sent', () => {
    expect(aggregateText({ type: 'String' }, { kind: 'CountUnique', value: 12 })).toBe('12');
    expect(aggregateText({ type: 'Currency' }, { kind: 'Count', value: 1200 })).toBe('1,200');
    expect(aggregateText({ type: 'Date' }, { kind: 'Max', value: '2026-03-05' })).toBe('05/03/2026');
    expect(aggregateText({ type: 'String' }, { kind: 'List', value: 'a, b' })).toBe('a, b');
  });

  it('shows a total of file sizes as a size', () => {
    expect(aggregateText({ type: 'Int32', isFileSize: true }, { kind: 'Sum', value: 1_572_864 })).toBe(
      '1.50 MB',
    );
  });

  it('labels aggregates and leaves empty ones blank', () => {
    expect(labelledAggregateText({ type: 'Currency', places: 2 }, { kind: 'Sum', value: 1234 })).toBe(
      'Sum: $1,234.00',
    );
    expect(aggregateText({ type: 'Int32' }, { kind: 'Sum', value: null })).toBe('');
  });

  it('shows the text the server formats (an auto-number through its pattern) as sent', () => {
    expect(aggregateText({ type: 'AutoNumber' }, { kind: 'Max', value: 3, text: 'TCK-0003' })).toBe(
      'TCK-0003',
    );
    expect(aggregateText({ type: 'AutoNumber' }, { kind: 'Max', value: 3 })).toBe('3');
  });
});
