import type { InlineEditField, ReportCell } from '../types.js';

/** The value a report cell was read with, as an edit holds it: related records as their ids. */
export function readCellValue(cell: ReportCell | undefined): unknown {
  if (!cell || typeof cell !== 'object') return null;
  if ('vals' in cell) return Array.isArray(cell.vals) ? cell.vals.map((v) => v.eid) : [];
  return cell.val ?? null;
}

const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const timePattern = /^(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

/**
 * A value in a form that compares equal whatever way it was written: empty text, rich text
 * without text, no related records and null are all empty; numbers (or numeric text) by value, so
 * 1000 and '1000.00' are one; date-times by instant; times with their seconds; related records as
 * a sorted list of ids (picked items `{ id }` included); false is empty for a checkbox.
 */
function normalised(kind: InlineEditField['kind'] | undefined, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) {
    const ids = value
      .map((item) => (typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item))
      .map(Number)
      .sort((a, b) => a - b);
    return ids.length === 0 ? null : ids.join(',');
  }
  if (kind === 'bool') return value === true || value === 'true' || value === 1 ? true : null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return value;
  const text = kind === 'richText' ? value.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ') : value;
  if (text.trim() === '') return null;
  if (kind === 'int' || kind === 'decimal' || kind === 'currency') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : value;
  }
  if (kind === 'dateTime' && dateTimePattern.test(value)) {
    const instant = Date.parse(value);
    return Number.isNaN(instant) ? value : instant;
  }
  const time = kind === 'time' ? timePattern.exec(value) : null;
  if (time) return `${time[1]}:${time[2]}:${time[3] ?? '00'}`;
  return kind === 'richText' ? value.trim() : value;
}

/**
 * Whether an edited value is the value the cell was read with (issue 12: tabbing through a cell
 * is no edit). Numbers compare within a billionth of their size, as the editor rounds to places.
 */
export function isUnchangedValue(
  kind: InlineEditField['kind'] | undefined,
  read: unknown,
  edited: unknown,
): boolean {
  const a = normalised(kind, read);
  const b = normalised(kind, edited);
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  return a === b;
}
