import {
  type ColumnDef,
  type ColumnSizingState,
  getCoreRowModel,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import type { GridColumn } from '../columns/columnModel.js';
import { minColumnWidth } from '../columns/columnWidths.js';
import type { ReportRow } from '../types.js';
import { GridCell } from './GridCell.js';
import { selectionColumnId } from './GridHeader.js';

/** The width of the checkbox column of multi-select mode. */
export const selectionColumnWidth = 40;

export interface GridTableInput {
  rows: readonly ReportRow[];
  columns: readonly GridColumn[];
  /** Multi-select mode adds the checkbox column first. */
  isMulti: boolean;
  sizing: Readonly<ColumnSizingState>;
  onColumnSizingChange: (updater: Updater<ColumnSizingState>) => void;
}

/**
 * The grid's TanStack table: a column per report column (and the checkbox column in multi-select
 * mode), rows by record id, and TanStack's column-resizing feature over the given sizing state.
 */
export function useGridTable({ rows, columns, isMulti, sizing, onColumnSizingChange }: GridTableInput) {
  const columnDefs = useMemo<ColumnDef<ReportRow>[]>(
    () => [
      ...(isMulti ? [{ id: selectionColumnId, size: selectionColumnWidth, enableResizing: false }] : []),
      ...columns.map(
        (column): ColumnDef<ReportRow> => ({
          id: column.id,
          header: column.title,
          size: column.width,
          minSize: minColumnWidth,
          cell: ({ row }) => <GridCell column={column} row={row.original} />,
        }),
      ),
    ],
    [columns, isMulti],
  );
  const table = useReactTable({
    data: rows as ReportRow[],
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.eid),
    state: { columnSizing: sizing },
    onColumnSizingChange,
    enableColumnResizing: true,
  });
  return { table, columnDefs };
}
