import type { ReportDefinition, ReportQuery } from '@plinth/schema';
import { badRequest } from '../../http/errors.js';
import type { ResolvedColumn } from '../resolveColumns.js';
import type { PlannedSort } from './planTypes.js';

/**
 * The report's order: its group columns first (a query sort on a grouped column changes only the
 * direction of its groups, spec 02 §4), then the query's sort or else the stored one; when
 * grouped only one other column is kept.
 */
export function planSorts(
  def: ReportDefinition,
  query: ReportQuery,
  column: (id: string, what: string) => ResolvedColumn,
): { groups: PlannedSort[]; sorts: PlannedSort[] } {
  const querySort = query.isReset ? undefined : query.sort;
  const groups = def.groups.map((g) => {
    const c = column(g.columnId, 'groups');
    if (c.kind === 'relationship' && c.many)
      throw badRequest(`Column '${c.id}' links to many records: a report cannot group by it.`);
    const order = querySort?.find((s) => s.colid === g.columnId)?.order ?? g.order;
    return { column: c, order, group: true };
  });
  const requested = (
    querySort
      ? querySort.map((s) => ({ column: column(s.colid, 'sort'), order: s.order }))
      : def.sorts.map((s) => ({ column: column(s.columnId, 'sorts'), order: s.order }))
  ).filter((s) => !groups.some((g) => g.column === s.column));
  return { groups, sorts: [...groups, ...(groups.length > 0 ? requested.slice(0, 1) : requested)] };
}

/**
 * Whether an order can be continued after a keyset cursor. A calculation may read the clock and
 * other records, and its SQL type varies with the expression; a many-valued relationship sorts by
 * a subquery over its links that no index serves. Their pages are read by offset (decision 0024).
 */
export function sortsSeekable(sorts: readonly PlannedSort[]): boolean {
  return sorts.every(
    (s) =>
      !(s.column.kind === 'field' && s.column.field.type === 'Calculation') &&
      !(s.column.kind === 'relationship' && s.column.many),
  );
}

/** Whether a group key is a to-one relationship, whose groups are told apart by the related id. */
export const groupKeyHasId = (column: ResolvedColumn) => column.kind === 'relationship' && !column.many;

/**
 * Whether the rows of one group can be selected by comparing its key with the value read back:
 * to-one relationships by the related id, stored fields (not calculations, not yes/no) by their value.
 */
export function canSeekGroup(column: ResolvedColumn): boolean {
  if (groupKeyHasId(column)) return true;
  return column.kind === 'field' && column.field.type !== 'Calculation' && column.type !== 'Bool';
}
