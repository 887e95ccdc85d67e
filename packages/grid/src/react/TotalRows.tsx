// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid places its rows absolutely, which table elements cannot; the ARIA grid roles carry the semantics
// biome-ignore-all lint/a11y/useFocusableInteractive: grid rows and cells take focus through the roving tab index, not each one
import type { AggregateKind } from '@plinth/schema';
import { aggregateLabels, aggregateText } from '../columns/aggregateText.js';
import type { CellTextSettings } from '../columns/cellText.js';
import type { GridColumn } from '../columns/columnModel.js';
import type { ReportTotal } from '../types.js';

export interface TotalRowsProps {
  total: ReportTotal;
  columns: readonly GridColumn[];
  widths: Record<string, number>;
  leadingWidth: number;
  showCount: boolean;
  settings: CellTextSettings;
  firstRowIndex: number;
}

/** How many footer rows the grand totals take: one per aggregate style, at least one. */
export function totalRowCount(total: ReportTotal | undefined): number {
  if (!total) return 0;
  const kinds = Object.values(total.aggs ?? {})
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .map((a) => a?.kind);
  return Math.max(1, new Set(kinds).size);
}

/**
 * The grand-total footer rows: one per aggregate style, each column showing its value of that
 * style in the column's format, aligned as its cells are; the first row is labelled 'Total' with the
 * record count.
 */
export function TotalRows({
  total,
  columns,
  widths,
  leadingWidth,
  showCount,
  settings,
  firstRowIndex,
}: TotalRowsProps) {
  const aggs = total?.aggs ?? {};
  const kinds = [
    ...new Set(
      Object.values(aggs).flatMap((list) =>
        Array.isArray(list) ? list.flatMap((a) => (a?.kind ? [a.kind] : [])) : [],
      ),
    ),
  ];
  const rows: Array<AggregateKind | null> = kinds.length > 0 ? kinds : [null];
  const totalLabel = `Total${showCount && typeof total?.count === 'number' ? ` (${total.count})` : ''}`;
  return (
    <>
      {rows.map((kind, i) => (
        <div
          key={kind ?? 'count'}
          role="row"
          aria-rowindex={firstRowIndex + i}
          className="pl-grid__row pl-grid__row--total"
        >
          {columns.map((column, c) => {
            const list = aggs[column.id];
            const value = kind && Array.isArray(list) ? list.find((a) => a?.kind === kind) : undefined;
            const text = value ? aggregateText(column, value, settings) : '';
            const label =
              c === 0
                ? [i === 0 ? totalLabel : '', kind ? aggregateLabels[kind] : ''].filter(Boolean).join(' · ')
                : '';
            const shown = label && text ? `${label}: ${text}` : label || text;
            return (
              <div
                key={column.id}
                role={c === 0 ? 'rowheader' : 'gridcell'}
                className={`pl-grid__cell pl-grid__aggregate pl-grid__cell--${c === 0 ? 'left' : column.align}`}
                style={{ width: (widths[column.id] ?? 0) + (c === 0 ? leadingWidth : 0) }}
              >
                {shown && (
                  <span className="pl-grid__text" title={shown}>
                    {shown}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </>
  );
}
