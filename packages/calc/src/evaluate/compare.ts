import { startOfDate } from './time.js';
import {
  CalcDate,
  CalcDateTime,
  CalcTime,
  compareNumbers,
  compareText,
  isNumber,
  RecordValue,
  toDec,
  type Value,
} from './values.js';

/**
 * Orders two non-null scalars of comparable types: numbers, text (ignoring case), booleans, dates and
 * date-times (a Date is midnight in the time zone), times, and records by id. Null when not comparable.
 */
export function compareValues(a: Value, b: Value, timeZone: string): number | null {
  if (a === null || b === null) return null;
  if (isNumber(a) && isNumber(b)) return compareNumbers(a, b);
  if (typeof a === 'string' && typeof b === 'string') return compareText(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof CalcDate && b instanceof CalcDate) return Math.sign(a.days - b.days);
  if (a instanceof CalcTime && b instanceof CalcTime) return Math.sign(a.ms - b.ms);
  if (
    (a instanceof CalcDate || a instanceof CalcDateTime) &&
    (b instanceof CalcDate || b instanceof CalcDateTime)
  ) {
    const x = a instanceof CalcDate ? startOfDate(a, timeZone) : a;
    const y = b instanceof CalcDate ? startOfDate(b, timeZone) : b;
    return Math.sign(x.ms - y.ms);
  }
  if (a instanceof RecordValue && b instanceof RecordValue) return a.id === b.id ? 0 : a.id < b.id ? -1 : 1;
  return null;
}

/** A key under which equal values (by `=`) collide: text ignoring case, numbers by value, records by id. */
export function equalityKey(v: Value): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return `s:${v.toLowerCase()}`;
  if (isNumber(v)) return `n:${toDec(v).toString()}`;
  if (typeof v === 'boolean') return `b:${v}`;
  if (v instanceof CalcDate) return `d:${v.days}`;
  if (v instanceof CalcTime) return `t:${v.ms}`;
  if (v instanceof CalcDateTime) return `dt:${v.ms}`;
  if (v instanceof RecordValue) return `r:${v.id}`;
  return `l:${v.map(equalityKey).join(',')}`;
}
