import { usableChoiceColour } from '@plinth/schema';
import type { CSSProperties, ReactNode } from 'react';
import { type CellTextSettings, cellText } from '../../columns/cellText.js';
import type { GridColumn } from '../../columns/columnModel.js';
import { formatValueOf, resolveFormat } from '../../columns/conditionalFormat.js';
import type { ReportCell, ReportRow } from '../../types.js';
import { Avatar } from './Avatar.js';

/** Builds an image's URL from its id (thumbnails 'small', else 'full'). */
export type ImageUrlOf = (imageId: string | number, size: 'small' | 'full') => string;

export interface CellContentProps {
  column: GridColumn;
  cell: ReportCell | undefined;
  row: ReportRow;
  settings: CellTextSettings;
  imageUrl?: ImageUrlOf;
  /** File-preview links of document reports. */
  onPreviewFile?: (row: ReportRow) => void;
}

/** A cell's text: one line cut with an ellipsis, or wrapped to the column's lines when it has more. */
function Text({ children, lines }: { children: ReactNode; lines: number }) {
  return (
    <span
      className={lines > 1 ? 'pl-grid__text pl-grid__text--lines' : 'pl-grid__text'}
      style={lines > 1 ? ({ WebkitLineClamp: lines } as CSSProperties) : undefined}
      // The whole text on hover when the cell cuts it short.
      title={typeof children === 'string' && children !== '' ? children : undefined}
    >
      {children}
    </span>
  );
}

function ChoiceChips({ cell }: { cell: Extract<ReportCell, { vals: unknown }> }) {
  return (
    <span className="pl-grid__chips">
      {cell.vals.map((v) => {
        // Transparent, white and black choice colours are ignored (spec 02 §3).
        const colour = usableChoiceColour(v.color);
        return (
          <span
            key={v.eid}
            className="pl-grid__chip"
            style={colour ? ({ '--pl-chip-colour': colour } as CSSProperties) : undefined}
          >
            {v.val ?? ''}
          </span>
        );
      })}
    </span>
  );
}

/** A task glyph: a square with a tick. */
function TaskIcon() {
  return (
    <svg className="pl-grid__task-icon" width={14} height={14} viewBox="0 0 14 14" aria-hidden="true">
      <rect x={1} y={1} width={12} height={12} rx={2} fill="none" stroke="currentColor" strokeWidth={1.5} />
      <path d="M4 7.5 L6.2 9.5 L10 4.8" fill="none" stroke="currentColor" strokeWidth={1.5} />
    </svg>
  );
}

/**
 * A cell in its template (spec 02 §2): plain text, highlight, icon, image, progress bar,
 * file-preview link, person avatar or task-type icon, with the column's conditional formatting.
 */
export function CellContent({ column, cell, row, settings, imageUrl, onPreviewFile }: CellContentProps) {
  const text = cellText(column, cell, settings);
  const format = column.format ? resolveFormat(column.format, formatValueOf(cell)) : null;
  const shown = column.hideValue ? null : <Text lines={column.lines}>{text}</Text>;
  switch (column.template) {
    case 'image': {
      if (!imageUrl) return null;
      const thumbnail = (id: string | number, name: string, key?: number) => (
        <img
          key={key}
          className="pl-grid__image"
          src={imageUrl(id, 'small')}
          alt={name}
          width={column.imageSize.width}
          height={column.imageSize.height}
        />
      );
      // Image columns of related documents (decision 0022): one thumbnail per image document.
      if (cell && 'vals' in cell && Array.isArray(cell.vals)) {
        if (cell.vals.length === 0) return null;
        return (
          <span className="pl-grid__images">
            {cell.vals.map((v) => thumbnail(v.eid, v.val || column.title, v.eid))}
          </span>
        );
      }
      const id = cell && 'val' in cell ? cell.val : null;
      if (id === null || id === '' || typeof id === 'boolean') return null;
      return thumbnail(id, column.title);
    }
    case 'fileLink':
      return text === '' ? null : (
        <button type="button" className="pl-grid__link" tabIndex={-1} onClick={() => onPreviewFile?.(row)}>
          {text}
        </button>
      );
    case 'avatar': {
      const people =
        cell && 'vals' in cell && Array.isArray(cell.vals)
          ? cell.vals.map((v) => ({ key: v.eid, name: v.val ?? '' }))
          : text === ''
            ? []
            : [{ key: row.eid, name: text }];
      return (
        <span className="pl-grid__people">
          {people.map((p) => (
            <span key={p.key} className="pl-grid__person">
              <Avatar name={p.name} />
              <Text lines={1}>{p.name}</Text>
            </span>
          ))}
        </span>
      );
    }
    case 'taskType':
      return (
        <span className="pl-grid__with-icon">
          <TaskIcon />
          {shown}
        </span>
      );
    case 'highlight':
      if (!format) break;
      return (
        <span
          className="pl-grid__highlight"
          data-testid="cell-highlight"
          style={{ backgroundColor: format.bgcolor, color: format.fgcolor }}
        >
          {shown}
        </span>
      );
    case 'icon':
      if (!format || format.imgid === undefined) break;
      return (
        <span className="pl-grid__with-icon" style={{ color: format.fgcolor }}>
          {imageUrl ? (
            <img
              className="pl-grid__icon"
              src={imageUrl(format.imgid, 'small')}
              alt={text}
              width={16}
              height={16}
            />
          ) : null}
          {shown}
        </span>
      );
    case 'progressBar': {
      if (!format || format.percent === null || format.percent === undefined) break;
      return (
        <span className="pl-grid__progress">
          <span
            className="pl-grid__progress-track"
            role="progressbar"
            aria-label={column.title}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={format.percent}
          >
            <span
              className="pl-grid__progress-bar"
              style={{ width: `${format.percent}%`, backgroundColor: format.bgcolor }}
            />
          </span>
          {shown}
        </span>
      );
    }
    default:
      break;
  }
  if (column.type === 'ChoiceRelationship' && cell && 'vals' in cell && Array.isArray(cell.vals))
    return <ChoiceChips cell={cell} />;
  return <Text lines={column.lines}>{text}</Text>;
}
