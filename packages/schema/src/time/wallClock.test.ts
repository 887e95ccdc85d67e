import { describe, expect, it } from 'vitest';
import { isKnownTimeZone, wallClockAt } from './wallClock.js';

describe('wallClockAt', () => {
  it('reads the wall clock of a zone, across daylight saving', () => {
    expect(wallClockAt(new Date('2026-01-01T00:00:00Z'), 'Australia/Sydney')).toEqual({
      year: 2026,
      month: 1,
      day: 1,
      hour: 11,
      minute: 0,
      second: 0,
    });
    expect(wallClockAt(new Date('2026-07-01T13:59:30Z'), 'Australia/Sydney')).toMatchObject({
      day: 1,
      hour: 23,
      minute: 59,
      second: 30,
    });
    expect(wallClockAt(new Date('2026-03-08T07:30:00Z'), 'America/New_York')).toMatchObject({ hour: 3 });
  });

  it('counts years before 1 AD astronomically (1 BC is year 0)', () => {
    const instant = new Date(0);
    instant.setUTCFullYear(0, 5, 15);
    expect(wallClockAt(instant, 'UTC')).toMatchObject({ year: 0, month: 6, day: 15 });
  });

  it('throws for an unknown zone, which isKnownTimeZone tells apart', () => {
    expect(() => wallClockAt(new Date(), 'Mars/Olympus')).toThrow(RangeError);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
    expect(isKnownTimeZone(42)).toBe(false);
    expect(isKnownTimeZone('Europe/London')).toBe(true);
  });
});
