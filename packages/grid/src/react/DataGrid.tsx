// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid places its rows absolutely, which table elements cannot; the ARIA grid roles carry the semantics
// biome-ignore-all lint/a11y/useFocusableInteractive: grid rows and cells take focus through the roving tab index, not each one
import type { PickerDataSource } from '@plinth/fields';
import { gridMetrics, LoadingGrid } from '@plinth/ui';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type CellTextSettings, defaultCellTextSettings } from '../columns/cellText.js';
import { buildColumnModel, type ColumnModelOptions, type GridColumn } from '../columns/columnModel.js';
import type {
  CellEdit,
  InlineEditedRecord,
  InlineEditField,
  ReportGroup,
  ReportMeta,
  ReportMode,
  ReportRow,
  ReportTotal,
  RowId,
  SortEntry,
  SortOrder,
} from '../types.js';
import type { ImageUrlOf } from './cells/CellContent.js';
import { GridHeader } from './GridHeader.js';
import { GridContext, type GridContextValue } from './gridContext.js';
import type { DisplayRow, GridGroup } from './grouping/displayRows.js';
import { GroupHeaderRow } from './grouping/GroupHeaderRow.js';
import { useGridGrouping } from './grouping/useGridGrouping.js';
import type { CellAddress } from './inline/inlineNavigation.js';
import { useInlineEditing } from './inline/useInlineEditing.js';
import { preloadEditors } from './lazyEditors.js';
import { RecordRow, type RecordRowHandlers } from './RecordRow.js';
import { useGridSelection } from './selection/useGridSelection.js';
import { rowHeightOf } from './sizing/rowHeight.js';
import { useColumnSizing } from './sizing/useColumnSizing.js';
import { TotalRows } from './TotalRows.js';
import { useContainerWidth } from './useContainerWidth.js';
import { selectionColumnWidth, useGridTable } from './useGridTable.js';
import { defaultNearEndDistance, useNearEnd } from './useNearEnd.js';

/** Inline editing of the grid: what can be edited, the edits so far, and where edits go. */
export interface DataGridInlineEdit {
  /** Whether the report's display form was found; without it no cell is editable. */
  hasForm: boolean;
  /** Each column's component on the form, by column id; columns without one are not editable. */
  fields: Readonly<Record<string, InlineEditField>>;
  /** The inline-edited records by id: changed cells (green row) and errors (red row, cell tooltips). */
  records?: Readonly<Record<RowId, InlineEditedRecord>>;
  /** Records just saved: shown with the success highlight. */
  savedIds?: readonly RowId[];
  /** Lookups and relationships pick records from here. */
  pickerDataSource?: PickerDataSource;
  /** A cell's value changed. */
  onCellEdit: (eid: RowId, edit: CellEdit) => void;
  /** An invalid typed date, time or date-time ('Invalid date.', 'Invalid time.', 'Invalid date time.'). */
  onInvalidValue?: (eid: RowId, colid: string, message: string) => void;
  /** The cell being edited changed (the machine fetches the row's record for it). */
  onActiveCellChange?: (cell: CellAddress | null) => void;
}

export interface DataGridProps {
  /** The grid's accessible name (the report title). */
  label: string;
  /** The report metadata; the columns come from its `rcols`. */
  meta: (Pick<ReportMeta, 'rcols'> & Partial<Pick<ReportMeta, 'rmeta'>>) | undefined;
  /** The loaded rows (`gdata`), live-scrolled pages appended. */
  rows: readonly ReportRow[];
  columnOptions?: ColumnModelOptions;
  mode?: ReportMode;
  selectedIds?: readonly RowId[];
  /** The selection the user asks for; the host applies its limits (200) and mode rules. */
  onSelectionChange?: (ids: RowId[]) => void;
  onRowDoubleClick?: (row: ReportRow) => void;
  /** Right-click or the context-menu key (Shift+F10) on a row; the row is selected first. */
  onRowContextMenu?: (row: ReportRow, position: { x: number; y: number }) => void;
  /** Shows the loading placeholder instead of rows. */
  isLoading?: boolean;
  /** Placeholder rows while loading (1–20). */
  placeholderRows?: number;
  /** Shown in the body when there are no rows. */
  emptyState?: ReactNode;
  /** The groups of a grouped report (`rdata`). */
  groups?: readonly ReportGroup[];
  /** Grand totals: footer rows. */
  total?: ReportTotal;
  onGroupSort?: (colid: string, order: SortOrder) => void;
  onGroupLoadMore?: (group: GridGroup) => void;
  /**
   * Keys of the groups whose 'Load more' can read more rows (the report machine's
   * `groupsWithMore`); without it a group offers it while fewer of its records are loaded than it
   * counts.
   */
  groupsWithMore?: ReadonlySet<string>;
  /** Live scroll: the user scrolled within `nearEndDistance` px of the bottom (debounced 100 ms). */
  onNearEnd?: () => void;
  nearEndDistance?: number;
  textSettings?: CellTextSettings;
  imageUrl?: ImageUrlOf;
  onPreviewFile?: (row: ReportRow) => void;
  /** The applied sorts in their order (groups first): the sorted headers show their direction. */
  sort?: readonly SortEntry[] | undefined;
  /** A column header was clicked (Shift-click: `add`); without it the headers do not sort. */
  onHeaderSort?: (colid: string, how: { add: boolean }) => void;
  /** Resized widths by column id (controlled); reset clears them. */
  columnWidths?: Readonly<Record<string, number>>;
  onColumnWidthsChange?: (widths: Record<string, number>) => void;
  /** Inline editing; used when `mode` is 'inlineEditing'. */
  inlineEdit?: DataGridInlineEdit;
  /** The height of the scrolling area (CSS); default fills the parent. */
  height?: number | string;
}

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
  const { sizing, onColumnSizingChange, widths, totalWidth } = useColumnSizing({
    columns,
    columnWidths,
    onColumnWidthsChange,
    containerWidth,
    leadingWidth,
  });
  const { table, columnDefs } = useGridTable({
    rows: safeRows,
    columns,
    isMulti,
    sizing,
    onColumnSizingChange,
  });

  const {
    displayRows,
    recordIds,
    groupIds,
    groupColumns,
    groupHeights,
    showCount,
    toggleGroup,
    setAllGroups,
  } = useGridGrouping({
    meta,
    rows: safeRows,
    groups,
    groupsWithMore,
    columns,
    settings: textSettings,
    containerWidth,
    canLoadMore: onGroupLoadMore !== undefined,
  });

  const virtualizer = useVirtualizer({
    count: displayRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => groupHeights.get(displayRows[index]?.key ?? '') ?? rowHeight,
    overscan: 8,
    paddingStart: gridMetrics.headerHeight,
    getItemKey: (index) => displayRows[index]?.key ?? index,
    // Without layout (a hidden or not yet laid out container) assume the window's height.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) =>
        cb(
          rect.height > 0
            ? rect
            : { width: rect.width, height: typeof window === 'undefined' ? 800 : window.innerHeight },
        ),
      ),
  });

  const onScroll = useNearEnd({
    measure: () => {
      const element = scrollRef.current;
      if (!element) return null;
      return {
        scrollTop: element.scrollTop,
        viewport: element.clientHeight || virtualizer.scrollRect?.height || 0,
        content: virtualizer.getTotalSize(),
      };
    },
    onNearEnd,
    distance: nearEndDistance,
    rowCount: safeRows.length,
  });

  // Keyboard focus: one row is in the tab order; the arrows move it.
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const pendingFocus = useRef(false);
  const focusedIndex = Math.max(
    0,
    displayRows.findIndex((r) => r.key === focusedKey),
  );
  useEffect(() => {
    if (!pendingFocus.current || focusedKey === null) return;
    pendingFocus.current = false;
    scrollRef.current?.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(focusedKey)}"]`)?.focus();
  });
  const focusRowAt = (index: number) => {
    const target = displayRows[Math.max(0, Math.min(displayRows.length - 1, index))];
    if (!target) return;
    virtualizer.scrollToIndex(displayRows.indexOf(target));
    pendingFocus.current = true;
    setFocusedKey(target.key);
  };

  const { selected, select, clickRow, openContextMenu, selectAll } = useGridSelection({
    selectedIds,
    onSelectionChange,
    recordIds,
    isMulti,
    isInline,
    onRowContextMenu,
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

  // One context object while nothing it holds changes, so scrolling re-renders only new rows.
  const context = useMemo<GridContextValue>(
    () => ({ settings: textSettings, widths, imageUrl, onPreviewFile, inline: inlineState }),
    [textSettings, widths, imageUrl, onPreviewFile, inlineState],
  );

  const onRowKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number, item: DisplayRow) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'ArrowUp' && index === 0) {
      // Above the first row: the column headers (not Tab stops of their own).
      const header = scrollRef.current?.querySelector<HTMLElement>('.pl-grid__header-cell[data-active]');
      if (header) {
        event.preventDefault();
        header.focus();
        return;
      }
    }
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight || 600) / rowHeight) - 1);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + page,
      PageUp: index - page,
      Home: 0,
      End: displayRows.length - 1,
    };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      focusRowAt(to);
      return;
    }
    if (item.kind === 'group') {
      if (
        event.key === 'Enter' ||
        event.key === ' ' ||
        event.key === 'ArrowLeft' ||
        event.key === 'ArrowRight'
      ) {
        event.preventDefault();
        const expand =
          event.key === 'ArrowRight' ? true : event.key === 'ArrowLeft' ? false : !item.isExpanded;
        toggleGroup(item.group.key, expand);
      }
      return;
    }
    const { row } = item;
    if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
      event.preventDefault();
      const box = event.currentTarget.getBoundingClientRect();
      openContextMenu(row, { x: box.left, y: box.bottom });
    } else if (event.key === ' ') {
      event.preventDefault();
      select(row.eid, { toggle: isMulti || event.ctrlKey || event.metaKey, range: event.shiftKey });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onRowDoubleClick?.(row);
    }
  };

  // Rows get one stable handler object that calls the latest closures, so memoised rows skip re-rendering.
  const latest = useRef({
    clickRow,
    openContextMenu,
    onRowKeyDown,
    select,
    displayRows,
    isInline,
    onRowDoubleClick,
  });
  latest.current = {
    clickRow,
    openContextMenu,
    onRowKeyDown,
    select,
    displayRows,
    isInline,
    onRowDoubleClick,
  };
  const rowHandlers = useMemo<RecordRowHandlers>(
    () => ({
      onFocusRow: (key) => setFocusedKey(key),
      onClick: (event, row) => latest.current.clickRow(event, row),
      onDoubleClick: (row) => {
        if (!latest.current.isInline) latest.current.onRowDoubleClick?.(row);
      },
      onContextMenu: (row, position) => latest.current.openContextMenu(row, position),
      onKeyDown: (event, index) => {
        const item = latest.current.displayRows[index];
        if (item) latest.current.onRowKeyDown(event, index, item);
      },
      onToggleSelected: (eid) => latest.current.select(eid, { toggle: true, range: false }),
    }),
    [],
  );

  const totalRowCount = total
    ? Math.max(
        1,
        new Set(
          Object.values(total.aggs ?? {})
            .flatMap((list) => (Array.isArray(list) ? list : []))
            .map((a) => a?.kind),
        ).size,
      )
    : 0;

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
        aria-rowcount={displayRows.length + 1 + totalRowCount}
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
            onFocusRows={() => {
              const key = displayRows[focusedIndex]?.key;
              const row =
                key === undefined
                  ? null
                  : scrollRef.current?.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(key)}"]`);
              if (row) row.focus();
              else focusRowAt(focusedIndex);
            }}
            {...(isMulti ? { selectAll } : {})}
          />
          <div
            role="rowgroup"
            className="pl-grid__body"
            style={{ height: virtualizer.getTotalSize() - gridMetrics.headerHeight }}
          >
            {displayRows.length === 0 && emptyState ? (
              <div className="pl-grid__empty">{emptyState}</div>
            ) : null}
            {virtualizer.getVirtualItems().map((item) => {
              const displayRow = displayRows[item.index];
              if (!displayRow) return null;
              const style = {
                position: 'absolute',
                top: 0,
                transform: `translateY(${item.start - gridMetrics.headerHeight}px)`,
                height: rowHeight,
                width: totalWidth,
              } as const;
              const isFocused = item.index === focusedIndex;
              const rowIndex = item.index + 2;
              if (displayRow.kind === 'group') {
                const { group } = displayRow;
                const firstGroupColumn = groupIds[0];
                return (
                  <GroupHeaderRow
                    key={displayRow.key}
                    group={group}
                    isExpanded={displayRow.isExpanded}
                    groupColumns={groupColumns}
                    columns={columns}
                    visibleWidth={Math.min(containerWidth, totalWidth)}
                    showCount={showCount}
                    settings={textSettings}
                    style={{ ...style, height: item.size }}
                    rowIndex={rowIndex}
                    isFocused={isFocused}
                    onFocusRow={() => setFocusedKey(displayRow.key)}
                    onKeyDown={(event) => onRowKeyDown(event, item.index, displayRow)}
                    onToggle={() => toggleGroup(group.key, !displayRow.isExpanded)}
                    onExpandAll={() => setAllGroups(true)}
                    onCollapseAll={() => setAllGroups(false)}
                    {...(onGroupSort && firstGroupColumn
                      ? { onSort: (order: SortOrder) => onGroupSort(firstGroupColumn, order) }
                      : {})}
                    {...(onGroupLoadMore ? { onLoadMore: () => onGroupLoadMore(group) } : {})}
                  />
                );
              }
              const { row } = displayRow;
              const tableRow = table.getRowModel().rowsById[String(row.eid)];
              if (!tableRow) return null;
              const record = inlineState?.records[row.eid];
              const editState = !inlineState
                ? undefined
                : record && Object.values(record.errors ?? {}).some(Boolean)
                  ? 'invalid'
                  : record && Object.keys(record.cells ?? {}).length > 0
                    ? 'modified'
                    : savedIds.has(row.eid)
                      ? 'saved'
                      : undefined;
              return (
                <RecordRow
                  key={displayRow.key}
                  rowKey={displayRow.key}
                  tableRow={tableRow}
                  columnDefs={columnDefs}
                  index={item.index}
                  rowIndex={rowIndex}
                  top={item.start - gridMetrics.headerHeight}
                  height={rowHeight}
                  width={totalWidth}
                  isSelected={selected.has(row.eid)}
                  isFocused={isFocused}
                  selectionWidth={selectionColumnWidth}
                  editState={editState}
                  handlers={rowHandlers}
                />
              );
            })}
          </div>
          {total ? (
            <div role="rowgroup" className="pl-grid__foot">
              <TotalRows
                total={total}
                columns={columns}
                widths={widths}
                leadingWidth={leadingWidth}
                showCount={showCount}
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
