import type { ColumnSizingState, Updater } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import type { GridColumn } from '../../columns/columnModel.js';
import { layoutColumnWidths, minColumnWidth } from '../../columns/columnWidths.js';

export interface ColumnSizingInput {
  columns: readonly GridColumn[];
  /** Resized widths by column id when the host controls them; else the grid keeps its own. */
  columnWidths: Readonly<Record<string, number>> | undefined;
  onColumnWidthsChange: ((widths: Record<string, number>) => void) | undefined;
  /** The scrolling area's width: flexible columns share what the fixed ones leave. */
  containerWidth: number;
  /** The checkbox column's width in multi-select mode, else 0. */
  leadingWidth: number;
}

export interface ColumnSizing {
  /** TanStack Table's column-sizing state and its change handler (its resizing feature). */
  sizing: Readonly<ColumnSizingState>;
  onColumnSizingChange: (updater: Updater<ColumnSizingState>) => void;
  /** The width each column is drawn at: resized ones as set, flexible ones sharing the rest. */
  widths: Record<string, number>;
  totalWidth: number;
}

/**
 * The grid's column sizing: TanStack Table's sizing state, controlled by the host when it passes
 * widths, laid out with the column model's flex over the visible width.
 */
export function useColumnSizing({
  columns,
  columnWidths,
  onColumnWidthsChange,
  containerWidth,
  leadingWidth,
}: ColumnSizingInput): ColumnSizing {
  const [ownSizing, setOwnSizing] = useState<ColumnSizingState>({});
  const sizing = columnWidths ?? ownSizing;
  const onColumnSizingChange = useCallback(
    (updater: Updater<ColumnSizingState>) => {
      const next = typeof updater === 'function' ? updater({ ...sizing }) : updater;
      if (!columnWidths) setOwnSizing(next);
      onColumnWidthsChange?.({ ...next });
    },
    [sizing, columnWidths, onColumnWidthsChange],
  );
  const widths = useMemo(
    () =>
      layoutColumnWidths(
        columns.map((c) => ({
          id: c.id,
          width: typeof sizing[c.id] === 'number' ? Math.max(minColumnWidth, sizing[c.id]!) : c.width,
          flex: c.flex,
          isFixed: c.hasFixedWidth || typeof sizing[c.id] === 'number',
        })),
        containerWidth - leadingWidth,
      ),
    [columns, sizing, containerWidth, leadingWidth],
  );
  const totalWidth = leadingWidth + columns.reduce((sum, c) => sum + (widths[c.id] ?? c.width), 0);
  return { sizing, onColumnSizingChange, widths, totalWidth };
}
