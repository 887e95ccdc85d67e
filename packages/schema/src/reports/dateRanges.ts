/**
 * Relative date ranges of report conditions (spec 02 §9, spec 03 §9): half-open `[from, to)`, local
 * dates for Date fields and UTC instants for DateTime fields, in the tenant's calendar and time zone,
 * clamped to years 1–9999. Pure: `now` is passed in (decision 0053).
 */

import { isKnownTimeZone, zoneOffsetAt } from '../time/wallClock.js';
import type { RelativeDateOperator } from './operators.js';

/** A half-open range `[from, to)`: `from` is included, `to` is not. */
export interface DateRange {
  readonly from: string;
  readonly to: string;
}

/** The tenant settings relative dates depend on. */
export interface RelativeDateSettings {
  /** An IANA time zone known to `Intl`, e.g. `Australia/Sydney`. */
  readonly timeZone: string;
  /** The month (1–12) whose 1st starts the financial year; 1 makes it the calendar year. */
  readonly financialYearStartMonth: number;
}

/** The largest count N the InTheLast / InTheNext operators accept. */
export const MAX_RELATIVE_DATE_COUNT = 10_000;

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic on "epoch days": days since 1970-01-01 of the proleptic Gregorian calendar.

interface Civil {
  readonly y: number;
  readonly m: number;
  readonly d: number;
}

/** Epoch days of a civil date; out-of-range months and days roll over. Years 0–99 are taken as is. */
function civilToDays(y: number, m: number, d: number): number {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return Math.round(date.getTime() / DAY_MS);
}

function daysToCivil(days: number): Civil {
  const date = new Date(days * DAY_MS);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

/** `yyyy-MM-dd`; years outside 0000–9999 in the expanded form of `toISOString` (`+012025-…`). */
function daysToText(days: number): string {
  const iso = new Date(days * DAY_MS).toISOString();
  return iso.slice(0, iso.indexOf('T'));
}

/** Epoch days of a strict `yyyy-MM-dd` date, or undefined when malformed or not a real date. */
function textToDays(date: string): number | undefined {
  const match = DATE_ONLY.exec(date);
  if (!match) return undefined;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const days = civilToDays(y, m, d);
  const back = daysToCivil(days);
  return back.y === y && back.m === m && back.d === d ? days : undefined;
}

const MIN_DAYS = civilToDays(1, 1, 1);
const MAX_DAYS = civilToDays(9999, 12, 31);

const clampDays = (days: number): number => Math.min(Math.max(days, MIN_DAYS), MAX_DAYS);

/** Months since January of year 0: `y * 12 + (m - 1)`. */
const monthIndex = (c: Civil): number => c.y * 12 + (c.m - 1);
const monthIndexToDays = (index: number): number =>
  civilToDays(Math.floor(index / 12), (((index % 12) + 12) % 12) + 1, 1);

const mod = (a: number, b: number): number => ((a % b) + b) % b;

// ---------------------------------------------------------------------------------------------
// Time zones through Intl.

/** Epoch days of the local date of an instant. */
function localDays(utcMs: number, timeZone: string): number {
  return Math.floor((utcMs + zoneOffsetAt(utcMs, timeZone)) / DAY_MS);
}

/**
 * The earliest instant whose local wall clock reads at or after 00:00 of the date (epoch days).
 * Usually the instant of local midnight; when midnight occurs twice (clocks turned back over it), the
 * first one; when midnight is skipped (clocks turned forward over it), the instant of the change, the
 * first valid local time of the day; when the whole day is skipped, the start of the next day.
 */
function startOfLocalDayMs(days: number, timeZone: string): number {
  const local = days * DAY_MS;
  // Offsets a day either side bracket every offset that can apply to this wall-clock reading
  // (offsets stay within ±15 h, and zones do not change offset twice within two days).
  const offsets = [
    ...new Set([
      zoneOffsetAt(local - DAY_MS, timeZone),
      zoneOffsetAt(local, timeZone),
      zoneOffsetAt(local + DAY_MS, timeZone),
    ]),
  ];
  const candidates = offsets.map((o) => local - o);
  const exact = candidates.filter((t) => zoneOffsetAt(t, timeZone) === local - t);
  if (exact.length > 0) return Math.min(...exact);
  // Midnight falls in a gap: the wall clock jumps from before midnight to after it between lo and hi.
  // Find the first whole second whose local reading is at or after midnight.
  let lo = Math.min(...candidates) / 1000; // local reading before midnight
  let hi = Math.max(...candidates) / 1000; // local reading after midnight
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (mid * 1000 + zoneOffsetAt(mid * 1000, timeZone) >= local) hi = mid;
    else lo = mid;
  }
  return hi * 1000;
}

// ---------------------------------------------------------------------------------------------
// Public helpers.

/**
 * The local calendar date `yyyy-MM-dd` of an instant in a time zone.
 *
 * @throws RangeError when the instant is an invalid Date or the time zone is unknown to Intl.
 */
export function localDateOf(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('localDateOf: invalid Date');
  return daysToText(localDays(ms, timeZone));
}

/**
 * The UTC ISO 8601 instant at which the local date `date` (`yyyy-MM-dd`) begins in the time zone —
 * normally 00:00 local, DST-correct.
 *
 * Where local midnight occurs twice (clocks turned back across it, e.g. America/Havana on
 * 2025-11-02) the first occurrence is returned. Where local midnight does not exist (clocks turned
 * forward across it, e.g. America/Havana on 2025-03-09 or America/Santiago on 2025-09-07), the first
 * valid local instant of that day is returned — the instant of the change, when the wall clock jumps
 * from 23:59:59 to 01:00. If the whole date was skipped (Pacific/Apia, 2011-12-30), the start of the
 * next existing date is returned. In short: the earliest instant whose local wall clock reads at or
 * after 00:00 on `date`.
 *
 * @throws RangeError when `date` is not a real `yyyy-MM-dd` date or the time zone is unknown to Intl.
 */
export function startOfLocalDayUtc(date: string, timeZone: string): string {
  const days = textToDays(date);
  if (days === undefined) throw new RangeError(`startOfLocalDayUtc: not a yyyy-MM-dd date: ${date}`);
  return new Date(startOfLocalDayMs(days, timeZone)).toISOString();
}

/**
 * Adds whole days to a `yyyy-MM-dd` date (negative `days` subtract), in the proleptic Gregorian calendar.
 *
 * @throws RangeError when `date` is not a real `yyyy-MM-dd` date, `days` is not an integer, or the result
 * falls outside 0001-01-01 … 9999-12-31.
 */
export function dateOnlyAdd(date: string, days: number): string {
  const start = textToDays(date);
  if (start === undefined) throw new RangeError(`dateOnlyAdd: not a yyyy-MM-dd date: ${date}`);
  if (!Number.isSafeInteger(days)) throw new RangeError(`dateOnlyAdd: not a whole number of days: ${days}`);
  const result = start + days;
  if (result < MIN_DAYS || result > MAX_DAYS)
    throw new RangeError('dateOnlyAdd: result outside years 1–9999');
  return daysToText(result);
}

// ---------------------------------------------------------------------------------------------
// Relative ranges.

/** A range in epoch days, or a rolling window in UTC milliseconds. */
type Resolved =
  | { readonly kind: 'days'; readonly from: number; readonly to: number }
  | { readonly kind: 'rolling'; readonly from: number; readonly to: number };

function needsCount(op: RelativeDateOperator): boolean {
  return op.startsWith('LastN') || op.startsWith('NextN');
}

function isValidCount(n: number | undefined): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_RELATIVE_DATE_COUNT;
}

function isValidSettings(settings: RelativeDateSettings): boolean {
  if (typeof settings !== 'object' || settings === null) return false;
  const month = settings.financialYearStartMonth;
  return Number.isInteger(month) && month >= 1 && month <= 12 && isKnownTimeZone(settings.timeZone);
}

/** The range in days (both bounds), or a rolling window for the DateTime forms; undefined if invalid. */
function resolve(
  op: RelativeDateOperator,
  n: number | undefined,
  now: Date,
  settings: RelativeDateSettings,
  forInstants: boolean,
): Resolved | undefined {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) return undefined;
  if (!isValidSettings(settings)) return undefined;
  const count = needsCount(op) ? n : 1;
  if (!isValidCount(count)) return undefined;

  const nowMs = now.getTime();
  const today = localDays(nowMs, settings.timeZone);
  const days = (from: number, to: number): Resolved => ({ kind: 'days', from, to });

  // Periods of whole months: length in months, and the month (1–12) one of them starts in.
  const months = (length: number, anchorMonth: number, shift: 'this' | 'last' | 'next'): Resolved => {
    const current = monthIndex(daysToCivil(today));
    const start = current - mod(current - (anchorMonth - 1), length);
    const from = shift === 'this' ? start : shift === 'last' ? start - count * length : start + length;
    const to = shift === 'this' ? start + length : shift === 'last' ? start : start + length + count * length;
    return days(monthIndexToDays(from), monthIndexToDays(to));
  };
  const fy = settings.financialYearStartMonth;
  const monday = today - mod(today + 3, 7); // 1970-01-01 was a Thursday

  switch (op) {
    case 'Today':
      return days(today, today + 1);
    case 'ThisWeek':
      return days(monday, monday + 7);
    case 'ThisMonth':
      return months(1, 1, 'this');
    case 'ThisQuarter':
      return months(3, 1, 'this');
    case 'ThisYear':
      return months(12, 1, 'this');
    case 'CurrentFinancialYear':
      return months(12, fy, 'this');
    case 'LastNDays':
      return days(today - count, today + 1);
    case 'LastNDaysTillNow':
      return forInstants
        ? { kind: 'rolling', from: nowMs - count * DAY_MS, to: nowMs }
        : days(today - count, today + 1);
    case 'LastNWeeks':
      return days(monday - 7 * count, monday);
    case 'LastNMonths':
      return months(1, 1, 'last');
    case 'LastNQuarters':
      return months(3, 1, 'last');
    case 'LastNYears':
      return months(12, 1, 'last');
    case 'LastNFinancialYears':
      return months(12, fy, 'last');
    case 'NextNDays':
      return days(today, today + count + 1);
    case 'NextNDaysFromNow':
      return forInstants
        ? { kind: 'rolling', from: nowMs, to: nowMs + count * DAY_MS }
        : days(today, today + count + 1);
    case 'NextNWeeks':
      return days(monday + 7, monday + 7 + 7 * count);
    case 'NextNMonths':
      return months(1, 1, 'next');
    case 'NextNQuarters':
      return months(3, 1, 'next');
    case 'NextNYears':
      return months(12, 1, 'next');
    case 'NextNFinancialYears':
      return months(12, fy, 'next');
    default:
      return undefined; // an operator that is not a relative date operator (unchecked input)
  }
}

/**
 * The range of local calendar dates a relative date operator selects, for Date fields: a HALF-OPEN
 * range `[from, to)` of `yyyy-MM-dd` dates in the tenant's time zone (`from` included, `to` not).
 *
 * - `Today` = [today, tomorrow). `ThisWeek` = Monday of this week to the next Monday. `ThisMonth`,
 *   `ThisQuarter` (calendar quarters), `ThisYear`, `CurrentFinancialYear` (12 months from the 1st of
 *   `financialYearStartMonth` on or before today) = the period containing today.
 * - `LastNDays` and `LastNDaysTillNow` = [today − N, today + 1): the N days before today and today.
 * - `NextNDays` and `NextNDaysFromNow` = [today, today + N + 1): today and the N days after it.
 * - `LastNWeeks|Months|Quarters|Years|FinancialYears` = the N whole periods (weeks Monday–Sunday)
 *   immediately before the current one; `NextN…` = the N whole periods immediately after it. The
 *   current period is in neither.
 *
 * The count `n` is used only by the LastN… / NextN… operators and must then be an integer from 1 to
 * {@link MAX_RELATIVE_DATE_COUNT}; for the current-period operators it is ignored. Returns undefined
 * when `n` is invalid for the operator, `now` is an invalid Date, the time zone is unknown to Intl, the
 * financial-year start month is not an integer 1–12, or `op` is not a relative date operator. The
 * range is clamped to 0001-01-01 … 9999-12-31 (decision 0053).
 */
export function relativeDateRange(
  op: RelativeDateOperator,
  n: number | undefined,
  now: Date,
  settings: RelativeDateSettings,
): DateRange | undefined {
  const r = resolve(op, n, now, settings, false);
  if (r?.kind !== 'days') return undefined;
  return { from: daysToText(clampDays(r.from)), to: daysToText(clampDays(r.to)) };
}

/**
 * The range of instants a relative date operator selects, for DateTime fields: a HALF-OPEN range
 * `[from, to)` of UTC ISO 8601 instants (`toISOString` form, e.g. `2025-10-04T14:00:00.000Z`).
 *
 * Calendar operators select the same local dates as {@link relativeDateRange}; each bound is the
 * instant that local date begins in the tenant's time zone ({@link startOfLocalDayUtc}), correct
 * across DST changes (a local day may last 23 or 25 hours). The rolling operators use `now` exactly:
 * `LastNDaysTillNow` = [now − N×24h, now) and `NextNDaysFromNow` = [now, now + N×24h), N×24 hours of
 * elapsed time. `LastNDays` / `NextNDays` stay whole local days (and include the rest of today).
 *
 * Returns undefined in the same cases as {@link relativeDateRange}. Bounds are clamped to the start of
 * 0001-01-01 … the start of 9999-12-31 in the tenant's time zone.
 */
export function relativeInstantRange(
  op: RelativeDateOperator,
  n: number | undefined,
  now: Date,
  settings: RelativeDateSettings,
): DateRange | undefined {
  const r = resolve(op, n, now, settings, true);
  if (!r) return undefined;
  const { timeZone } = settings;
  if (r.kind === 'days') {
    return {
      from: new Date(startOfLocalDayMs(clampDays(r.from), timeZone)).toISOString(),
      to: new Date(startOfLocalDayMs(clampDays(r.to), timeZone)).toISOString(),
    };
  }
  const min = startOfLocalDayMs(MIN_DAYS, timeZone);
  const max = startOfLocalDayMs(MAX_DAYS, timeZone);
  const clamp = (ms: number): number => Math.min(Math.max(ms, min), max);
  return { from: new Date(clamp(r.from)).toISOString(), to: new Date(clamp(r.to)).toISOString() };
}
