import { useEffect, useMemo, useRef } from 'react';
import { defaultCellTextSettings } from '../columns/cellText.js';
import { buildColumnModel } from '../columns/columnModel.js';
import type { RowId } from '../types.js';
import { useGridVirtualizer } from './body/useGridVirtualizer.js';
import { useRowHandlers } from './body/useRowHandlers.js';
import type { DataGridProps } from './DataGrid.types.js';
import type { GridContextValue } from './gridContext.js';
import { useGridGrouping } from './grouping/useGridGrouping.js';
import { useInlineEditing } from './inline/useInlineEditing.js';
import { useGridKeyboard } from './keyboard/useGridKeyboard.js';
import { preloadEditors } from './lazyEditors.js';
import { useGridSelection } from './selection/useGridSelection.js';
import { rowHeightOf } from './sizing/rowHeight.js';
import { useColumnSizing } from './sizing/useColumnSizing.js';
import { useContainerWidth } from './useContainerWidth.js';
import { selectionColumnWidth, useGridTable } from './useGridTable.js';
import { defaultNearEndDistance } from './useNearEnd.js';

const emptyIds: readonly RowId[] = [];

/**
 * DataGrid's state and behaviour: the column model, sizing and table, grouping, the virtualiser,
 * selection, keyboard and inline editing, each its own hook, wired together for the parts.
 */
export function useDataGrid({
  meta,
  rows,
  columnOptions,
  mode = 'default',
  selectedIds = emptyIds,
  onSelectionChange,
  onRowDoubleClick,
  onRowContextMenu,
  groups,
  onGroupLoadMore,
  groupsWithMore,
  onNearEnd,
  nearEndDistance = defaultNearEndDistance,
  textSettings = defaultCellTextSettings,
  imageUrl,
  onPreviewFile,
  columnWidths,
  onColumnWidthsChange,
  inlineEdit,
}: DataGridProps) {
  const columns = useMemo(() => buildColumnModel(meta, columnOptions), [meta, columnOptions]);
  const columnsById = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const safeRows = useMemo(
    () => (Array.isArray(rows) ? rows.filter((r) => r && Array.isArray(r.values)) : []),
    [rows],
  );
  const hasRows = safeRows.length > 0;
  // Once the first rows are on screen, the editors' code loads (spared from the first page's path).
  useEffect(() => (hasRows ? preloadEditors() : undefined), [hasRows]);
  const isMulti = mode === 'multiSelect';
  const isInline = mode === 'inlineEditing' && inlineEdit !== undefined;
  const leadingWidth = isMulti ? selectionColumnWidth : 0;
  const rowHeight = rowHeightOf(columns);
  const scrollRef = useRef<HTMLDivElement>(null);
  const containerWidth = useContainerWidth(scrollRef);

  const sizing = useColumnSizing({
    columns,
    columnWidths,
    onColumnWidthsChange,
    containerWidth,
    leadingWidth,
  });
  const { widths, totalWidth } = sizing;
  const { table, columnDefs } = useGridTable({ rows: safeRows, columns, isMulti, ...sizing });
  const grouping = useGridGrouping({
    meta,
    rows: safeRows,
    groups,
    groupsWithMore,
    columns,
    settings: textSettings,
    containerWidth,
    canLoadMore: onGroupLoadMore !== undefined,
  });
  const { displayRows, recordIds } = grouping;
  const { virtualizer, onScroll } = useGridVirtualizer({
    displayRows,
    scrollRef,
    rowHeight,
    groupHeights: grouping.groupHeights,
    onNearEnd,
    nearEndDistance,
    rowCount: safeRows.length,
  });
  const selection = useGridSelection({
    selectedIds,
    onSelectionChange,
    recordIds,
    isMulti,
    isInline,
    onRowContextMenu,
  });
  const keyboard = useGridKeyboard({
    displayRows,
    scrollRef,
    scrollToIndex: (index) => virtualizer.scrollToIndex(index),
    rowHeight,
    isMulti,
    toggleGroup: grouping.toggleGroup,
    select: selection.select,
    openContextMenu: selection.openContextMenu,
    onRowDoubleClick,
  });
  const { inlineState, savedIds } = useInlineEditing({
    isInline,
    inlineEdit,
    columns,
    recordIds,
    scrollToRecord: (eid) => {
      const index = displayRows.findIndex((r) => r.kind === 'record' && r.row.eid === eid);
      if (index >= 0) virtualizer.scrollToIndex(index);
    },
  });
  const rowHandlers = useRowHandlers({
    displayRows,
    isInline,
    setFocusedKey: keyboard.setFocusedKey,
    clickRow: selection.clickRow,
    openContextMenu: selection.openContextMenu,
    onRowKeyDown: keyboard.onRowKeyDown,
    select: selection.select,
    onRowDoubleClick,
  });
  // One context object while nothing it holds changes, so scrolling re-renders only new rows.
  const context = useMemo<GridContextValue>(
    () => ({ settings: textSettings, widths, imageUrl, onPreviewFile, inline: inlineState }),
    [textSettings, widths, imageUrl, onPreviewFile, inlineState],
  );

  return {
    columns,
    columnsById,
    isMulti,
    leadingWidth,
    rowHeight,
    scrollRef,
    containerWidth,
    textSettings,
    widths,
    totalWidth,
    table,
    columnDefs,
    grouping,
    virtualizer,
    onScroll,
    selection,
    keyboard,
    inlineState,
    savedIds,
    rowHandlers,
    context,
  };
}
