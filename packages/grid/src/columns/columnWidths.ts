import type { ReportValueType } from '../types.js';

/** No column is narrower than this, whatever its type or a resize asks (spec 02 §9). */
export const minColumnWidth = 68;

/** The width a column of a type starts at: its per-type minimum (spec 02 §9). */
export function typeMinWidth(type: ReportValueType, isImage = false): number {
  if (isImage) return 80;
  switch (type) {
    case 'Currency':
    case 'Decimal':
    case 'Date':
    case 'Time':
      return 96;
    case 'Int32':
    case 'AutoNumber':
    case 'Bool':
      return 80;
    case 'DateTime':
      return 144;
    case 'ChoiceRelationship':
      return 112;
    default:
      return 160;
  }
}

/**
 * How much of the spare width a column takes (spec 02 §9): 1 for numeric, bool, date, time, choice
 * and image columns, 2 otherwise (text, relationships, date-time).
 */
export function typeFlex(type: ReportValueType, isImage = false): 1 | 2 {
  if (isImage) return 1;
  switch (type) {
    case 'Int32':
    case 'AutoNumber':
    case 'Decimal':
    case 'Currency':
    case 'Bool':
    case 'Date':
    case 'Time':
    case 'ChoiceRelationship':
      return 1;
    default:
      return 2;
  }
}

/** A width the user or the report asked for, kept at the minimum or above; unusable input gives the fallback. */
export function clampColumnWidth(width: unknown, fallback: number): number {
  if (typeof width !== 'number' || !Number.isFinite(width) || width <= 0)
    return Math.max(minColumnWidth, fallback);
  return Math.max(minColumnWidth, Math.round(width));
}

export interface SizedColumn {
  id: string;
  width: number;
  flex: number;
  /** A width the report set or the user resized to: it does not grow. */
  isFixed: boolean;
}

/**
 * The widths columns are drawn at: each starts at its own width; when the container is wider, the
 * spare width is shared among the columns that are not fixed, in proportion to their flex.
 */
export function layoutColumnWidths(
  columns: readonly SizedColumn[],
  containerWidth: number,
): Record<string, number> {
  const out: Record<string, number> = {};
  const used = columns.reduce((sum, c) => sum + c.width, 0);
  const growing = columns.filter((c) => !c.isFixed);
  const totalFlex = growing.reduce((sum, c) => sum + c.flex, 0);
  const spare = Number.isFinite(containerWidth) ? Math.max(0, containerWidth - used) : 0;
  let given = 0;
  growing.forEach((c, i) => {
    // The last growing column takes the rounding remainder so the row fills the container exactly.
    const share =
      i === growing.length - 1 ? spare - given : Math.floor((spare * c.flex) / Math.max(1, totalFlex));
    given += share;
    out[c.id] = c.width + share;
  });
  for (const c of columns) if (c.isFixed) out[c.id] = c.width;
  return out;
}
