import { gridMetrics } from '@plinth/ui';
import type { GridColumn } from '../../columns/columnModel.js';

/** Each wrapped line past the first adds this much to a row. */
export const lineHeight = 16;

/**
 * The height of the grid's record rows: one line of 32 px, taller for columns that wrap to more
 * lines, and for image columns' thumbnails taller than a row holds.
 */
export function rowHeightOf(columns: readonly GridColumn[]): number {
  const maxLines = columns.reduce((m, c) => Math.max(m, c.lines), 1);
  const imageHeight = columns.reduce((m, c) => (c.isImage ? Math.max(m, c.imageSize.height + 8) : m), 0);
  return Math.max(gridMetrics.rowHeight + (maxLines - 1) * lineHeight, imageHeight);
}
