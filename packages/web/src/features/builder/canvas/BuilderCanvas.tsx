import type { Breakpoint, PageVersionContent } from '@plinth/schema';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import '../../pages/flowLayout.css';
import './canvas.css';
import { CanvasElement } from './CanvasElement';
import { CanvasContext, type CanvasShared } from './canvasContext';
import { createValueStore } from './canvasStore';
import type { DropIndicatorStore } from './dropIndicator';
import { useCanvasDrag } from './useCanvasDrag';

export interface BuilderCanvasProps {
  content: PageVersionContent;
  breakpoint: Breakpoint;
  selectedId: string | null;
  indicator: DropIndicatorStore;
  onSelect(id: string | null): void;
  labelOf(elementId: string): string;
}

/** The canvas widths the builder shows a page at: wide enough for each breakpoint's layout. */
export const canvasWidths: Record<Breakpoint, number> = { lg: 1200, md: 800, sm: 390 };

/**
 * The zoom that fits a frame of `width` CSS pixels into the space the canvas has: the page lays out
 * at the breakpoint's own width (its container queries see that width) and is drawn smaller when
 * the screen is narrower, so the whole desktop layout is in view.
 */
function useFitZoom(width: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState<number | null>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? null));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const value = available && available < width ? Math.max(0.4, available / width) : 1;
  return { ref, value };
}

/**
 * The page being built (issue 20 items 2–3): its layout drawn as the runner's flow layout draws it
 * at the chosen breakpoint's width, each element selectable, draggable (not the root) and a place
 * to drop on; components shown as cards (what they show at run time needs their data, which the
 * preview has). Only the elements an edit, a selection or a drag changes re-render (CanvasElement).
 */
export function BuilderCanvas({
  content,
  breakpoint,
  selectedId,
  indicator,
  onSelect,
  labelOf,
}: BuilderCanvasProps) {
  const components = useMemo(() => new Map(content.components.map((c) => [c.id, c])), [content.components]);
  const zoom = useFitZoom(canvasWidths[breakpoint]);
  // The workspace's callbacks change every render; the elements call the latest through these.
  const latest = useRef({ labelOf, onSelect });
  latest.current = { labelOf, onSelect };
  const drag = useCanvasDrag((id) => latest.current.labelOf(id));
  const [stores] = useState(() => ({
    selection: createValueStore<string | null>(null),
    dragged: createValueStore<string | null>(null),
  }));
  const shared = useMemo<CanvasShared>(
    () => ({
      ...stores,
      indicator,
      labelOf: (id) => latest.current.labelOf(id),
      select: (id) => latest.current.onSelect(id),
      describedBy: drag.describedBy,
    }),
    [stores, indicator, drag.describedBy],
  );
  useLayoutEffect(() => stores.selection.set(selectedId), [stores, selectedId]);
  const frame = useRef<HTMLDivElement>(null);
  const { draggedId, repoint } = drag;
  useLayoutEffect(() => {
    const was = stores.dragged.get();
    stores.dragged.set(draggedId);
    if (was && !draggedId)
      repoint(frame.current?.querySelector<HTMLElement>(`[data-element-id="${CSS.escape(was)}"]`) ?? null);
  }, [stores, draggedId, repoint]);
  const root = content.configuration.root;
  return (
    <div className="pl-builder-canvas__scroll" ref={zoom.ref}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the elements inside are the controls (buttons); the frame passes their presses on to the drag. */}
      <div
        ref={frame}
        className="pl-builder-canvas__frame"
        style={{ width: canvasWidths[breakpoint], zoom: zoom.value }}
        data-breakpoint={breakpoint}
        onPointerDown={drag.onPointerDown}
        onKeyDown={drag.onKeyDown}
      >
        <CanvasContext.Provider value={shared}>
          <div className="pl-flow-page">
            <CanvasElement
              element={root}
              parent={null}
              flow="grid"
              breakpoint={breakpoint}
              page={content.configuration}
              components={components}
            />
          </div>
        </CanvasContext.Provider>
      </div>
    </div>
  );
}
