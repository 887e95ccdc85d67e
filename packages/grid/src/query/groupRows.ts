import { columnValueIndexes } from '../columns/columnModel.js';
import type { ReportCell, ReportGroup, ReportMeta, ReportRow } from '../types.js';

function cellKey(cell: ReportCell | undefined): string {
  if (!cell || typeof cell !== 'object') return '';
  if ('vals' in cell) return Array.isArray(cell.vals) ? cell.vals.map((v) => `#${v?.eid}`).join(',') : '';
  return cell.val === null || cell.val === undefined ? '' : String(cell.val);
}

/** The key of a group from its header values; a row's key from the same columns matches it. */
export function groupKeyOf(hdrs: readonly (ReportCell | undefined)[]): string {
  return hdrs.map(cellKey).join('\u0001');
}

/** The value index of each group column in a row's values, outermost first. */
export function groupValueIndexes(
  meta: (Pick<ReportMeta, 'rcols'> & Partial<Pick<ReportMeta, 'rmeta'>>) | undefined,
): number[] {
  const indexes = columnValueIndexes(meta);
  return (meta?.rmeta?.groups ?? []).flatMap((g) => {
    const i = indexes[g?.colid];
    return i === undefined ? [] : [i];
  });
}

/** The key of the group a row belongs to. */
export function rowGroupKey(row: ReportRow, valueIndexes: readonly number[]): string {
  return groupKeyOf(valueIndexes.map((i) => row.values?.[i]));
}

/** Where a group's rows lie among the report's rows: its position, first row index and count. */
export interface GroupPosition {
  index: number;
  hdrs: ReportCell[];
  /** Index of the group's first row in the report. */
  start: number;
  count: number;
}

/**
 * The groups of a report answer by key, with the index of each group's first row: rows come in
 * the order of their groups, so it is the sum of the counts before it.
 */
export function groupPositions(groups: readonly ReportGroup[] | undefined): Map<string, GroupPosition> {
  const positions = new Map<string, GroupPosition>();
  let start = 0;
  (Array.isArray(groups) ? groups : []).forEach((g, index) => {
    if (!g || !Array.isArray(g.hdrs)) return;
    const count = typeof g.count === 'number' && g.count > 0 ? g.count : 0;
    const key = groupKeyOf(g.hdrs);
    if (!positions.has(key)) positions.set(key, { index, hdrs: g.hdrs, start, count });
    start += count;
  });
  return positions;
}
