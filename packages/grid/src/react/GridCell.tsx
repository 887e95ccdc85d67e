// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid places its rows absolutely, which table elements cannot; the ARIA grid roles carry the semantics
// biome-ignore-all lint/a11y/useFocusableInteractive: grid rows and cells take focus through the roving tab index, not each one
import { Tooltip } from '@plinth/ui';
import { type KeyboardEvent, type ReactNode, Suspense, useRef } from 'react';
import { Focusable } from 'react-aria-components';
import type { GridColumn } from '../columns/columnModel.js';
import type { InlineEditorKind, ReportCell, ReportRow } from '../types.js';
import { CellContent } from './cells/CellContent.js';
import { useGridContextOrThrow } from './gridContext.js';
import { editorsKeepingArrows } from './inline/editorsKeepingArrows.js';
import { FocusFirstOnMount, LazyInlineEditor } from './lazyEditors.js';

const focusableSelector =
  'input:not([type="hidden"]):not([disabled]), textarea, [contenteditable="true"], [role="spinbutton"], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A tooltip on a cell's content: a reason it cannot be edited, or its error. */
function CellTooltip({ content, children }: { content: string; children: ReactNode }) {
  return (
    <Tooltip content={content} delay={300}>
      <Focusable>
        <span className="pl-grid__tooltip-anchor" tabIndex={-1}>
          {children}
        </span>
      </Focusable>
    </Tooltip>
  );
}

export interface GridCellProps {
  column: GridColumn;
  row: ReportRow;
}

/**
 * One cell of a record row: its template, or in inline editing its editor (the active cell), its
 * edited value, or the reason it cannot be edited; errors show in the cell's tooltip.
 */
export function GridCell({ column, row }: GridCellProps) {
  const { settings, widths, imageUrl, onPreviewFile, inline } = useGridContextOrThrow();
  const cell = Array.isArray(row.values) ? row.values[column.valueIndex] : undefined;
  const editorRef = useRef<HTMLDivElement>(null);
  const record = inline?.records[row.eid];
  const edit = record?.cells?.[column.id];
  const error = record?.errors?.[column.id];
  const editability = inline?.editability[column.id];
  const isActive = inline?.active?.eid === row.eid && inline.active.colid === column.id;
  const isEditor = isActive && editability?.isEditable === true;

  const base = {
    role: 'gridcell',
    className: `pl-grid__cell pl-grid__cell--${column.align}${isEditor ? ' pl-grid__cell--editing' : ''}${error ? ' pl-grid__cell--invalid' : ''}`,
    style: { width: widths[column.id] },
    'data-colid': column.id,
    ...(error ? { 'aria-invalid': true } : {}),
    ...(inline ? { 'aria-readonly': editability?.isEditable !== true } : {}),
  } as const;

  if (!inline) {
    return (
      <div {...base}>
        <CellContent
          column={column}
          cell={cell}
          row={row}
          settings={settings}
          imageUrl={imageUrl}
          onPreviewFile={onPreviewFile}
        />
      </div>
    );
  }

  if (isEditor && editability.isEditable) {
    const kind = editability.field.kind as InlineEditorKind;
    const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
      const target = event.target as HTMLElement;
      const isListOpen = target.getAttribute('aria-expanded') === 'true';
      let moved = false;
      if (
        (event.key === 'ArrowUp' || event.key === 'ArrowDown') &&
        !editorsKeepingArrows.has(kind) &&
        !isListOpen
      )
        moved = inline.move(event.key === 'ArrowUp' ? 'up' : 'down');
      else if (event.key === 'Tab') moved = inline.move(event.shiftKey ? 'previous' : 'next');
      if (moved) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    return (
      <div {...base} ref={editorRef} onKeyDownCapture={onKeyDownCapture} title={error}>
        <Suspense fallback={null}>
          <LazyInlineEditor
            column={column}
            field={{ ...editability.field, kind }}
            cell={cell}
            edit={edit}
            settings={settings}
            isError={Boolean(error)}
            pickerDataSource={inline.pickerDataSource}
            onEdit={(next) => inline.onCellEdit(row.eid, next)}
            onInvalid={(message) => inline.onInvalidValue(row.eid, column.id, message)}
          />
          <FocusFirstOnMount container={editorRef} selector={focusableSelector} />
        </Suspense>
      </div>
    );
  }

  const shownCell: ReportCell | undefined = edit
    ? edit.text !== undefined
      ? { val: edit.text }
      : { val: (edit.value ?? null) as string | number | boolean | null }
    : cell;
  const content =
    edit?.text !== undefined ? (
      <span className="pl-grid__text">{edit.text}</span>
    ) : (
      <CellContent
        column={column}
        cell={shownCell}
        row={row}
        settings={settings}
        imageUrl={imageUrl}
        onPreviewFile={onPreviewFile}
      />
    );
  const tip = error || (editability && !editability.isEditable ? editability.reason : null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard users move between editable cells with Tab and the arrows
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <div
      {...base}
      onClick={
        editability?.isEditable ? () => inline.activate({ eid: row.eid, colid: column.id }) : undefined
      }
    >
      {tip ? <CellTooltip content={tip}>{content}</CellTooltip> : content}
    </div>
  );
}
