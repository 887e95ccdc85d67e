/** The reading of a wall clock: a proleptic Gregorian date (year 0 is 1 BC) and a 24-hour time. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A memoised formatter of the zone's wall clock; throws RangeError for a zone Intl does not know. */
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether Intl knows the IANA time zone. */
export function isKnownTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone === '') return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a wall clock in the time zone reads at an instant (whole seconds).
 *
 * @throws RangeError when the time zone is unknown to Intl or the instant is an invalid Date.
 * @example wallClockAt(new Date('2026-01-01T00:00:00Z'), 'Australia/Sydney') // 2026-01-01 11:00:00
 */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const clock: WallClock = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  let isBc = false;
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type === 'era') isBc = part.value === 'BC' || part.value === 'B';
    else if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  if (isBc) clock.year = 1 - clock.year;
  clock.hour %= 24;
  return clock;
}
