// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid places its rows absolutely, which table elements cannot; the ARIA grid roles carry the semantics
// biome-ignore-all lint/a11y/useFocusableInteractive: grid rows take focus through the roving tab index, not each one
import { flexRender, type Row } from '@tanstack/react-table';
import { Fragment, type KeyboardEvent, type MouseEvent, memo } from 'react';
import type { ReportRow, RowId } from '../types.js';
import { selectionColumnId } from './GridHeader.js';
import { SelectionCell } from './selection/SelectionCell.js';

/** What a record row tells the grid; the grid passes one stable object, so rows re-render only when they change. */
export interface RecordRowHandlers {
  onFocusRow: (key: string) => void;
  onClick: (event: MouseEvent<HTMLDivElement>, row: ReportRow) => void;
  onDoubleClick: (row: ReportRow) => void;
  onContextMenu: (row: ReportRow, position: { x: number; y: number }) => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>, index: number) => void;
  onToggleSelected: (eid: RowId) => void;
}

export type RowEditState = 'modified' | 'invalid' | 'saved';

export interface RecordRowProps {
  rowKey: string;
  tableRow: Row<ReportRow>;
  /**
   * The table's column definitions. The row model keeps its rows when only the columns change
   * (the checkbox column coming with multi-select mode), so a row re-renders on these.
   */
  columnDefs: readonly unknown[];
  /** Position in the display rows (for keyboard moves) and in the grid (aria-rowindex). */
  index: number;
  rowIndex: number;
  top: number;
  height: number;
  width: number;
  isSelected: boolean;
  isFocused: boolean;
  selectionWidth: number;
  editState: RowEditState | undefined;
  handlers: RecordRowHandlers;
}

/** Where Shift-click selects text on purpose: a text field or an editable element. */
function isTextEntry(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement &&
    (target.closest('input:not([type="checkbox"]), textarea, select, [contenteditable="true"]') !== null ||
      target.isContentEditable)
  );
}

/** A record row: its cells by the table's columns, the checkbox in multi-select mode, and the row's events. */
export const RecordRow = memo(function RecordRow({
  rowKey,
  tableRow,
  index,
  rowIndex,
  top,
  height,
  width,
  isSelected,
  isFocused,
  selectionWidth,
  editState,
  handlers,
}: RecordRowProps) {
  const row = tableRow.original;
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      aria-selected={isSelected}
      className={`pl-grid__row${isSelected ? ' pl-grid__row--selected' : ''}${editState ? ` pl-grid__row--${editState}` : ''}`}
      data-row-key={rowKey}
      data-eid={row.eid}
      {...(editState ? { 'data-inline-state': editState } : {})}
      style={{ position: 'absolute', top: 0, transform: `translateY(${top}px)`, height, width }}
      tabIndex={isFocused ? 0 : -1}
      onFocus={(event) => {
        if (event.target === event.currentTarget) handlers.onFocusRow(rowKey);
      }}
      onMouseDown={(event) => {
        // Shift-click selects a range of rows; the browser would also extend a text selection
        // across the page. An editor's own text (inline editing) keeps Shift-click.
        if (event.shiftKey && !isTextEntry(event.target)) event.preventDefault();
      }}
      onClick={(event) => handlers.onClick(event, row)}
      onDoubleClick={() => handlers.onDoubleClick(row)}
      onContextMenu={(event) => {
        event.preventDefault();
        handlers.onContextMenu(row, { x: event.clientX, y: event.clientY });
      }}
      onKeyDown={(event) => handlers.onKeyDown(event, index)}
    >
      {tableRow.getVisibleCells().map((cell) =>
        cell.column.id === selectionColumnId ? (
          <div
            key={cell.id}
            role="gridcell"
            className="pl-grid__cell pl-grid__cell--select"
            style={{ width: selectionWidth }}
          >
            <SelectionCell
              label={`Select row ${row.eid}`}
              isSelected={isSelected}
              onToggle={() => handlers.onToggleSelected(row.eid)}
            />
          </div>
        ) : (
          <Fragment key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Fragment>
        ),
      )}
    </div>
  );
});
