import type { ConditionalFormat, ConditionalFormatRule } from '@plinth/schema';
import type { ReportCell } from '../types.js';

export type ConditionalStyle = ConditionalFormat['style'];

/** What conditional formatting gives one cell: the style, colours, icon and, for bars, the width. */
export interface ResolvedFormat {
  style: ConditionalStyle;
  bgcolor?: string;
  fgcolor?: string;
  imgid?: number | string;
  /** Progress bars: the filled percentage, or null when it is not valid (spec 02 §5 "Progress bar"). */
  percent?: number | null;
}

type Scalar = string | number | boolean | null;

/** The value a cell is formatted by: its value, or for related records the first one's name. */
export function formatValueOf(cell: ReportCell | undefined): Scalar {
  if (!cell) return null;
  if ('vals' in cell) return cell.vals[0]?.val ?? null;
  return cell.val;
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && /^-?\d+(\.\d+)?$/.test(value.trim()))
    return Number(value);
  return null;
}

/** -1, 0 or 1; numbers compare as numbers, anything else as text (ISO dates sort as text). */
function compare(value: Scalar, bound: string | number): number {
  const a = asNumber(value);
  const b = asNumber(bound);
  if (a !== null && b !== null) return a === b ? 0 : a < b ? -1 : 1;
  const text = String(value);
  const other = String(bound);
  return text === other ? 0 : text < other ? -1 : 1;
}

/** Whether a value lies within a rule's bounds, both inclusive; a missing bound is open. */
export function isWithinBounds(value: Scalar, bounds: ConditionalFormatRule['bounds']): boolean {
  if (value === null || value === '') return false;
  const lower = bounds?.lower;
  const upper = bounds?.upper;
  if (lower !== undefined && lower !== null && compare(value, lower) < 0) return false;
  if (upper !== undefined && upper !== null && compare(value, upper) > 0) return false;
  return true;
}

/**
 * The percentage a progress bar fills: the value itself, valid only when the rule's lower bound
 * differs from its upper bound and the value is within 0–100 (spec 02 §5); otherwise null.
 */
export function progressPercent(value: Scalar, bounds: ConditionalFormatRule['bounds']): number | null {
  const number = asNumber(value);
  if (number === null || number < 0 || number > 100) return null;
  const lower = bounds?.lower ?? null;
  const upper = bounds?.upper ?? null;
  if (lower !== null && upper !== null && compare(lower, upper) === 0) return null;
  return number;
}

/** The first rule whose bounds hold the value decides the cell's formatting; none: no formatting. */
export function resolveFormat(format: ConditionalFormat | undefined, value: Scalar): ResolvedFormat | null {
  if (!format || !Array.isArray(format.rules)) return null;
  const rule = format.rules.find((r) => isWithinBounds(value, r?.bounds));
  if (!rule) return null;
  return {
    style: format.style,
    ...(rule.bgcolor ? { bgcolor: rule.bgcolor } : {}),
    ...(rule.fgcolor ? { fgcolor: rule.fgcolor } : {}),
    ...(rule.imgid !== undefined ? { imgid: rule.imgid } : {}),
    ...(format.style === 'ProgressBar' ? { percent: progressPercent(value, rule.bounds) } : {}),
  };
}
