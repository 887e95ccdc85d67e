import type { Decimal } from 'decimal.js';
import { isValidDate } from '../syntax/dateLiteral.js';
import type { BaseType } from '../types.js';
import { civilToDays, fromLocalMs } from './time.js';
import {
  CalcDate,
  CalcDateTime,
  CalcTime,
  DAY_MS,
  Dec,
  fromInteger,
  isDecimal,
  RecordValue,
  type Value,
} from './values.js';

const NUMBER = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;

/** Text to a number: plain decimal notation only (no exponent, no grouping); null otherwise. */
export function parseNumber(text: string): Decimal | null {
  return NUMBER.test(text) ? new Dec(text.trim()) : null;
}

const DATE = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})/;
const TIME = /^\s*(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?\s*$/;
const DATETIME =
  /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?\s*$/i;

export function parseDate(text: string): CalcDate | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isValidDate(y, mo, d) ? new CalcDate(civilToDays(y, mo, d)) : null;
}

export function parseTime(text: string): CalcTime | null {
  const m = TIME.exec(text);
  if (!m) return null;
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return null;
  return new CalcTime(h * 3_600_000 + mi * 60_000 + s * 1000 + Number((m[4] ?? '0').padEnd(3, '0')));
}

/** An ISO date-time; without `Z` or an offset it is wall-clock time in the time zone. */
export function parseDateTime(text: string, timeZone: string): CalcDateTime | null {
  const m = DATETIME.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [h, mi, s] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (!isValidDate(y, mo, d) || h > 23 || mi > 59 || s > 59) return null;
  const local = civilToDays(y, mo, d) * DAY_MS + h * 3_600_000 + mi * 60_000 + s * 1000;
  const ms = local + Number((m[7] ?? '0').padEnd(3, '0'));
  const zone = m[8];
  if (!zone) return new CalcDateTime(fromLocalMs(ms, timeZone));
  if (zone.toUpperCase() === 'Z') return new CalcDateTime(ms);
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.replace(/[^0-9]/g, '');
  const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  return new CalcDateTime(ms - offset);
}

/** A stored or passed-in JSON value read as the given type; what does not fit reads as null. */
export function fromJson(raw: unknown, type: BaseType, timeZone: string, entityTypeId?: string): Value {
  if (raw === null || raw === undefined) return null;
  switch (type) {
    case 'String':
      return typeof raw === 'string' ? raw : String(raw);
    case 'Int32': {
      // A stored integer past ±2^31 reads as Decimal, as arithmetic would make it.
      if (typeof raw === 'number' && Number.isInteger(raw)) return fromInteger(raw, () => new Dec(raw));
      if (typeof raw === 'string' && /^\s*[+-]?\d+\s*$/.test(raw)) {
        const n = new Dec(raw.trim());
        return fromInteger(n.toNumber(), () => n);
      }
      return null;
    }
    case 'Decimal':
    case 'Currency':
      if (typeof raw === 'number' && Number.isFinite(raw)) return new Dec(raw);
      return typeof raw === 'string' ? parseNumber(raw) : null;
    case 'Bool':
      return typeof raw === 'boolean' ? raw : raw === 'true' ? true : raw === 'false' ? false : null;
    case 'Date':
      return typeof raw === 'string' ? parseDate(raw) : null;
    case 'Time':
      return typeof raw === 'string' ? parseTime(raw) : null;
    case 'DateTime':
      return typeof raw === 'string' ? parseDateTime(raw, timeZone) : null;
    case 'Entity': {
      if (typeof raw === 'string' || typeof raw === 'number')
        return new RecordValue(String(raw), entityTypeId ?? '');
      if (typeof raw === 'object' && 'id' in raw) {
        const r = raw as { id: unknown; typeId?: unknown };
        return new RecordValue(String(r.id), typeof r.typeId === 'string' ? r.typeId : (entityTypeId ?? ''));
      }
      return null;
    }
    case 'None':
      return null;
  }
}

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * `totext(number, format)`: `N2` (grouped, 2 places), `F2` (fixed), `P1` (percent), or a pattern such as
 * `#,##0.00` or `0.0`. Rounds half away from zero.
 */
export function formatNumber(value: number | Decimal, format: string): string {
  const d = isDecimal(value) ? value : new Dec(value);
  if (Math.abs(d.e) > 1000) return d.toExponential();
  const std = /^([NFP])(\d{0,2})$/i.exec(format.trim());
  if (std) {
    const kind = std[1]!.toUpperCase();
    const places = std[2] === '' ? 2 : Number(std[2]);
    const scaled = kind === 'P' ? d.times(100) : d;
    const fixed = scaled.toFixed(places);
    const [int = '', frac] = fixed.replace('-', '').split('.');
    const sign = fixed.startsWith('-') ? '-' : '';
    const body = `${kind === 'F' ? int : group(int)}${frac ? `.${frac}` : ''}`;
    return `${sign}${body}${kind === 'P' ? '%' : ''}`;
  }
  const pattern = /^([#,0]*)(?:\.([0#]+))?$/.exec(format.trim());
  if (!pattern) return d.toFixed();
  const minPlaces = (pattern[2] ?? '').replace(/#/g, '').length;
  const maxPlaces = (pattern[2] ?? '').length;
  let fixed = d.toFixed(maxPlaces);
  if (maxPlaces > minPlaces)
    fixed = fixed.replace(new RegExp(`0{1,${maxPlaces - minPlaces}}$`), '').replace(/\.$/, '');
  const [int = '', frac] = fixed.replace('-', '').split('.');
  const sign = fixed.startsWith('-') ? '-' : '';
  return `${sign}${(pattern[1] ?? '').includes(',') ? group(int) : int}${frac ? `.${frac}` : ''}`;
}
