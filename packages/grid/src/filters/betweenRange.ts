import { dateOnlyAdd } from '@plinth/schema';
import type { FilterRange, FilterValueType } from './filterTypes.js';

const dateText = /^\d{4}-\d{2}-\d{2}$/;
const timeText = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const hourMs = 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** A bound moved a day (dates, date-times) or an hour (times) away; undefined when it cannot be. */
export function shiftBound(type: FilterValueType, bound: string, direction: 1 | -1): string | undefined {
  if (type === 'TimeRange') {
    const match = timeText.exec(bound);
    if (!match) return undefined;
    const hour = Number(match[1]) + direction;
    // An hour away, within the day.
    if (hour > 23) return '23:59:59';
    if (hour < 0) return '00:00:00';
    return `${pad(hour)}:${match[2]}:${match[3] ?? '00'}`;
  }
  if (type === 'DateRange') {
    if (!dateText.test(bound)) return undefined;
    try {
      return dateOnlyAdd(bound, direction);
    } catch {
      return undefined;
    }
  }
  if (type === 'DateTimeRange') {
    const ms = Date.parse(bound);
    if (Number.isNaN(ms)) return undefined;
    const shifted = new Date(ms + direction * 24 * hourMs);
    const year = shifted.getUTCFullYear();
    return year < 1 || year > 9999 ? undefined : shifted.toISOString();
  }
  return undefined;
}

/**
 * A Between filter with only one bound fills the other one day (Date, DateTime) or one hour (Time)
 * away (spec 02 §5).
 */
export function fillMissingBound(type: FilterValueType, range: FilterRange): FilterRange {
  if (range.from && !range.to) return { ...range, to: shiftBound(type, range.from, 1) ?? null };
  if (range.to && !range.from) return { ...range, from: shiftBound(type, range.to, -1) ?? null };
  return range;
}

/** Whether the bounds of this range type cap each other: dates and date-times, not times. */
export const isCappedRange = (type: FilterValueType): boolean =>
  type === 'DateRange' || type === 'DateTimeRange';

/**
 * Sets one bound of a range. For dates and date-times 'From' is capped by 'To' and 'To' by 'From'
 * (spec 02 §5): a From after To becomes To, a To before From becomes From.
 */
export function setRangeBound(
  type: FilterValueType,
  range: FilterRange,
  bound: 'from' | 'to',
  value: string | null,
): FilterRange {
  const next = { ...range, [bound]: value || null };
  if (!isCappedRange(type) || !next.from || !next.to) return next;
  const [from, to] =
    type === 'DateTimeRange' ? [Date.parse(next.from), Date.parse(next.to)] : [next.from, next.to];
  if (from <= to) return next;
  return bound === 'from' ? { ...next, from: next.to } : { ...next, to: next.from };
}
