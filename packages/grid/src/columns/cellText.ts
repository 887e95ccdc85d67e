// formatFileSize: the documents' one reading of a size (spec 02 §9: MB with 2 decimals).
import { formatFileSize, pickerMessages } from '@plinth/fields';
import {
  booleanText,
  type DisplaySettings,
  formatCurrency,
  formatNumberText,
  storedDateText,
  storedDateTimeText,
  storedTimeText,
} from '@plinth/schema';
import type { ReportCell, ReportValueType } from '../types.js';
import { wallClockIn } from './wallClockIn.js';

// The formatting itself is @plinth/schema's, shared with the server's generated documents.
export { formatCurrency, formatNumberText };

/** What a cell's text depends on besides the value: the tenant's locale, currency and time zone. */
export type CellTextSettings = DisplaySettings;

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
      return booleanText(value);
    case 'Date':
      return (typeof value === 'string' && storedDateText(value, settings.locale)) || String(value);
    case 'Time':
      return (typeof value === 'string' && storedTimeText(value)) || String(value);
    case 'DateTime':
      return (
        (typeof value === 'string' &&
          storedDateTimeText(value, settings.locale, (instant) => wallClockIn(instant, settings.timeZone))) ||
        String(value)
      );
    default:
      return String(value);
  }
}
