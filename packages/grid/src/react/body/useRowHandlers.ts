import { type KeyboardEvent, type MouseEvent, useMemo, useRef } from 'react';
import type { ReportRow, RowId } from '../../types.js';
import type { DisplayRow } from '../grouping/displayRows.js';
import type { RecordRowHandlers } from '../RecordRow.js';
import type { SelectHow } from '../selection/rowSelection.js';

export interface RowHandlersInput {
  displayRows: readonly DisplayRow[];
  isInline: boolean;
  setFocusedKey: (key: string) => void;
  clickRow: (event: MouseEvent<HTMLDivElement>, row: ReportRow) => void;
  openContextMenu: (row: ReportRow, position: { x: number; y: number }) => void;
  onRowKeyDown: (event: KeyboardEvent<HTMLDivElement>, index: number, item: DisplayRow) => void;
  select: (eid: RowId, how: SelectHow) => void;
  onRowDoubleClick: ((row: ReportRow) => void) | undefined;
}

/**
 * One stable handler object for every row, calling the latest closures: memoised rows skip
 * re-rendering when only the grid's behaviour changed. Double-click opens nothing while editing inline.
 */
export function useRowHandlers(input: RowHandlersInput): RecordRowHandlers {
  const latest = useRef(input);
  latest.current = input;
  return useMemo<RecordRowHandlers>(
    () => ({
      onFocusRow: (key) => latest.current.setFocusedKey(key),
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
}
