import { CalendarDate } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import { canStep, dayGrid, monthGrid, stepPage, yearGrid, yearPageStart } from './calendarModel';
import {
  datePatternFor,
  formatDate,
  formatTime,
  isTimeOnlyValue,
  parseStored,
  toStoredTime,
} from './dateFormats';

describe('dayGrid', () => {
  it('always has 42 cells starting on the week start', () => {
    const cells = dayGrid(new CalendarDate(2026, 2, 10), 'en-US');
    expect(cells).toHaveLength(42);
    expect(cells[0]!.date.toString()).toBe('2026-02-01'); // Feb 2026 starts on a Sunday
    expect(cells[41]!.date.toString()).toBe('2026-03-14');
    expect(cells.filter((c) => !c.isOutsideMonth)).toHaveLength(28);
    expect(dayGrid(new CalendarDate(2026, 2, 10), 'en-AU')[0]!.date.toString()).toBe('2026-01-26');
  });

  it('disables days outside min and max', () => {
    const cells = dayGrid(new CalendarDate(2026, 3, 1), 'en-AU', {
      min: new CalendarDate(2026, 3, 10),
      max: new CalendarDate(2026, 3, 20),
    });
    const march = cells.filter((c) => !c.isOutsideMonth);
    expect(march.filter((c) => !c.isDisabled).map((c) => c.date.day)).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
  });
});

describe('month and year grids', () => {
  it('disables months without any allowed day', () => {
    const months = monthGrid(2026, { min: new CalendarDate(2026, 3, 31), max: new CalendarDate(2026, 5, 1) });
    expect(months.filter((m) => !m.isDisabled).map((m) => m.date.month)).toEqual([3, 4, 5]);
  });

  it('shows 12 years per page and disables years outside 1-9999', () => {
    expect(yearPageStart(2026)).toBe(2017);
    expect(yearGrid(2026).map((y) => y.year)).toEqual([
      2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028,
    ]);
    const last = yearGrid(9999);
    expect(last[0]!.year).toBe(9997);
    expect(last.filter((y) => !y.isDisabled).map((y) => y.year)).toEqual([9997, 9998, 9999]);
    expect(yearGrid(5)[0]).toEqual({ year: 1, isDisabled: false });
  });
});

describe('navigation limits', () => {
  it('steps a month, a year or twelve years by view', () => {
    const d = new CalendarDate(2026, 5, 17);
    expect(stepPage(d, 'day', 1).toString()).toBe('2026-06-01');
    expect(stepPage(d, 'month', -1).toString()).toBe('2025-05-01');
    expect(stepPage(d, 'year', 1).toString()).toBe('2038-05-01');
  });

  it('disables previous and next past min and max', () => {
    const bounds = { min: new CalendarDate(2026, 5, 3), max: new CalendarDate(2026, 6, 30) };
    expect(canStep(new CalendarDate(2026, 5, 1), 'day', -1, bounds)).toBe(false);
    expect(canStep(new CalendarDate(2026, 5, 1), 'day', 1, bounds)).toBe(true);
    expect(canStep(new CalendarDate(2026, 6, 1), 'day', 1, bounds)).toBe(false);
    expect(canStep(new CalendarDate(2026, 6, 1), 'month', 1, bounds)).toBe(false);
    expect(canStep(new CalendarDate(2026, 6, 1), 'year', -1, bounds)).toBe(false);
  });

  it('stops at years 1 and 9999', () => {
    expect(canStep(new CalendarDate(1, 1, 1), 'day', -1)).toBe(false);
    expect(canStep(new CalendarDate(9999, 12, 1), 'day', 1)).toBe(false);
    expect(canStep(new CalendarDate(9999, 1, 1), 'month', 1)).toBe(false);
    expect(canStep(new CalendarDate(5, 1, 1), 'year', -1)).toBe(false);
    expect(canStep(new CalendarDate(9990, 1, 1), 'year', 1)).toBe(true);
    expect(canStep(new CalendarDate(9997, 1, 1), 'year', 1)).toBe(false);
  });
});

describe('formats and stored values', () => {
  it('uses dd/MM/yyyy for en-AU and en-GB, MM/dd/yyyy otherwise', () => {
    expect(datePatternFor('en-AU')).toBe('dd/MM/yyyy');
    expect(datePatternFor('en-GB')).toBe('dd/MM/yyyy');
    expect(datePatternFor('en-US')).toBe('MM/dd/yyyy');
    expect(datePatternFor('fr-FR')).toBe('MM/dd/yyyy');
    expect(formatDate({ year: 2026, month: 3, day: 5 }, 'en-AU')).toBe('05/03/2026');
    expect(formatDate({ year: 2026, month: 3, day: 5 }, 'en-US')).toBe('03/05/2026');
    expect(formatTime({ hour: 0, minute: 5 })).toBe('12:05 AM');
    expect(formatTime({ hour: 13, minute: 30 })).toBe('01:30 PM');
  });

  it('stores times in 1973 and reads 1973 and years up to 1753 as time only', () => {
    const stored = toStoredTime(parseStored('1753-01-01T09:30:00') as never);
    expect(stored).toBe('1973-01-01T09:30:00');
    expect(isTimeOnlyValue(stored)).toBe(true);
    expect(isTimeOnlyValue('1700-05-05T10:00:00')).toBe(true);
    expect(isTimeOnlyValue('1754-01-01T10:00:00')).toBe(false);
    expect(parseStored('2026-03-05')!.toString()).toBe('2026-03-05');
    expect(parseStored('2026-03-05T10:15:00')!.toString()).toBe('2026-03-05T10:15:00');
    expect(parseStored('1973-01-01T10:15:00')!.toString()).toBe('10:15:00');
    expect(parseStored('10000-01-01')).toBeNull();
    expect(parseStored('nonsense')).toBeNull();
  });
});
