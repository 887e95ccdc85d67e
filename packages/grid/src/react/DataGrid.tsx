// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid places its rows absolutely, which table elements cannot; the ARIA grid roles carry the semantics
import { gridMetrics, LoadingGrid } from '@plinth/ui';
import { useEffect, useMemo, useRef } from 'react';
import { defaultCellTextSettings } from '../columns/cellText.js';
import { buildColumnModel, type GridColumn } from '../columns/columnModel.js';
import type { RowId } from '../types.js';
import { GridBody } from './body/GridBody.js';
import { useGridVirtualizer } from './body/useGridVirtualizer.js';
import { useRowHandlers } from './body/useRowHandlers.js';
import type { DataGridProps } from './DataGrid.types.js';
import { GridHeader } from './GridHeader.js';
import { GridContext, type GridContextValue } from './gridContext.js';
import { useGridGrouping } from './grouping/useGridGrouping.js';
import { useInlineEditing } from './inline/useInlineEditing.js';
import { useGridKeyboard } from './keyboard/useGridKeyboard.js';
import { preloadEditors } from './lazyEditors.js';
import { useGridSelection } from './selection/useGridSelection.js';
import { rowHeightOf } from './sizing/rowHeight.js';
import { useColumnSizing } from './sizing/useColumnSizing.js';
import { TotalRows, totalRowCount } from './TotalRows.js';
import { useContainerWidth } from './useContainerWidth.js';
import { selectionColumnWidth, useGridTable } from './useGridTable.js';
import { defaultNearEndDistance } from './useNearEnd.js';

export type { DataGridInlineEdit, DataGridProps } from './DataGrid.types.js';

const emptyIds: readonly RowId[] = [];

/**
 * The report data grid (spec 02): a controlled, presentational grid over TanStack Table and
 * Virtual. Rows of 32 px under a 40 px header, virtualised; column widths and flex from the column
 * model, resizable; selection by click (checkboxes in multi-select mode); double-click and context
 * menu callbacks; group-header rows and grand totals; live scroll; inline editing.
 *
 * Pass `meta`, `columnOptions` and `textSettings` as stable objects (memoise them): a new one each
 * render rebuilds the columns.
 *
 * @example
 * // Wired to the report machine (`send` from useMachine(reportMachine)):
 * <DataGrid
 *   label={meta.title}
 *   meta={meta}
 *   rows={context.rows}
 *   groups={context.groups}
 *   total={context.total}
 *   mode={context.mode}
 *   selectedIds={context.selectedIds}
 *   onSelectionChange={(ids) => send({ type: 'SELECT_ROWS', ids })}
 *   onRowDoubleClick={(row) => send({ type: 'OPEN_ROW', eid: row.eid })}
 *   onRowContextMenu={(row, at) => openQuickMenu(row, at)}
 *   onNearEnd={() => send({ type: 'LOAD_NEXT_PAGE' })}
 *   onGroupLoadMore={(group) => send({ type: 'LOAD_MORE_IN_GROUP', groupKey: group.key })}
 *   groupsWithMore={useSelector(actor, groupsWithMore)}
 *   inlineEdit={{
 *     hasForm: context.inlineEditForm !== undefined,
 *     fields: context.inlineEditForm?.fields ?? {},
 *     records: context.editedRecords,
 *     savedIds: context.savedIds,
 *     onCellEdit: (eid, cell) => send({ type: 'EDIT_CELL', eid, cell }),
 *     onInvalidValue: (eid, colid, error) => send({ type: 'INVALID_DATE', eid, colid, error }),
 *     onActiveCellChange: (cell) => cell && send({ type: 'START_ROW_EDIT', eid: cell.eid }),
 *   }}
 * />
 */
export function DataGrid({
  label,
  meta,
  rows,
  columnOptions,
  mode = 'default',
  selectedIds = emptyIds,
  onSelectionChange,
  onRowDoubleClick,
  onRowContextMenu,
  isLoading = false,
  placeholderRows = 10,
  emptyState,
  groups,
  total,
  onGroupSort,
  onGroupLoadMore,
  groupsWithMore,
  onNearEnd,
  nearEndDistance = defaultNearEndDistance,
  textSettings = defaultCellTextSettings,
  imageUrl,
  onPreviewFile,
  columnWidths,
  onColumnWidthsChange,
  sort,
  onHeaderSort,
  inlineEdit,
  height,
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

  if (isLoading)
    return (
      <div className="pl-grid pl-grid--loading" style={{ height }}>
        <LoadingGrid columns={columns.length || undefined} rows={placeholderRows} />
      </div>
    );

  return (
    <GridContext.Provider value={context}>
      <div
        ref={scrollRef}
        className="pl-grid"
        role="grid"
        aria-label={label}
        aria-rowcount={displayRows.length + 1 + totalRowCount(total)}
        aria-colcount={columns.length + (isMulti ? 1 : 0)}
        aria-multiselectable={isMulti || undefined}
        style={{ height }}
        onScroll={onScroll}
      >
        <div className="pl-grid__canvas" style={{ width: totalWidth, minWidth: '100%' }}>
          <GridHeader
            table={table}
            columns={columnsById}
            widths={widths}
            height={gridMetrics.headerHeight}
            sort={sort}
            onSort={onHeaderSort}
            onFocusRows={keyboard.focusRows}
            {...(isMulti ? { selectAll: selection.selectAll } : {})}
          />
          <GridBody
            displayRows={displayRows}
            items={virtualizer.getVirtualItems()}
            height={virtualizer.getTotalSize() - gridMetrics.headerHeight}
            rowHeight={rowHeight}
            width={totalWidth}
            focusedIndex={keyboard.focusedIndex}
            emptyState={emptyState}
            handlers={rowHandlers}
            groups={{
              ...grouping,
              columns,
              visibleWidth: Math.min(containerWidth, totalWidth),
              settings: textSettings,
              onGroupSort,
              onGroupLoadMore,
            }}
            records={{ table, columnDefs, selected: selection.selected, inlineState, savedIds }}
          />
          {total ? (
            <div role="rowgroup" className="pl-grid__foot">
              <TotalRows
                total={total}
                columns={columns}
                widths={widths}
                leadingWidth={leadingWidth}
                showCount={grouping.showCount}
                settings={textSettings}
                firstRowIndex={displayRows.length + 2}
              />
            </div>
          ) : null}
        </div>
      </div>
    </GridContext.Provider>
  );
}

export type { GridColumn };
