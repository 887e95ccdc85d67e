import { describe, expect, it } from 'vitest';
import { isKnownTimeZone, wallClockAt, zoneOffsetAt } from './wallClock.js';

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

describe('zoneOffsetAt', () => {
  it("reads a zone's offset across daylight saving, to the second of local mean time", () => {
    expect(zoneOffsetAt(Date.UTC(2026, 0, 1), 'Australia/Sydney')).toBe(11 * 3_600_000);
    expect(zoneOffsetAt(Date.UTC(2026, 6, 1), 'Australia/Sydney')).toBe(10 * 3_600_000);
    expect(zoneOffsetAt(Date.UTC(1890, 0, 1), 'Australia/Sydney')).toBe((10 * 3600 + 4 * 60 + 52) * 1000);
    expect(zoneOffsetAt(Date.UTC(2026, 2, 8, 6, 59, 59), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(zoneOffsetAt(Date.UTC(2026, 2, 8, 7), 'America/New_York')).toBe(-4 * 3_600_000);
    expect(zoneOffsetAt(Date.UTC(2026, 0, 1), 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
  });

  it('reads the offset of the whole second an instant falls in', () => {
    expect(zoneOffsetAt(Date.UTC(2026, 0, 1) + 999, 'UTC')).toBe(0);
    expect(zoneOffsetAt(Date.UTC(2026, 0, 1) - 1, 'Australia/Sydney')).toBe(11 * 3_600_000);
  });

  it('reads 0 where a Date cannot go, and throws for an unknown zone', () => {
    expect(zoneOffsetAt(9e15, 'Australia/Sydney')).toBe(0);
    expect(zoneOffsetAt(Number.NaN, 'Australia/Sydney')).toBe(0);
    expect(() => zoneOffsetAt(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});
