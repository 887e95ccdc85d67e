// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid places its rows absolutely, which table elements cannot; the ARIA grid roles carry the semantics
import { gridMetrics } from '@plinth/ui';
import type { ColumnDef, Table } from '@tanstack/react-table';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { ReactNode } from 'react';
import type { CellTextSettings } from '../../columns/cellText.js';
import type { GridColumn } from '../../columns/columnModel.js';
import type { ReportColumnMeta, ReportRow, RowId, SortOrder } from '../../types.js';
import type { InlineGridState } from '../gridContext.js';
import type { DisplayRow, GridGroup } from '../grouping/displayRows.js';
import { GroupHeaderRow } from '../grouping/GroupHeaderRow.js';
import { RecordRow, type RecordRowHandlers, type RowEditState } from '../RecordRow.js';
import { selectionColumnWidth } from '../useGridTable.js';

/** What the group header rows share. */
export interface GridBodyGroups {
  /** The group columns' ids and metadata, outermost first; the header's sort sorts the first. */
  groupIds: readonly string[];
  groupColumns: readonly ReportColumnMeta[];
  columns: readonly GridColumn[];
  visibleWidth: number;
  showCount: boolean;
  settings: CellTextSettings;
  toggleGroup: (key: string, expand: boolean) => void;
  setAllGroups: (expand: boolean) => void;
  onGroupSort: ((colid: string, order: SortOrder) => void) | undefined;
  onGroupLoadMore: ((group: GridGroup) => void) | undefined;
}

/** What the record rows share. */
export interface GridBodyRecords {
  table: Table<ReportRow>;
  columnDefs: readonly ColumnDef<ReportRow>[];
  selected: ReadonlySet<RowId>;
  inlineState: InlineGridState | null;
  savedIds: ReadonlySet<RowId>;
}

export interface GridBodyProps {
  displayRows: readonly DisplayRow[];
  /** The rows the virtualiser renders, placed below the header. */
  items: readonly VirtualItem[];
  height: number;
  rowHeight: number;
  width: number;
  focusedIndex: number;
  emptyState: ReactNode;
  handlers: RecordRowHandlers;
  groups: GridBodyGroups;
  records: GridBodyRecords;
}

/** How an inline-edited row is flagged: red with errors, green when modified, highlighted once saved. */
function editStateOf(
  inline: InlineGridState | null,
  savedIds: ReadonlySet<RowId>,
  eid: RowId,
): RowEditState | undefined {
  if (!inline) return undefined;
  const record = inline.records[eid];
  if (record && Object.values(record.errors ?? {}).some(Boolean)) return 'invalid';
  if (record && Object.keys(record.cells ?? {}).length > 0) return 'modified';
  return savedIds.has(eid) ? 'saved' : undefined;
}

/** The grid's body: the virtualised group header and record rows, or the empty state. */
export function GridBody({
  displayRows,
  items,
  height,
  rowHeight,
  width,
  focusedIndex,
  emptyState,
  handlers,
  groups,
  records,
}: GridBodyProps) {
  const renderItem = (item: VirtualItem) => {
    const displayRow = displayRows[item.index];
    if (!displayRow) return null;
    const top = item.start - gridMetrics.headerHeight;
    const isFocused = item.index === focusedIndex;
    const rowIndex = item.index + 2;
    if (displayRow.kind === 'group') {
      const { group } = displayRow;
      const firstGroupColumn = groups.groupIds[0];
      const { onGroupSort, onGroupLoadMore } = groups;
      return (
        <GroupHeaderRow
          key={displayRow.key}
          group={group}
          isExpanded={displayRow.isExpanded}
          groupColumns={groups.groupColumns}
          columns={groups.columns}
          visibleWidth={groups.visibleWidth}
          showCount={groups.showCount}
          settings={groups.settings}
          style={{
            position: 'absolute',
            top: 0,
            transform: `translateY(${top}px)`,
            height: item.size,
            width,
          }}
          rowIndex={rowIndex}
          isFocused={isFocused}
          onFocusRow={() => handlers.onFocusRow(displayRow.key)}
          onKeyDown={(event) => handlers.onKeyDown(event, item.index)}
          onToggle={() => groups.toggleGroup(group.key, !displayRow.isExpanded)}
          onExpandAll={() => groups.setAllGroups(true)}
          onCollapseAll={() => groups.setAllGroups(false)}
          {...(onGroupSort && firstGroupColumn
            ? { onSort: (order: SortOrder) => onGroupSort(firstGroupColumn, order) }
            : {})}
          {...(onGroupLoadMore ? { onLoadMore: () => onGroupLoadMore(group) } : {})}
        />
      );
    }
    const { row } = displayRow;
    const tableRow = records.table.getRowModel().rowsById[String(row.eid)];
    if (!tableRow) return null;
    return (
      <RecordRow
        key={displayRow.key}
        rowKey={displayRow.key}
        tableRow={tableRow}
        columnDefs={records.columnDefs}
        index={item.index}
        rowIndex={rowIndex}
        top={top}
        height={rowHeight}
        width={width}
        isSelected={records.selected.has(row.eid)}
        isFocused={isFocused}
        selectionWidth={selectionColumnWidth}
        editState={editStateOf(records.inlineState, records.savedIds, row.eid)}
        handlers={handlers}
      />
    );
  };
  return (
    <div role="rowgroup" className="pl-grid__body" style={{ height }}>
      {displayRows.length === 0 && emptyState ? <div className="pl-grid__empty">{emptyState}</div> : null}
      {items.map(renderItem)}
    </div>
  );
}
