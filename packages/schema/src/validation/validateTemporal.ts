import type { FieldDef } from '../metamodel/definitions.js';
import { checkRange, type RangeBound } from './checkRange.js';
import { accepted, type FieldValueResult, rejected } from './fieldValueResult.js';
import { invalidDateMessage, invalidDateTimeMessage, invalidTimeMessage } from './messages.js';

const dateText = /^(\d{4})-(\d{2})-(\d{2})$/;
const timeText = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const dateTimeText =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** A calendar date 'yyyy-MM-dd' (years 1–9999, real days only) in the same form, else undefined. */
export function parseDateText(text: string): string | undefined {
  const match = dateText.exec(text);
  if (match === null) return undefined;
  return isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3])) ? text : undefined;
}

/** A 24-hour time 'HH:mm' or 'HH:mm:ss' as 'HH:mm:ss', else undefined. */
export function parseTimeText(text: string): string | undefined {
  const match = timeText.exec(text);
  if (match === null) return undefined;
  const [hours, minutes, seconds = '00'] = [match[1]!, match[2]!, match[3]];
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return undefined;
  return `${hours}:${minutes}:${seconds}`;
}

/**
 * An ISO 8601 date-time with 'Z' or a ±HH:mm offset (seconds and milliseconds optional) as UTC
 * 'yyyy-MM-ddTHH:mm:ss.sssZ', else undefined. Every part is range-checked before any Date
 * arithmetic, so the lenient `Date` parser never sees unchecked text; the UTC result must also fall
 * in years 1–9999.
 */
export function parseDateTimeText(text: string): string | undefined {
  const match = dateTimeText.exec(text);
  if (match === null) return undefined;
  const [year, month, day, hours, minutes] = [1, 2, 3, 4, 5].map((i) => Number(match[i]));
  const seconds = Number(match[6] ?? 0);
  const millis = Number((match[7] ?? '').padEnd(3, '0'));
  if (!isCalendarDate(year!, month!, day!) || hours! > 23 || minutes! > 59 || seconds > 59) return undefined;
  let offsetMinutes = 0;
  if (match[8] !== undefined) {
    const offsetHours = Number(match[9]);
    const offsetMins = Number(match[10]);
    if (offsetHours > 23 || offsetMins > 59) return undefined;
    offsetMinutes = (match[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  date.setUTCFullYear(year!, month! - 1, day!);
  date.setUTCHours(hours!, minutes! - offsetMinutes, seconds, millis);
  const utcYear = date.getUTCFullYear();
  if (utcYear < 1 || utcYear > 9999) return undefined;
  return date.toISOString();
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

type Parser = (text: string) => string | undefined;

/** A configured bound in stored form; a bound the parser rejects is ignored (validateFieldBounds reports it). */
function temporalBound(bound: unknown, parse: Parser): RangeBound<string> | undefined {
  if (typeof bound !== 'string') return undefined;
  const value = parse(bound.trim());
  return value === undefined ? undefined : { value, display: value };
}

/**
 * Validates a non-empty temporal value. The stored forms (yyyy-MM-dd, HH:mm:ss and UTC
 * yyyy-MM-ddTHH:mm:ss.sssZ for years 1–9999) order chronologically as strings.
 */
function validateTemporal(
  input: unknown,
  parse: Parser,
  invalidMessage: string,
  minBound: unknown,
  maxBound: unknown,
): FieldValueResult {
  if (typeof input !== 'string') return rejected(invalidMessage);
  const value = parse(input.trim());
  if (value === undefined) return rejected(invalidMessage);
  const outOfRange = checkRange(value, temporalBound(minBound, parse), temporalBound(maxBound, parse));
  return outOfRange === undefined ? accepted(value) : rejected(outOfRange);
}

export function validateDateValue(field: FieldDef, input: unknown): FieldValueResult {
  return validateTemporal(input, parseDateText, invalidDateMessage, field.minDate, field.maxDate);
}

export function validateTimeValue(field: FieldDef, input: unknown): FieldValueResult {
  return validateTemporal(input, parseTimeText, invalidTimeMessage, field.minTime, field.maxTime);
}

export function validateDateTimeValue(field: FieldDef, input: unknown): FieldValueResult {
  return validateTemporal(
    input,
    parseDateTimeText,
    invalidDateTimeMessage,
    field.minDateTime,
    field.maxDateTime,
  );
}
