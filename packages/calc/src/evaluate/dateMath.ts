import type { DatePart } from '../syntax/ast.js';
import { civilToDays, daysInMonth, daysToCivil, fromLocalMs, toLocalMs, weekdayOf } from './time.js';
import { CalcDate, CalcDateTime, CalcTime, DAY_MS } from './values.js';

export type Temporal = CalcDate | CalcTime | CalcDateTime;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const TIME_PARTS: ReadonlySet<DatePart> = new Set(['hour', 'minute', 'second']);
const UNIT_MS: Partial<Record<DatePart, number>> = { hour: 3_600_000, minute: 60_000, second: 1000 };

/** A temporal value read on the wall clock: local ms since the epoch (time only: ms since midnight). */
export function localMsOf(v: Temporal, timeZone: string): number {
  if (v instanceof CalcDate) return v.days * DAY_MS;
  if (v instanceof CalcTime) return v.ms;
  return toLocalMs(v.ms, timeZone);
}

/** Week of the year as Excel's WEEKNUM: the week holding 1 January is week 1; weeks start on Sunday. */
export function weekOfYear(days: number): number {
  const { y } = daysToCivil(days);
  const jan1 = civilToDays(y, 1, 1);
  return Math.floor((days - jan1 + weekdayOf(jan1) - 1) / 7) + 1;
}

/** One part of a date, date-time or time, in the time zone. */
export function partOf(part: DatePart, v: Temporal, timeZone: string): number {
  const local = localMsOf(v, timeZone);
  const days = Math.floor(local / DAY_MS);
  const timeOfDay = v instanceof CalcTime ? v.ms : local - days * DAY_MS;
  const { y, m, d } = daysToCivil(days);
  switch (part) {
    case 'year':
      return y;
    case 'quarter':
      return Math.floor((m - 1) / 3) + 1;
    case 'month':
      return m;
    case 'week':
      return weekOfYear(days);
    case 'day':
      return d;
    case 'dayofyear':
      return days - civilToDays(y, 1, 1) + 1;
    case 'weekday':
      return weekdayOf(days);
    case 'hour':
      return Math.floor(timeOfDay / 3_600_000);
    case 'minute':
      return Math.floor(timeOfDay / 60_000) % 60;
    case 'second':
      return Math.floor(timeOfDay / 1000) % 60;
  }
}

/** `datename`: month and weekday by name, other parts as numbers. */
export function partName(part: DatePart, v: Temporal, timeZone: string): string {
  const n = partOf(part, v, timeZone);
  if (part === 'month') return MONTH_NAMES[n - 1]!;
  if (part === 'weekday') return DAY_NAMES[n - 1]!;
  return String(n);
}

function addMonths(days: number, months: number): number {
  const { y, m, d } = daysToCivil(days);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12 + 1;
  return civilToDays(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

function addCalendar(days: number, part: DatePart, n: number): number {
  switch (part) {
    case 'year':
      return addMonths(days, 12 * n);
    case 'quarter':
      return addMonths(days, 3 * n);
    case 'month':
      return addMonths(days, n);
    case 'week':
      return days + 7 * n;
    default:
      return days + n;
  }
}

const MIN_DAYS = civilToDays(1, 1, 1);
const MAX_DAYS = civilToDays(9999, 12, 31);

/** Dates run from 0001-01-01 to 9999-12-31; beyond them a result is null. */
export function inDateRange(v: Temporal): Temporal | null {
  if (v instanceof CalcTime) return v;
  const days = v instanceof CalcDate ? v.days : Math.floor(v.ms / DAY_MS);
  return Number.isFinite(days) && days >= MIN_DAYS && days <= MAX_DAYS ? v : null;
}

/** `dateadd`: calendar parts on the wall clock (clamping to the month's end), time parts as elapsed time. */
export function dateAdd(part: DatePart, n: number, v: Temporal, timeZone: string): Temporal | null {
  return inDateRange(addUnchecked(part, n, v, timeZone));
}

function addUnchecked(part: DatePart, n: number, v: Temporal, timeZone: string): Temporal {
  const unit = UNIT_MS[part];
  if (v instanceof CalcTime) return new CalcTime((((v.ms + n * (unit ?? 0)) % DAY_MS) + DAY_MS) % DAY_MS);
  if (v instanceof CalcDate) return new CalcDate(addCalendar(v.days, part, n));
  if (unit) return new CalcDateTime(v.ms + n * unit);
  const local = toLocalMs(v.ms, timeZone);
  const days = Math.floor(local / DAY_MS);
  return new CalcDateTime(
    fromLocalMs(addCalendar(days, part, n) * DAY_MS + (local - days * DAY_MS), timeZone),
  );
}

/** `datediff`: the number of `part` boundaries crossed from `start` to `end` (negative when end is earlier). */
export function dateDiff(part: DatePart, start: Temporal, end: Temporal, timeZone: string): number {
  const a = localMsOf(start, timeZone);
  const b = localMsOf(end, timeZone);
  const unit = UNIT_MS[part];
  if (unit) return Math.floor(b / unit) - Math.floor(a / unit);
  const da = Math.floor(a / DAY_MS);
  const db = Math.floor(b / DAY_MS);
  const ca = daysToCivil(da);
  const cb = daysToCivil(db);
  switch (part) {
    case 'year':
      return cb.y - ca.y;
    case 'quarter':
      return cb.y * 4 + Math.floor((cb.m - 1) / 3) - (ca.y * 4 + Math.floor((ca.m - 1) / 3));
    case 'month':
      return cb.y * 12 + cb.m - (ca.y * 12 + ca.m);
    case 'week':
      return (db - (weekdayOf(db) - 1) - (da - (weekdayOf(da) - 1))) / 7;
    default:
      return db - da;
  }
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `totext(date, format)` with .NET-style tokens: yyyy yy MMMM MMM MM M dddd ddd dd d HH H hh h mm m ss s tt. */
export function formatTemporal(v: Temporal, format: string, timeZone: string): string {
  const get = (p: DatePart) => (v instanceof CalcTime && !TIME_PARTS.has(p) ? 0 : partOf(p, v, timeZone));
  return format.replace(/yyyy|yy|MMMM|MMM|MM|M|dddd|ddd|dd|d|HH|H|hh|h|mm|m|ss|s|tt|'[^']*'/g, (token) => {
    const h = get('hour');
    switch (token) {
      case 'yyyy':
        return pad(get('year'), 4);
      case 'yy':
        return pad(get('year') % 100);
      case 'MMMM':
        return MONTH_NAMES[get('month') - 1] ?? '';
      case 'MMM':
        return (MONTH_NAMES[get('month') - 1] ?? '').slice(0, 3);
      case 'MM':
        return pad(get('month'));
      case 'M':
        return String(get('month'));
      case 'dddd':
        return DAY_NAMES[get('weekday') - 1] ?? '';
      case 'ddd':
        return (DAY_NAMES[get('weekday') - 1] ?? '').slice(0, 3);
      case 'dd':
        return pad(get('day'));
      case 'd':
        return String(get('day'));
      case 'HH':
        return pad(h);
      case 'H':
        return String(h);
      case 'hh':
        return pad(h % 12 || 12);
      case 'h':
        return String(h % 12 || 12);
      case 'mm':
        return pad(get('minute'));
      case 'm':
        return String(get('minute'));
      case 'ss':
        return pad(get('second'));
      case 's':
        return String(get('second'));
      case 'tt':
        return h < 12 ? 'AM' : 'PM';
      default:
        return token.slice(1, -1);
    }
  });
}
