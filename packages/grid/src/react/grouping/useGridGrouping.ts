import { useMemo, useState } from 'react';
import type { CellTextSettings } from '../../columns/cellText.js';
import type { GridColumn } from '../../columns/columnModel.js';
import { groupValueIndexes } from '../../query/groupRows.js';
import type { ReportGroup, ReportMeta, ReportRow, RowId } from '../../types.js';
import { buildDisplayRows } from './displayRows.js';
import { groupHeaderHeight, groupHeaderLines, groupHeaderParts } from './GroupHeaderRow.js';

export interface GridGroupingInput {
  meta: (Pick<ReportMeta, 'rcols'> & Partial<Pick<ReportMeta, 'rmeta'>>) | undefined;
  rows: readonly ReportRow[];
  /** The groups of a grouped report (`rdata`). */
  groups: readonly ReportGroup[] | undefined;
  groupsWithMore: ReadonlySet<string> | undefined;
  columns: readonly GridColumn[];
  settings: CellTextSettings;
  /** The visible width: a group header wraps its label, count and totals to fit it. */
  containerWidth: number;
  /** Whether group headers offer 'Load more'. */
  canLoadMore: boolean;
}

/**
 * The grid's grouping: the rows to show (group headers, then each expanded group's records), the
 * groups collapsed by the user, and each header's height for its lines.
 *
 * The groups are the server's (`rdata`, with counts and totals over every record, read a page at a
 * time), so TanStack Table's grouping feature, which groups the loaded rows, does not fit.
 */
export function useGridGrouping({
  meta,
  rows,
  groups,
  groupsWithMore,
  columns,
  settings,
  containerWidth,
  canLoadMore,
}: GridGroupingInput) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const groupIds = useMemo(() => meta?.rmeta?.groups?.map((g) => g.colid) ?? [], [meta]);
  const valueIndexes = useMemo(() => groupValueIndexes(meta), [meta]);
  const groupColumns = useMemo(
    () => groupIds.map((id) => meta?.rcols?.[id]).filter((c) => c !== undefined),
    [groupIds, meta],
  );
  const displayRows = useMemo(
    () =>
      buildDisplayRows({
        rows,
        groups: groups ?? undefined,
        groupValueIndexes: valueIndexes,
        collapsed,
        ...(groupsWithMore ? { groupsWithMore } : {}),
      }),
    [rows, groups, valueIndexes, collapsed, groupsWithMore],
  );
  const showCount = meta?.rmeta?.showcnt ?? true;
  // Group headers take the lines their label, count and aggregates need in the visible width.
  const groupHeights = useMemo(() => {
    const heights = new Map<string, number>();
    for (const r of displayRows) {
      if (r.kind !== 'group') continue;
      const parts = groupHeaderParts(r.group, groupColumns, columns, settings, {
        showCount,
        hasLoadMore: canLoadMore && r.group.hasMore,
      });
      heights.set(r.key, groupHeaderHeight(groupHeaderLines(parts, containerWidth)));
    }
    return heights;
  }, [displayRows, groupColumns, columns, settings, showCount, canLoadMore, containerWidth]);
  const recordIds = useMemo<RowId[]>(
    () => displayRows.flatMap((r) => (r.kind === 'record' ? [r.row.eid] : [])),
    [displayRows],
  );

  const toggleGroup = (key: string, expand: boolean) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (expand) next.delete(key);
      else next.add(key);
      return next;
    });
  const setAllGroups = (expand: boolean) =>
    setCollapsed(
      expand ? new Set() : new Set(displayRows.flatMap((r) => (r.kind === 'group' ? [r.group.key] : []))),
    );

  return {
    displayRows,
    /** The visible records' ids in order (collapsed groups' records left out). */
    recordIds,
    /** The group columns' ids and metadata, outermost first. */
    groupIds,
    groupColumns,
    groupHeights,
    showCount,
    toggleGroup,
    setAllGroups,
  };
}
