// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid places its rows absolutely, which table elements cannot; the ARIA grid roles carry the semantics
// biome-ignore-all lint/a11y/useFocusableInteractive: grid rows and cells take focus through the roving tab index, not each one
// biome-ignore-all lint/a11y/noStaticElementInteractions: the resize handle is a mouse and touch affordance; the keyboard resizes from the focused header
import type { Header, Table } from '@tanstack/react-table';
import { type KeyboardEvent, type MouseEvent, type TouchEvent, useState } from 'react';
import type { GridColumn } from '../columns/columnModel.js';
import { minColumnWidth } from '../columns/columnWidths.js';
import type { ReportRow, SortEntry } from '../types.js';
import { SelectionCell } from './selection/SelectionCell.js';

/** Shift+ArrowLeft and Shift+ArrowRight on a focused header narrow or widen its column by this much. */
export const keyboardResizeStep = 16;

export interface GridHeaderProps {
  table: Table<ReportRow>;
  columns: ReadonlyMap<string, GridColumn>;
  widths: Record<string, number>;
  height: number;
  selectAll?: { isSelected: boolean; isIndeterminate: boolean; onToggle: () => void };
  /** The applied sorts in their order (groups first): each sorted header shows its direction. */
  sort?: readonly SortEntry[] | undefined;
  /** A header was clicked (Shift-click or Shift+Enter: `add`); without it headers do not sort. */
  onSort?: ((colid: string, how: { add: boolean }) => void) | undefined;
  /** ArrowDown on a header: back to the rows. */
  onFocusRows?: () => void;
}

function resizeColumn(header: Header<ReportRow, unknown>, width: number) {
  const id = header.column.id;
  header
    .getContext()
    .table.setColumnSizing((sizing) => ({ ...sizing, [id]: Math.max(minColumnWidth, Math.round(width)) }));
}

/**
 * The column's resize handle: dragged with the mouse or a finger. It is not focusable — no Tab stop
 * for each column before the rows (issue 12); the keyboard resizes from the focused header.
 */
function ResizeHandle({ header, width }: { header: Header<ReportRow, unknown>; width: number }) {
  // Dragging starts from the width the column is drawn at (flex may have widened it).
  const startDrag = (startX: number, events: { move: string; end: string }, xOf: (e: Event) => number) => {
    const startWidth = width;
    const onMove = (e: Event) => resizeColumn(header, startWidth + xOf(e) - startX);
    const onEnd = () => {
      document.removeEventListener(events.move, onMove);
      document.removeEventListener(events.end, onEnd);
    };
    document.addEventListener(events.move, onMove);
    document.addEventListener(events.end, onEnd);
  };
  const onMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    startDrag(
      event.clientX,
      { move: 'mousemove', end: 'mouseup' },
      (e) => (e as globalThis.MouseEvent).clientX,
    );
  };
  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    if (!touch) return;
    event.stopPropagation();
    startDrag(
      touch.clientX,
      { move: 'touchmove', end: 'touchend' },
      (e) => (e as globalThis.TouchEvent).touches[0]?.clientX ?? touch.clientX,
    );
  };
  return (
    <div
      aria-hidden="true"
      className="pl-grid__resizer"
      onMouseDown={onMouseDown}
      onTouchStart={onTouchStart}
      // A click ending a drag is not a click on the header.
      onClick={(event) => event.stopPropagation()}
    />
  );
}

const ariaSortOf = (order: SortEntry['order']) => (order === 'Descending' ? 'descending' : 'ascending');

function SortIcon({ order }: { order: SortEntry['order'] }) {
  return (
    <svg className="pl-grid__sort-icon" aria-hidden="true" viewBox="0 0 12 12" width="12" height="12">
      <path d={order === 'Descending' ? 'M6 10 2 4h8z' : 'M6 2l4 6H2z'} fill="currentColor" />
    </svg>
  );
}

/**
 * The header row: column titles, each showing its sort direction (aria-sort) and sorting on a click
 * (Shift-click adds a sort), with mouse resize handles; the select-all box in multi-select mode.
 *
 * Headers are not Tab stops: ArrowUp from the first row reaches them (the grid's roving focus),
 * ArrowLeft/ArrowRight, Home and End move among them, Enter or Space sorts (Shift adds),
 * Shift+ArrowLeft/ArrowRight resizes, ArrowDown returns to the rows.
 */
export function GridHeader({
  table,
  columns,
  widths,
  height,
  selectAll,
  sort,
  onSort,
  onFocusRows,
}: GridHeaderProps) {
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const [active, setActive] = useState(0);
  const sortable = headers.filter((h) => h.column.id !== selectionColumnId);
  const sorts = Array.isArray(sort) ? sort : [];

  const focusHeader = (element: HTMLElement, index: number) => {
    const cells = element.parentElement?.querySelectorAll<HTMLElement>('.pl-grid__header-cell');
    const target = cells?.[Math.max(0, Math.min((cells?.length ?? 1) - 1, index))];
    target?.focus();
  };
  const onKeyDown = (
    event: KeyboardEvent<HTMLDivElement>,
    index: number,
    header: Header<ReportRow, unknown>,
  ) => {
    const width = widths[header.column.id] ?? header.getSize();
    const key = event.key;
    if (event.shiftKey && (key === 'ArrowLeft' || key === 'ArrowRight')) {
      event.preventDefault();
      resizeColumn(header, width + (key === 'ArrowLeft' ? -keyboardResizeStep : keyboardResizeStep));
      return;
    }
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: sortable.length - 1,
    };
    if (moves[key] !== undefined) {
      event.preventDefault();
      focusHeader(event.currentTarget, moves[key]);
    } else if (key === 'ArrowDown') {
      event.preventDefault();
      onFocusRows?.();
    } else if ((key === 'Enter' || key === ' ') && onSort) {
      event.preventDefault();
      onSort(header.column.id, { add: event.shiftKey });
    }
  };

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
          const index = sortable.indexOf(header);
          const column = columns.get(header.column.id);
          const title = column?.title ?? header.column.id;
          const width = widths[header.column.id] ?? header.getSize();
          const rank = sorts.findIndex((s) => s.colid === header.column.id);
          const sorted = sorts[rank];
          return (
            <div
              key={header.id}
              role="columnheader"
              aria-sort={sorted ? ariaSortOf(sorted.order) : undefined}
              aria-description={
                onSort
                  ? 'Enter sorts, Shift+Enter adds a sort, Shift+Arrow keys resize'
                  : 'Shift+Arrow keys resize'
              }
              tabIndex={-1}
              data-active={index === active || undefined}
              data-sort={sorted ? ariaSortOf(sorted.order) : undefined}
              data-sort-rank={sorted && sorts.length > 1 ? rank + 1 : undefined}
              className={`pl-grid__cell pl-grid__header-cell pl-grid__cell--${column?.align ?? 'left'}${onSort ? ' pl-grid__header-cell--sortable' : ''}`}
              style={{ width }}
              title={title}
              onFocus={() => setActive(index)}
              onMouseDown={(event) => {
                // Shift-click adds a sort; it does not select the page's text.
                if (event.shiftKey) event.preventDefault();
              }}
              onClick={(event) => onSort?.(header.column.id, { add: event.shiftKey })}
              onKeyDown={(event) => onKeyDown(event, index, header)}
            >
              <span className="pl-grid__text">{title}</span>
              {sorted ? <SortIcon order={sorted.order} /> : null}
              <ResizeHandle header={header} width={width} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The id of the checkbox column of multi-select mode. */
export const selectionColumnId = '__select';
