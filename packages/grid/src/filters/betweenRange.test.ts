import { describe, expect, it } from 'vitest';
import { fillMissingBound, setRangeBound, shiftBound } from './betweenRange.js';

describe('shiftBound', () => {
  it('moves dates a day, date-times 24 hours and times an hour, within their limits', () => {
    expect(shiftBound('DateRange', '2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftBound('DateRange', '9999-12-31', 1)).toBeUndefined();
    expect(shiftBound('DateTimeRange', '2025-01-01T00:00:00.000Z', -1)).toBe('2024-12-31T00:00:00.000Z');
    expect(shiftBound('TimeRange', '23:30:00', 1)).toBe('23:59:59');
    expect(shiftBound('TimeRange', '00:15:00', -1)).toBe('00:00:00');
    expect(shiftBound('TimeRange', 'noon', 1)).toBeUndefined();
    expect(shiftBound('DateRange', 'not a date', 1)).toBeUndefined();
  });
});

describe('fillMissingBound', () => {
  it('fills only a missing bound and leaves a bound it cannot shift empty', () => {
    expect(fillMissingBound('DateRange', { from: null, to: '2025-01-01' })).toEqual({
      from: '2024-12-31',
      to: '2025-01-01',
    });
    expect(fillMissingBound('DateRange', { from: '2025-01-01', to: '2025-01-09' })).toEqual({
      from: '2025-01-01',
      to: '2025-01-09',
    });
    expect(fillMissingBound('DateRange', { from: '9999-12-31', to: null })).toEqual({
      from: '9999-12-31',
      to: null,
    });
  });
});

describe('setRangeBound', () => {
  it('caps date-times by comparing instants', () => {
    const range = { from: '2025-01-02T10:00:00.000Z', to: null };
    expect(setRangeBound('DateTimeRange', range, 'to', '2025-01-01T10:00:00.000Z')).toEqual({
      from: '2025-01-02T10:00:00.000Z',
      to: '2025-01-02T10:00:00.000Z',
    });
    expect(setRangeBound('DateRange', { from: '2025-01-01', to: '2025-01-05' }, 'to', null)).toEqual({
      from: '2025-01-01',
      to: null,
    });
  });
});
