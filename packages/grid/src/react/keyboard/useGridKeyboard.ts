import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import type { ReportRow, RowId } from '../../types.js';
import type { DisplayRow } from '../grouping/displayRows.js';
import type { SelectHow } from '../selection/rowSelection.js';
import { groupKeyExpands, rowKeyTarget, rowsPerPage } from './rowKeys.js';

export interface GridKeyboardInput {
  displayRows: readonly DisplayRow[];
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Brings a display row into view (the virtualiser renders only the rows near it). */
  scrollToIndex: (index: number) => void;
  rowHeight: number;
  isMulti: boolean;
  toggleGroup: (key: string, expand: boolean) => void;
  select: (eid: RowId, how: SelectHow) => void;
  openContextMenu: (row: ReportRow, position: { x: number; y: number }) => void;
  onRowDoubleClick: ((row: ReportRow) => void) | undefined;
}

const rowElement = (scroller: HTMLElement | null, key: string) =>
  scroller?.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(key)}"]`) ?? null;

/**
 * The grid's keyboard: one row is in the tab order (roving focus) and the arrows, PageUp/PageDown,
 * Home and End move it; ArrowUp from the first row reaches the column headers. On a group header
 * Enter, Space and ArrowLeft/ArrowRight collapse or expand it; on a record Space selects (Shift a
 * range), Enter opens, and the context-menu key or Shift+F10 opens the row's menu.
 */
export function useGridKeyboard({
  displayRows,
  scrollRef,
  scrollToIndex,
  rowHeight,
  isMulti,
  toggleGroup,
  select,
  openContextMenu,
  onRowDoubleClick,
}: GridKeyboardInput) {
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const pendingFocus = useRef(false);
  const focusedIndex = Math.max(
    0,
    displayRows.findIndex((r) => r.key === focusedKey),
  );
  // A row moved to by key is focused once the virtualiser has rendered it.
  useEffect(() => {
    if (!pendingFocus.current || focusedKey === null) return;
    pendingFocus.current = false;
    rowElement(scrollRef.current, focusedKey)?.focus();
  });
  const focusRowAt = (index: number) => {
    const target = displayRows[Math.max(0, Math.min(displayRows.length - 1, index))];
    if (!target) return;
    scrollToIndex(displayRows.indexOf(target));
    pendingFocus.current = true;
    setFocusedKey(target.key);
  };
  /** ArrowDown on a header: back to the focused row. */
  const focusRows = () => {
    const key = displayRows[focusedIndex]?.key;
    const row = key === undefined ? null : rowElement(scrollRef.current, key);
    if (row) row.focus();
    else focusRowAt(focusedIndex);
  };

  const onRecordKeyDown = (event: KeyboardEvent<HTMLDivElement>, row: ReportRow) => {
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
    const page = rowsPerPage(scrollRef.current?.clientHeight ?? 0, rowHeight);
    const to = rowKeyTarget(event.key, index, page, displayRows.length);
    if (to !== undefined) {
      event.preventDefault();
      focusRowAt(to);
      return;
    }
    if (item.kind === 'record') return onRecordKeyDown(event, item.row);
    const expand = groupKeyExpands(event.key, item.isExpanded);
    if (expand === undefined) return;
    event.preventDefault();
    toggleGroup(item.group.key, expand);
  };

  return { focusedIndex, setFocusedKey, focusRows, onRowKeyDown };
}
