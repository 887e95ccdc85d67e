import { type MouseEvent, useMemo, useRef } from 'react';
import type { ReportRow, RowId } from '../../types.js';
import { rowSelection, type SelectHow, selectAllToggled } from './rowSelection.js';

export interface GridSelectionInput {
  selectedIds: readonly RowId[];
  /** Without it the grid selects nothing. */
  onSelectionChange: ((ids: RowId[]) => void) | undefined;
  recordIds: readonly RowId[];
  isMulti: boolean;
  isInline: boolean;
  onRowContextMenu: ((row: ReportRow, position: { x: number; y: number }) => void) | undefined;
}

/**
 * The grid's row selection: clicks, Ctrl/Cmd and Shift ranges over the visible records, the
 * select-all box, and the context menu selecting its row first. The selection is the host's (the
 * report machine applies its limits and mode rules), so the grid only asks for one.
 *
 * TanStack Table's row selection keeps its own state over every loaded row; here the state is the
 * machine's and ranges skip collapsed groups, so it does not fit.
 */
export function useGridSelection({
  selectedIds,
  onSelectionChange,
  recordIds,
  isMulti,
  isInline,
  onRowContextMenu,
}: GridSelectionInput) {
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const anchor = useRef<RowId | null>(null);
  const select = (eid: RowId, how: SelectHow) => {
    if (!onSelectionChange) return;
    const next = rowSelection({ selectedIds, recordIds, anchor: anchor.current, eid, how });
    anchor.current = next.anchor;
    onSelectionChange(next.ids);
  };
  const isAllSelected = recordIds.length > 0 && recordIds.every((id) => selected.has(id));
  const isSomeSelected = recordIds.some((id) => selected.has(id));

  const clickRow = (event: MouseEvent<HTMLDivElement>, row: ReportRow) => {
    if (isInline) return;
    select(row.eid, { toggle: isMulti || event.ctrlKey || event.metaKey, range: event.shiftKey });
  };
  const openContextMenu = (row: ReportRow, position: { x: number; y: number }) => {
    if (!selected.has(row.eid) && !isInline) select(row.eid, { toggle: false, range: false });
    onRowContextMenu?.(row, position);
  };

  return {
    selected,
    select,
    clickRow,
    openContextMenu,
    /** The select-all box of multi-select mode. */
    selectAll: {
      isSelected: isAllSelected,
      isIndeterminate: isSomeSelected && !isAllSelected,
      onToggle: () => onSelectionChange?.(selectAllToggled(selectedIds, recordIds)),
    },
  };
}
