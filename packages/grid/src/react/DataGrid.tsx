// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid places its rows absolutely, which table elements cannot; the ARIA grid roles carry the semantics
import { gridMetrics, LoadingGrid } from '@plinth/ui';
import type { GridColumn } from '../columns/columnModel.js';
import { GridBody } from './body/GridBody.js';
import type { DataGridProps } from './DataGrid.types.js';
import { GridHeader } from './GridHeader.js';
import { GridContext } from './gridContext.js';
import { TotalRows, totalRowCount } from './TotalRows.js';
import { useDataGrid } from './useDataGrid.js';

export type { DataGridInlineEdit, DataGridProps } from './DataGrid.types.js';

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
export function DataGrid(props: DataGridProps) {
  const {
    label,
    isLoading = false,
    placeholderRows = 10,
    emptyState,
    total,
    onGroupSort,
    onGroupLoadMore,
  } = props;
  const { sort, onHeaderSort, height } = props;
  const grid = useDataGrid(props);
  const { columns, isMulti, widths, totalWidth, textSettings, grouping, virtualizer, keyboard } = grid;
  const { displayRows } = grouping;
  if (isLoading)
    return (
      <div className="pl-grid pl-grid--loading" style={{ height }}>
        <LoadingGrid columns={columns.length || undefined} rows={placeholderRows} />
      </div>
    );

  return (
    <GridContext.Provider value={grid.context}>
      <div
        ref={grid.scrollRef}
        className="pl-grid"
        role="grid"
        aria-label={label}
        aria-rowcount={displayRows.length + 1 + totalRowCount(total)}
        aria-colcount={columns.length + (isMulti ? 1 : 0)}
        aria-multiselectable={isMulti || undefined}
        style={{ height }}
        onScroll={grid.onScroll}
      >
        <div className="pl-grid__canvas" style={{ width: totalWidth, minWidth: '100%' }}>
          <GridHeader
            table={grid.table}
            columns={grid.columnsById}
            widths={widths}
            height={gridMetrics.headerHeight}
            sort={sort}
            onSort={onHeaderSort}
            onFocusRows={keyboard.focusRows}
            {...(isMulti ? { selectAll: grid.selection.selectAll } : {})}
          />
          <GridBody
            displayRows={displayRows}
            items={virtualizer.getVirtualItems()}
            height={virtualizer.getTotalSize() - gridMetrics.headerHeight}
            rowHeight={grid.rowHeight}
            width={totalWidth}
            focusedIndex={keyboard.focusedIndex}
            emptyState={emptyState}
            handlers={grid.rowHandlers}
            groups={{
              ...grouping,
              columns,
              visibleWidth: Math.min(grid.containerWidth, totalWidth),
              settings: textSettings,
              onGroupSort,
              onGroupLoadMore,
            }}
            records={{
              table: grid.table,
              columnDefs: grid.columnDefs,
              selected: grid.selection.selected,
              inlineState: grid.inlineState,
              savedIds: grid.savedIds,
            }}
          />
          {total ? (
            <div role="rowgroup" className="pl-grid__foot">
              <TotalRows
                total={total}
                columns={columns}
                widths={widths}
                leadingWidth={grid.leadingWidth}
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
