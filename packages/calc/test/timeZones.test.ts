import { wallClockAt } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { fromLocalMs, isValidTimeZone, toLocalMs } from '../src/evaluate/time.js';
import { compile, evaluate } from '../src/index.js';
import { zoneTable } from '../src/sql/zone.js';
import { compileOptions, evaluateOptions } from './fixture.js';

// The calc engine reads a zone's clock through @plinth/schema's one wall-clock reader, as the grid,
// relative dates and exports do: these pin that its wall clock is the schema's, to the second.

const zones = [
  'UTC',
  'Australia/Sydney',
  'America/New_York',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'Europe/London',
];
const instants = [
  Date.UTC(2026, 0, 1),
  Date.UTC(2026, 2, 8, 7, 30),
  Date.UTC(2026, 9, 4, 15, 59, 59),
  Date.UTC(1890, 5, 1, 12), // Sydney on local mean time, +10:04:52
  Date.UTC(9999, 11, 31, 23, 59, 59),
  Date.UTC(1, 0, 1),
];

function localMsOf(utcMs: number, timeZone: string): number {
  const c = wallClockAt(new Date(utcMs), timeZone);
  const local = new Date(0);
  local.setUTCFullYear(c.year, c.month - 1, c.day);
  local.setUTCHours(c.hour, c.minute, c.second, 0);
  return local.getTime();
}

describe('time zones in the calc engine', () => {
  it("reads the same wall clock as the schema's reader, in every zone", () => {
    for (const zone of zones)
      for (const instant of instants)
        expect(toLocalMs(instant, zone), `${zone} ${instant}`).toBe(localMsOf(instant, zone));
  });

  it("keeps historical offsets' seconds", () => {
    expect(toLocalMs(Date.UTC(1890, 5, 1, 12), 'Australia/Sydney') - Date.UTC(1890, 5, 1, 12)).toBe(
      (10 * 3600 + 4 * 60 + 52) * 1000,
    );
  });

  it('reads a wall clock in a skipped hour as the time after the gap, and round-trips others', () => {
    // New York, 2026-03-08: 02:00 local jumps to 03:00 (07:00 UTC).
    expect(fromLocalMs(Date.UTC(2026, 2, 8, 2, 30), 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 7, 30));
    const instant = Date.UTC(2026, 6, 1, 9, 15);
    expect(fromLocalMs(toLocalMs(instant, 'Australia/Sydney'), 'Australia/Sydney')).toBe(instant);
  });

  it('reads no offset where a Date cannot go, rather than failing', () => {
    expect(toLocalMs(9e15, 'Australia/Sydney')).toBe(9e15);
    expect(toLocalMs(-9e15, 'Australia/Sydney')).toBe(-9e15);
  });

  it('knows the zones Intl knows, and no empty or made-up zone', async () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    const compiled = compile('getdate()', compileOptions);
    expect((await evaluate(compiled, { ...evaluateOptions, timeZone: 'Mars/Olympus' })).error).toBe(
      'Unknown time zone: Mars/Olympus',
    );
  });

  it("gives SQLite a zone table whose changes match the schema's reader to the second", () => {
    const table = zoneTable('Australia/Sydney');
    // From 1900 (Sydney left local mean time in 1895): AEST, then each daylight-saving change.
    expect(table[0]).toEqual(['0000-01-01T00:00:00.000Z', 10 * 3600]);
    expect(table.length).toBeGreaterThan(100);
    for (const [iso, offset] of table.slice(1, 40)) {
      const at = Date.parse(iso);
      expect(localMsOf(at, 'Australia/Sydney') - at, iso).toBe(offset * 1000);
      expect(localMsOf(at - 1000, 'Australia/Sydney') - (at - 1000), iso).not.toBe(offset * 1000);
    }
  });
});
