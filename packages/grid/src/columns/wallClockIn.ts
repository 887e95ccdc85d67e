import { isKnownTimeZone, type WallClock, wallClockAt } from '@plinth/schema';

/**
 * What the clock reads at an instant in the tenant's zone: the browser's zone when none is set,
 * UTC when the zone is unknown (a cell then still shows a time rather than nothing).
 */
export function wallClockIn(instant: Date, timeZone: string | undefined): WallClock {
  if (timeZone === undefined) {
    const browser = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    return wallClockAt(instant, isKnownTimeZone(browser) ? browser : 'UTC');
  }
  return wallClockAt(instant, isKnownTimeZone(timeZone) ? timeZone : 'UTC');
}
