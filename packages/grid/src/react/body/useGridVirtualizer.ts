import { gridMetrics } from '@plinth/ui';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { RefObject } from 'react';
import type { DisplayRow } from '../grouping/displayRows.js';
import { useNearEnd } from '../useNearEnd.js';

export interface GridVirtualizerInput {
  displayRows: readonly DisplayRow[];
  scrollRef: RefObject<HTMLDivElement | null>;
  rowHeight: number;
  /** Group headers' heights by row key; records are `rowHeight` tall. */
  groupHeights: ReadonlyMap<string, number>;
  onNearEnd: (() => void) | undefined;
  nearEndDistance: number;
  /** The loaded records: a new count lets live scroll ask again. */
  rowCount: number;
}

/**
 * The grid body's virtualiser (TanStack Virtual): only the rows near the viewport are rendered,
 * below the header's height; and live scroll's near-the-end check on each scroll.
 */
export function useGridVirtualizer({
  displayRows,
  scrollRef,
  rowHeight,
  groupHeights,
  onNearEnd,
  nearEndDistance,
  rowCount,
}: GridVirtualizerInput) {
  const virtualizer = useVirtualizer({
    count: displayRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => groupHeights.get(displayRows[index]?.key ?? '') ?? rowHeight,
    overscan: 8,
    paddingStart: gridMetrics.headerHeight,
    getItemKey: (index) => displayRows[index]?.key ?? index,
    // Without layout (a hidden or not yet laid out container) assume the window's height.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) =>
        cb(
          rect.height > 0
            ? rect
            : { width: rect.width, height: typeof window === 'undefined' ? 800 : window.innerHeight },
        ),
      ),
  });

  const onScroll = useNearEnd({
    measure: () => {
      const element = scrollRef.current;
      if (!element) return null;
      return {
        scrollTop: element.scrollTop,
        viewport: element.clientHeight || virtualizer.scrollRect?.height || 0,
        content: virtualizer.getTotalSize(),
      };
    },
    onNearEnd,
    distance: nearEndDistance,
    rowCount,
  });
  return { virtualizer, onScroll };
}
