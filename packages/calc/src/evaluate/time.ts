import { isKnownTimeZone, zoneOffsetAt } from '@plinth/schema';
import { CalcDate, CalcDateTime, DAY_MS } from './values.js';

// Wall-clock arithmetic uses "local milliseconds": the instant the wall-clock reading would be in UTC.
// The zone's clock is read by @plinth/schema's one wall-clock reader (zoneOffsetAt).

/** Whether Intl knows the IANA time zone (the schema's one wall-clock reader decides). */
export function isValidTimeZone(timeZone: string): boolean {
  return isKnownTimeZone(timeZone);
}

export const toLocalMs = (utcMs: number, timeZone: string): number => utcMs + zoneOffsetAt(utcMs, timeZone);

/** The instant of a wall-clock reading; in a spring-forward gap, the reading after the gap. */
export function fromLocalMs(localMs: number, timeZone: string): number {
  const first = localMs - zoneOffsetAt(localMs, timeZone);
  const second = localMs - zoneOffsetAt(first, timeZone);
  return zoneOffsetAt(second, timeZone) === localMs - second ? second : Math.max(first, second);
}

/** Days since the epoch of a proleptic Gregorian date; out-of-range months and days roll over. */
export function civilToDays(y: number, m: number, d: number): number {
  return Math.round(civilToMs(y, m, d) / DAY_MS);
}

function civilToMs(y: number, m: number, d: number): number {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  date.setUTCHours(0, 0, 0, 0);
  return date.getTime();
}

export interface Civil {
  readonly y: number;
  readonly m: number;
  readonly d: number;
}

export function daysToCivil(days: number): Civil {
  const date = new Date(days * DAY_MS);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

export const daysInMonth = (y: number, m: number): number => civilToDays(y, m + 1, 1) - civilToDays(y, m, 1);

/** Sunday = 1 … Saturday = 7. */
export const weekdayOf = (days: number): number => ((((days + 4) % 7) + 7) % 7) + 1;

export const dateOfInstant = (v: CalcDateTime, timeZone: string): CalcDate =>
  new CalcDate(Math.floor(toLocalMs(v.ms, timeZone) / DAY_MS));

/** A Date widened to a DateTime: midnight in the time zone. */
export const startOfDate = (v: CalcDate, timeZone: string): CalcDateTime =>
  new CalcDateTime(fromLocalMs(v.days * DAY_MS, timeZone));

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function dateText(days: number): string {
  const { y, m, d } = daysToCivil(days);
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

export function timeText(ms: number): string {
  const s = Math.floor(ms / 1000);
  const frac = ms % 1000;
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}${frac ? `.${pad(frac, 3)}` : ''}`;
}

/** UTC ISO 8601, as stored and sent. */
export const instantText = (ms: number): string => new Date(ms).toISOString();

/** A DateTime as the user reads it: local wall clock, `yyyy-mm-dd hh:mm:ss`. */
export function localText(ms: number, timeZone: string): string {
  const local = toLocalMs(ms, timeZone);
  const days = Math.floor(local / DAY_MS);
  return `${dateText(days)} ${timeText(local - days * DAY_MS)}`;
}
