import { type DateInputProps, parseStored, timeStorageYear, toDateOnly } from '@plinth/fields';

/** The editors' value types, as the date input takes them. */
export type DateValue = NonNullable<DateInputProps<'date'>['value']>;
export type DateTimeValue = NonNullable<DateInputProps<'dateTime'>['value']>;
export type TimeValue = NonNullable<DateInputProps<'time'>['value']>;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A `yyyy-MM-dd` filter value as the date input's value. */
export function toDateValue(text: string | null): DateValue | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const value = parseStored(text);
  return value && 'day' in value && !('hour' in value) ? (value as DateValue) : null;
}

/** A UTC ISO filter value as a date-time on this browser's clock. */
export function toDateTimeValue(iso: string | null): DateTimeValue | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const local = `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  const value = parseStored(local);
  return value && 'day' in value && 'hour' in value ? (value as DateTimeValue) : null;
}

/** An `HH:mm:ss` filter value as the time input's value. */
export function toTimeValue(text: string | null): TimeValue | null {
  if (!text || !/^\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  const value = parseStored(`${timeStorageYear}-01-01T${text}`);
  return value && !('day' in value) ? (value as TimeValue) : null;
}

export const fromDateValue = (value: DateValue | null): string | null => (value ? toDateOnly(value) : null);

/** A date-time on this browser's clock as the UTC ISO instant the report call takes. */
export function fromDateTimeValue(value: DateTimeValue | null): string | null {
  if (!value) return null;
  const d = new Date(0);
  d.setFullYear(value.year, value.month - 1, value.day);
  d.setHours(value.hour, value.minute, value.second, 0);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export const fromTimeValue = (value: TimeValue | null): string | null =>
  value ? `${pad(value.hour)}:${pad(value.minute)}:${pad(value.second)}` : null;
