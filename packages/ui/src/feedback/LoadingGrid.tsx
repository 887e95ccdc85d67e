import { gridMetrics } from '../tokens/tokens';

export interface LoadingGridProps {
  /** 1 to 12 (clamped). */
  columns?: number;
  /** 1 to 20 (clamped). */
  rows?: number;
}

/** The placeholder column count when the report's columns are not known yet (spec 02 §9). */
export const defaultPlaceholderColumns = 4;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/**
 * The grid's loading placeholder: a header of 40 px and rows of 32 px, columns at least 176 px
 * wide; announced to screen readers as busy.
 */
export function LoadingGrid({ columns = defaultPlaceholderColumns, rows = 10 }: LoadingGridProps) {
  const columnCount = clamp(columns, 1, 12);
  const rowCount = clamp(rows, 1, 20);
  const template = `repeat(${columnCount}, minmax(${gridMetrics.placeholderMinColumnWidth}px, 1fr))`;
  const cells = (kind: 'header' | 'row', key: number) => (
    <div
      key={`${kind}-${key}`}
      className={`pl-loading-grid__${kind}`}
      data-testid={`loading-grid-${kind}`}
      style={{
        display: 'grid',
        gridTemplateColumns: template,
        height: kind === 'header' ? gridMetrics.headerHeight : gridMetrics.rowHeight,
      }}
    >
      {Array.from({ length: columnCount }, (_, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
        <span key={column} className="pl-skeleton" />
      ))}
    </div>
  );
  return (
    <div className="pl-loading-grid" role="status" aria-busy="true" aria-label="Loading">
      {cells('header', 0)}
      {Array.from({ length: rowCount }, (_, row) => cells('row', row))}
    </div>
  );
}
