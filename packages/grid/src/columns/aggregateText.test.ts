import { describe, expect, it } from 'vitest';
import { aggregateText, labelledAggregateText } from './aggregateText.js';

describe('aggregateText (spec 02 §9)', () => {
  it('shows numbers with 3 decimals and counts whole', () => {
    expect(aggregateText({ type: 'Decimal', places: 2 }, { kind: 'Sum', value: 1234.5 })).toBe('1,234.500');
    expect(aggregateText({ type: 'Int32' }, { kind: 'Average', value: 2 / 3 })).toBe('0.667');
    expect(aggregateText({ type: 'String' }, { kind: 'CountUnique', value: 12 })).toBe('12');
  });

  it('shows max and min as the column shows values', () => {
    expect(aggregateText({ type: 'Date' }, { kind: 'Max', value: '2026-03-05' })).toBe('05/03/2026');
    expect(aggregateText({ type: 'Currency' }, { kind: 'Min', value: -3 })).toBe('-$3.000');
  });

  it('labels aggregates and leaves empty ones blank', () => {
    expect(labelledAggregateText({ type: 'Int32' }, { kind: 'StandardDeviation', value: 1 })).toBe(
      'Standard Deviation: 1.000',
    );
    expect(aggregateText({ type: 'Int32' }, { kind: 'Sum', value: null })).toBe('');
    expect(aggregateText({ type: 'String' }, { kind: 'List', value: 'a, b' })).toBe('a, b');
  });

  it('shows the text the server formats (an auto-number through its pattern) as sent', () => {
    expect(aggregateText({ type: 'AutoNumber' }, { kind: 'Max', value: 3, text: 'TCK-0003' })).toBe(
      'TCK-0003',
    );
    expect(aggregateText({ type: 'AutoNumber' }, { kind: 'Max', value: 3 })).toBe('3.000');
  });
});
