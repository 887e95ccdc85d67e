// formatFileSize: the documents' one reading of a size (spec 02 §9: MB with 2 decimals).
import { formatDate, formatFileSize, formatTime, pickerMessages } from '@plinth/fields';
import type { ReportCell, ReportValueType } from '../types.js';
import { wallClockIn } from './wallClockIn.js';

/** What a cell's text depends on besides the value: the tenant's locale, currency and time zone. */
export interface CellTextSettings {
  /** Date pattern and number grouping; default en-AU (spec 02 §9). */
  locale: string;
  /** The tenant currency symbol; default '$'. */
  currencySymbol: string;
  /** Date-times are shown in this zone; default the browser's. */
  timeZone?: string;
}

export const defaultCellTextSettings: CellTextSettings = { locale: 'en-AU', currencySymbol: '$' };

/** The bits of a column its text depends on. */
export interface TextColumn {
  type: ReportValueType;
  /** Decimal places of decimal and currency columns. */
  places?: number;
  /** Show the value as a file size in MB (document size fields). */
  isFileSize?: boolean;
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

// Number formats are costly to build and a page draws thousands of cells: one per locale and places.
const numberFormats = new Map<string, Intl.NumberFormat | null>();

function numberText(n: number, locale: string, places: number): string {
  const key = `${locale}|${places}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: places,
        maximumFractionDigits: places,
      });
    } catch {
      format = null;
    }
    numberFormats.set(key, format);
  }
  return format ? format.format(n) : n.toFixed(places);
}

/** A number with a fixed count of decimals in the locale, e.g. 1,234.500 (aggregates use 3). */
export function formatNumberText(value: number, locale: string, places: number): string {
  return numberText(value, locale, Math.max(0, Math.min(20, Math.trunc(places))));
}

/** A currency amount: the symbol before the number, the minus before both: -$1,234.50. */
export function formatCurrency(value: number, settings: CellTextSettings, places = 2): string {
  const text = formatNumberText(Math.abs(value), settings.locale, places);
  return `${value < 0 ? '-' : ''}${settings.currencySymbol}${text}`;
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})/;
const clock = /(?:^|T| )(\d{2}):(\d{2})/;

function dateText(value: string, locale: string): string | null {
  const m = isoDate.exec(value);
  if (!m) return null;
  return formatDate({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }, locale);
}

function timeText(value: string): string | null {
  const m = clock.exec(value);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59) return null;
  return formatTime({ hour, minute });
}

/** A date-time: an instant (with Z or an offset) is shown in the tenant's zone, a plain one as written. */
function dateTimeText(value: string, settings: CellTextSettings): string | null {
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const date = dateText(value, settings.locale);
    const time = timeText(value);
    return date && time ? `${date} ${time}` : date;
  }
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const clock = wallClockIn(instant, settings.timeZone);
  return `${formatDate(clock, settings.locale)} ${formatTime(clock)}`;
}

/**
 * The text of a cell as the grid shows it (spec 02): numbers in the locale, decimals with their
 * places, currency with the tenant symbol, dates in the locale pattern, times as hh:mm a, bools as
 * Yes/No, related records' names joined, and the server's `text` where it sends one (an
 * auto-number's display pattern). Values of an unexpected shape are shown as written.
 */
export function cellText(
  column: TextColumn,
  cell: ReportCell | undefined,
  settings: CellTextSettings = defaultCellTextSettings,
): string {
  if (!cell || typeof cell !== 'object') return '';
  if ('vals' in cell) {
    if (!Array.isArray(cell.vals)) return '';
    return cell.vals
      .map((v) => (v?.val == null || v.val.trim() === '' ? pickerMessages.unnamed : v.val))
      .join(', ');
  }
  const value = cell.val;
  if (value === null || value === undefined || value === '') return '';
  // The server's text for the value (an auto-number's display pattern, decision 0023).
  if (typeof cell.text === 'string') return cell.text;
  const number = asNumber(value);
  if (column.isFileSize) return number === null || number < 0 ? String(value) : formatFileSize(number);
  switch (column.type) {
    case 'Int32':
      return number === null ? String(value) : formatNumberText(number, settings.locale, 0);
    case 'Decimal':
      return number === null ? String(value) : formatNumberText(number, settings.locale, column.places ?? 2);
    case 'Currency':
      return number === null ? String(value) : formatCurrency(number, settings, column.places ?? 2);
    case 'Bool':
      if (typeof value === 'boolean') return value ? 'Yes' : 'No';
      return value === 'true' || value === 1
        ? 'Yes'
        : value === 'false' || value === 0
          ? 'No'
          : String(value);
    case 'Date':
      return (typeof value === 'string' && dateText(value, settings.locale)) || String(value);
    case 'Time':
      return (typeof value === 'string' && timeText(value)) || String(value);
    case 'DateTime':
      return (typeof value === 'string' && dateTimeText(value, settings)) || String(value);
    default:
      return String(value);
  }
}
