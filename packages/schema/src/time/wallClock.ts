/**
 * The one time-zone wall-clock reader of Plinth: the browser's grid, relative dates, tenant settings,
 * exports and the calc engine (evaluator and SQLite zone tables) all read a zone's clock here.
 */

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
  return readParts(formatter(timeZone), instant);
}

function readParts(f: Intl.DateTimeFormat, instant: Date): WallClock {
  const clock: WallClock = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  let isBc = false;
  for (const part of f.formatToParts(instant)) {
    if (part.type === 'era') isBc = part.value === 'BC' || part.value === 'B';
    else if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  if (isBc) clock.year = 1 - clock.year;
  clock.hour %= 24;
  return clock;
}

/** The largest distance from the epoch a Date can hold, in milliseconds. */
const MAX_DATE_MS = 8.64e15;

/**
 * The zone's offset from UTC at an instant, in milliseconds (wall clock minus UTC): a whole number of
 * seconds (local mean times have seconds, e.g. Sydney's +10:04:52). Outside what a Date can hold
 * there is no wall clock to read and the offset is 0: callers range-check their results.
 *
 * @throws RangeError when the time zone is unknown to Intl.
 * @example zoneOffsetAt(Date.UTC(2026, 0, 1), 'Australia/Sydney') // 39_600_000 (+11:00)
 */
export function zoneOffsetAt(utcMs: number, timeZone: string): number {
  const f = formatter(timeZone);
  if (!(Math.abs(utcMs) <= MAX_DATE_MS)) return 0;
  const whole = Math.floor(utcMs / 1000) * 1000;
  const c = readParts(f, new Date(whole));
  const local = new Date(0);
  local.setUTCFullYear(c.year, c.month - 1, c.day);
  local.setUTCHours(c.hour, c.minute, c.second, 0);
  return local.getTime() - whole;
}
