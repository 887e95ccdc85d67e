import { describe, expect, it } from 'vitest';
import { dateEditorValue, editedRaw, idsOf, numberOf, storedDateValue } from './inlineEditValues.js';

describe('inline edit values', () => {
  it('takes the edited value before the row value', () => {
    expect(editedRaw({ val: 'a' }, undefined)).toBe('a');
    expect(editedRaw({ val: 'a' }, { colid: 'c', value: 'b' })).toBe('b');
    expect(editedRaw({ vals: [{ eid: 4, val: 'X' }] }, undefined)).toEqual([4]);
    expect(idsOf(['x', 3])).toEqual([3]);
    expect(numberOf('2.5')).toBe(2.5);
    expect(numberOf('abc')).toBeNull();
  });

  it('reads stored dates, times and date-times for the editors', () => {
    expect(dateEditorValue('date', '2026-03-05')?.toString()).toBe('2026-03-05');
    expect(dateEditorValue('time', '14:30:00')?.toString()).toBe('14:30:00');
    expect(dateEditorValue('dateTime', '2026-03-05T23:30:00.000Z', 'Australia/Sydney')?.toString()).toBe(
      '2026-03-06T10:30:00',
    );
    expect(dateEditorValue('date', 'soon')).toBeNull();
    expect(dateEditorValue('date', 42)).toBeNull();
    expect(dateEditorValue('time', '2026-03-05')).toBeNull();
  });

  it('stores edited values as the entity service takes them', () => {
    expect(storedDateValue('date', { year: 2026, month: 3, day: 5 })).toBe('2026-03-05');
    expect(storedDateValue('time', { hour: 9, minute: 5, second: 0 })).toBe('09:05:00');
    expect(
      storedDateValue('dateTime', { year: 2026, month: 3, day: 6, hour: 10, minute: 30 }, 'Australia/Sydney'),
    ).toBe('2026-03-06T10:30:00+11:00');
    expect(storedDateValue('dateTime', { year: 2026, month: 7, day: 1, hour: 8, minute: 0 }, 'UTC')).toBe(
      '2026-07-01T08:00:00+00:00',
    );
    expect(storedDateValue('date', null)).toBeNull();
  });
});
