import {
  type DateOrder,
  dateOrderFor,
  type FieldDef,
  type FieldValueResult,
  invalidNumberMessage,
  isKnownTimeZone,
  validateFieldValue,
  zoneOffsetAt,
} from '@plinth/schema';
import { importMessages } from './importMessages.js';

/** The tenant's ways of writing numbers and dates, from its settings (locale, time zone, currency). */
export interface CellLocale {
  locale: string;
  timeZone: string;
  currencySymbol: string;
}

/** Reads a CSV cell as the value of a field: text in the tenant's locale, then the field's own rules. */
export type CellReader = (field: FieldDef, text: string) => FieldValueResult;

/**
 * The cell reader of a tenant (decision 0105). Numbers in the locale's digits: its decimal mark,
 * its grouping in threes (optional), a leading sign, and for Currency the tenant's symbol. Dates in
 * the order the product shows them in the locale (dd/MM/yyyy for en-AU and en-GB, year first where
 * the locale writes it so, else MM/dd/yyyy: spec 02 §9, decision 0034), or ISO yyyy-MM-dd. Times
 * in 24 or 12 hours. A date-time without an offset is a time on the tenant's clock. Yes/No as
 * yes/no, true/false, y/n, 1/0. What is read is then checked by the one validator the put uses.
 */
export function cellReader(settings: CellLocale): CellReader {
  const number = numberReader(settings.locale);
  const order = dateOrderFor(settings.locale);
  const zone = isKnownTimeZone(settings.timeZone) ? settings.timeZone : 'UTC';
  // Offsets change on quarter hours (UTC) only: one Intl look per quarter of an hour read, per import.
  const offsets = new Map<number, number>();
  const offsetAt = (utcMs: number) => {
    const quarter = Math.floor(utcMs / 900_000);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = zoneOffsetAt(utcMs, zone);
      offsets.set(quarter, offset);
    }
    return offset;
  };
  return (field, raw) => {
    const text = raw.trim();
    if (text === '') return validateFieldValue(field, null);
    switch (field.type) {
      case 'Number':
      case 'Decimal':
        return numeric(field, number(text));
      case 'Currency': {
        const bare = text
          .replace(settings.currencySymbol, '')
          .replace(/^([+-])\s+/, '$1')
          .trim();
        return numeric(field, number(bare));
      }
      case 'Date':
        return validateFieldValue(field, readDate(text, order) ?? text);
      case 'Time':
        return validateFieldValue(field, readTime(text) ?? text);
      case 'DateTime':
        return validateFieldValue(field, readDateTime(text, order, offsetAt) ?? text);
      case 'Boolean': {
        const value = yesNoOf(text);
        return value === undefined
          ? { ok: false, message: importMessages.notYesNo(text) }
          : validateFieldValue(field, value);
      }
      default:
        return validateFieldValue(field, raw);
    }
  };
}

/** A number read in the locale, checked by the field's rules; text the locale does not write is not one. */
function numeric(field: FieldDef, plain: string | undefined): FieldValueResult {
  return plain === undefined
    ? { ok: false, message: invalidNumberMessage }
    : validateFieldValue(field, plain);
}

/** Yes/No as written in a file: yes/no, true/false, y/n, 1/0, in any case. */
function yesNoOf(text: string): boolean | undefined {
  switch (text.toLowerCase()) {
    case 'yes':
    case 'true':
    case 'y':
    case '1':
      return true;
    case 'no':
    case 'false':
    case 'n':
    case '0':
      return false;
    default:
      return undefined;
  }
}

/** Plain decimal text ('-1234.5') of a number written in the locale, or undefined. */
function numberReader(locale: string): (text: string) => string | undefined {
  let group = ',';
  let decimal = '.';
  try {
    for (const part of new Intl.NumberFormat(locale).formatToParts(1234567.5)) {
      if (part.type === 'group') group = part.value;
      if (part.type === 'decimal') decimal = part.value;
    }
  } catch {
    // An unknown locale tag: the defaults.
  }
  // A narrow or plain no-break space groups digits in some locales; people type a plain space.
  const groups = /\s/.test(group) ? '[\\s\\u00a0\\u202f]' : escapeRegExp(group);
  const d = escapeRegExp(decimal);
  const grouped = new RegExp(`^([+-]?)(\\d{1,3}(?:${groups}\\d{3})+)(?:${d}(\\d+))?$`);
  const plain = new RegExp(`^([+-]?)(\\d*)(?:${d}(\\d+))?$`);
  return (text) => {
    const match = grouped.exec(text) ?? plain.exec(text);
    if (!match || (match[2] === '' && match[3] === undefined)) return undefined;
    const whole = (match[2] || '0').replace(/\D/g, '');
    return `${match[1]}${whole}${match[3] === undefined ? '' : `.${match[3]}`}`;
  };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const pad = (n: string | number, width = 2) => String(n).padStart(width, '0');

/** yyyy-MM-dd of a date written ISO or in the locale's order (separators / . -), else undefined. */
function readDate(text: string, order: DateOrder): string | undefined {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`;
  const parts = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/.exec(text);
  if (!parts) return undefined;
  const [a, b, c] = [parts[1]!, parts[2]!, parts[3]!];
  const [y, m, d] = order === 'dmy' ? [c, b, a] : order === 'mdy' ? [c, a, b] : [a, b, c];
  if (y.length !== 4) return undefined;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** HH:mm:ss of a time in 24 hours or with AM/PM, else undefined. */
function readTime(text: string): string | undefined {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?$/i.exec(text);
  if (!match) return undefined;
  let hours = Number(match[1]);
  const half = match[4]?.[0]?.toLowerCase();
  if (half) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (half === 'p' ? 12 : 0);
  }
  return `${pad(hours)}:${match[2]}:${match[3] ?? '00'}`;
}

/**
 * A UTC date-time of a date and a time without an offset (ISO or the locale's) as the tenant's wall
 * clock, a date alone as its midnight there; else undefined (ISO with an offset is the validator's).
 */
function readDateTime(
  text: string,
  order: DateOrder,
  offsetAt: (utcMs: number) => number,
): string | undefined {
  const match = /^(\S+?)(?:[T\s]+(.+))?$/.exec(text);
  if (!match) return undefined;
  const date = readDate(match[1]!, order);
  const time = match[2] === undefined ? '00:00:00' : readTime(match[2].trim());
  if (!date || !time) return undefined;
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = time.split(':').map(Number) as [number, number, number];
  const wall = new Date(0);
  wall.setUTCFullYear(y, mo - 1, d);
  wall.setUTCHours(h, mi, s, 0);
  if (wall.getUTCDate() !== d || wall.getUTCMonth() !== mo - 1) return undefined;
  // The zone's offset at the wall time, then again at the instant found (a change of offset between).
  let utc = wall.getTime() - offsetAt(wall.getTime());
  utc = wall.getTime() - offsetAt(utc);
  return new Date(utc).toISOString();
}
