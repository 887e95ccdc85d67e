import { CalendarDate, CalendarDateTime, type DateValue, Time } from '@internationalized/date';
import { dateOrderFor } from '@plinth/schema';

// One reading of dates and times for the grid, the fields and the server's documents.
export { type DateOrder, dateOrderFor, formatDate, formatTime } from '@plinth/schema';

/** Messages for invalid typed dates (spec 02 §8), verbatim. */
export const invalidDateMessages = {
  date: 'Invalid date.',
  time: 'Invalid time.',
  dateTime: 'Invalid date time.',
} as const;

/** Years a date may have (spec 02 §9). */
export const minYear = 1;
export const maxYear = 9999;
/** Time-only values are stored on a day of 1973; years up to 1753 also read as time only. */
export const timeStorageYear = 1973;
export const timeOnlyMaxYear = 1753;
/** The time a date-time gets when picked in the calendar with nothing selected before. */
export const defaultCalendarTime = new Time(9, 0);
export const timePattern = 'hh:mm a';

/** The date pattern of a locale: dd/MM/yyyy for en-AU and en-GB, MM/dd/yyyy for en-US and default. */
export function datePatternFor(locale: string): 'dd/MM/yyyy' | 'MM/dd/yyyy' | 'yyyy-MM-dd' {
  const order = dateOrderFor(locale);
  return order === 'dmy' ? 'dd/MM/yyyy' : order === 'ymd' ? 'yyyy-MM-dd' : 'MM/dd/yyyy';
}

/** The locale the calendar is shown in: the pattern's locale (en-AU/en-GB, else en-US). */
export function segmentLocaleFor(locale: string): string {
  return dateOrderFor(locale) === 'dmy' ? locale : 'en-US';
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The stored form of a date-only value: yyyy-MM-dd. */
export function toDateOnly(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** The stored form of a time-only value: the time on 1 January 1973. */
export function toStoredTime(time: Time): string {
  return `${timeStorageYear}-01-01T${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
}

/** Whether a stored date-time is a time-only value (year 1973 storage, or 1753 and earlier). */
export function isTimeOnlyValue(iso: string): boolean {
  const year = Number(iso.slice(0, 4));
  return year === timeStorageYear || year <= timeOnlyMaxYear;
}

/** Reads a stored value as a date, a time (time-only years) or a date-time; null when unreadable. */
export function parseStored(iso: string): CalendarDate | Time | CalendarDateTime | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(iso);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((part) => (part ? Number(part) : undefined));
  if (year === undefined || month === undefined || day === undefined) return null;
  if (year < minYear || year > maxYear || month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (hour === undefined) return new CalendarDate(year, month, day);
  const time = new Time(hour, minute ?? 0, second ?? 0);
  if (year === timeStorageYear || year <= timeOnlyMaxYear) return time;
  return new CalendarDateTime(year, month, day, time.hour, time.minute, time.second);
}

/** Whether a date lies within the optional bounds and the year range 1–9999. */
export function isWithinBounds(date: DateValue, min?: DateValue | null, max?: DateValue | null): boolean {
  if (date.year < minYear || date.year > maxYear) return false;
  if (min && date.compare(min) < 0) return false;
  if (max && date.compare(max) > 0) return false;
  return true;
}
