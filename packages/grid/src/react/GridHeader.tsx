// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid places its rows absolutely, which table elements cannot; the ARIA grid roles carry the semantics
// biome-ignore-all lint/a11y/useFocusableInteractive: grid rows and cells take focus through the roving tab index, not each one
import type { Header, Table } from '@tanstack/react-table';
import type { KeyboardEvent, MouseEvent, TouchEvent } from 'react';
import type { GridColumn } from '../columns/columnModel.js';
import { minColumnWidth } from '../columns/columnWidths.js';
import type { ReportRow } from '../types.js';
import { SelectionCell } from './SelectionCell.js';

/** Arrow keys on a resize handle widen or narrow the column by this much. */
export const keyboardResizeStep = 16;

export interface GridHeaderProps {
  table: Table<ReportRow>;
  columns: ReadonlyMap<string, GridColumn>;
  widths: Record<string, number>;
  height: number;
  selectAll?: { isSelected: boolean; isIndeterminate: boolean; onToggle: () => void };
}

function ResizeHandle({
  header,
  title,
  width,
}: {
  header: Header<ReportRow, unknown>;
  title: string;
  width: number;
}) {
  const table = header.getContext().table;
  const id = header.column.id;
  const resizeTo = (next: number) =>
    table.setColumnSizing((sizing) => ({ ...sizing, [id]: Math.max(minColumnWidth, Math.round(next)) }));
  const resizeBy = (delta: number) => resizeTo(width + delta);
  // Dragging starts from the width the column is drawn at (flex may have widened it).
  const startDrag = (startX: number, events: { move: string; end: string }, xOf: (e: Event) => number) => {
    const startWidth = width;
    const onMove = (e: Event) => resizeTo(startWidth + xOf(e) - startX);
    const onEnd = () => {
      document.removeEventListener(events.move, onMove);
      document.removeEventListener(events.end, onEnd);
    };
    document.addEventListener(events.move, onMove);
    document.addEventListener(events.end, onEnd);
  };
  const onMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    event.preventDefault();
    startDrag(
      event.clientX,
      { move: 'mousemove', end: 'mouseup' },
      (e) => (e as globalThis.MouseEvent).clientX,
    );
  };
  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    if (!touch) return;
    startDrag(
      touch.clientX,
      { move: 'touchmove', end: 'touchend' },
      (e) => (e as globalThis.TouchEvent).touches[0]?.clientX ?? touch.clientX,
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      resizeBy(event.key === 'ArrowLeft' ? -keyboardResizeStep : keyboardResizeStep);
    }
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${title}`}
      aria-valuenow={Math.round(width)}
      aria-valuemin={minColumnWidth}
      tabIndex={0}
      className="pl-grid__resizer"
      onMouseDown={onMouseDown}
      onTouchStart={onTouchStart}
      onKeyDown={onKeyDown}
    />
  );
}

/** The header row: column titles with resize handles, and the select-all box in multi-select mode. */
export function GridHeader({ table, columns, widths, height, selectAll }: GridHeaderProps) {
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  return (
    <div role="rowgroup" className="pl-grid__head">
      <div role="row" aria-rowindex={1} className="pl-grid__row pl-grid__row--header" style={{ height }}>
        {headers.map((header) => {
          if (header.column.id === selectionColumnId)
            return (
              <div
                key={header.id}
                role="columnheader"
                className="pl-grid__cell pl-grid__cell--select"
                style={{ width: header.getSize() }}
              >
                {selectAll && (
                  <SelectionCell
                    label="Select all rows"
                    isSelected={selectAll.isSelected}
                    isIndeterminate={selectAll.isIndeterminate}
                    onToggle={selectAll.onToggle}
                  />
                )}
              </div>
            );
          const column = columns.get(header.column.id);
          const title = column?.title ?? header.column.id;
          const width = widths[header.column.id] ?? header.getSize();
          return (
            <div
              key={header.id}
              role="columnheader"
              className={`pl-grid__cell pl-grid__header-cell pl-grid__cell--${column?.align ?? 'left'}`}
              style={{ width }}
              title={title}
            >
              <span className="pl-grid__text">{title}</span>
              <ResizeHandle header={header} title={title} width={width} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The id of the checkbox column of multi-select mode. */
export const selectionColumnId = '__select';
