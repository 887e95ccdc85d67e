import { dateOrderFor } from '../time/dateOrder.js';
import type { WallClock } from '../time/wallClock.js';

// How a stored value reads to a user (spec 02 §9): the grid's cells, the form's read-only values
// and the server's generated documents all format through here, so a date or an amount reads the
// same wherever it shows.

/** What a value's text depends on besides the value: the tenant's locale, currency and time zone. */
export interface DisplaySettings {
  /** Date pattern and number grouping; default en-AU (spec 02 §9). */
  locale: string;
  /** The tenant currency symbol; default '$'. */
  currencySymbol: string;
  /** Date-times are shown in this zone; the browser's when absent. */
  timeZone?: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats a date in the locale's pattern, e.g. 05/03/2026 for en-AU. */
export function formatDate(date: { year: number; month: number; day: number }, locale: string): string {
  const year = pad(date.year, 4);
  const order = dateOrderFor(locale);
  if (order === 'ymd') return `${year}-${pad(date.month)}-${pad(date.day)}`;
  return order === 'dmy'
    ? `${pad(date.day)}/${pad(date.month)}/${year}`
    : `${pad(date.month)}/${pad(date.day)}/${year}`;
}

/** Formats a time as hh:mm a, e.g. 09:05 AM. */
export function formatTime(time: { hour: number; minute: number }): string {
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  return `${pad(hour12)}:${pad(time.minute)} ${time.hour < 12 ? 'AM' : 'PM'}`;
}

// Number formats are costly to build and a page draws thousands of cells: one per locale and places.
const numberFormats = new Map<string, Intl.NumberFormat | null>();

/** A number with a fixed count of decimals in the locale, e.g. 1,234.500 (aggregates use 3). */
export function formatNumberText(value: number, locale: string, places: number): string {
  const fixed = Math.max(0, Math.min(20, Math.trunc(places)));
  const key = `${locale}|${fixed}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, { minimumFractionDigits: fixed, maximumFractionDigits: fixed });
    } catch {
      format = null;
    }
    numberFormats.set(key, format);
  }
  return format ? format.format(value) : value.toFixed(fixed);
}

/** A currency amount: the symbol before the number, the minus before both: -$1,234.50. */
export function formatCurrency(
  value: number,
  settings: Pick<DisplaySettings, 'locale' | 'currencySymbol'>,
  places = 2,
): string {
  const text = formatNumberText(Math.abs(value), settings.locale, places);
  return `${value < 0 ? '-' : ''}${settings.currencySymbol}${text}`;
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})/;
const clock = /(?:^|T| )(\d{2}):(\d{2})/;

/** A stored date (yyyy-MM-dd, or the date part of a date-time) in the locale's pattern; null when unreadable. */
export function storedDateText(value: string, locale: string): string | null {
  const m = isoDate.exec(value);
  if (!m) return null;
  return formatDate({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }, locale);
}

/** A stored time (HH:mm, or the time part of a date-time) as hh:mm a; null when unreadable. */
export function storedTimeText(value: string): string | null {
  const m = clock.exec(value);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59) return null;
  return formatTime({ hour, minute });
}

/**
 * A stored date-time: an instant (with Z or an offset) as the clock reads it where the user is
 * (`clockAt`, the tenant's zone), a plain one as written; null when unreadable.
 */
export function storedDateTimeText(
  value: string,
  locale: string,
  clockAt: (instant: Date) => WallClock,
): string | null {
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const date = storedDateText(value, locale);
    const time = storedTimeText(value);
    return date && time ? `${date} ${time}` : date;
  }
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const at = clockAt(instant);
  return `${formatDate(at, locale)} ${formatTime(at)}`;
}

/** A yes/no value as the grid shows it; other values as written. */
export function booleanText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === 'true' || value === 1) return 'Yes';
  if (value === 'false' || value === 0) return 'No';
  return String(value);
}
