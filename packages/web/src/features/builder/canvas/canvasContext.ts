import { createContext, useContext } from 'react';
import type { ValueStore } from './canvasStore';
import type { DropIndicatorStore } from './dropIndicator';

/**
 * What every element of the canvas shares, the same object for as long as the canvas is shown so
 * that it re-renders no element: the stores each element reads its own part of, and the
 * workspace's latest callbacks behind stable functions.
 */
export interface CanvasShared {
  selection: ValueStore<string | null>;
  /** The element being dragged, if a drag of the page's own elements is on. */
  dragged: ValueStore<string | null>;
  indicator: DropIndicatorStore;
  labelOf(elementId: string): string;
  select(elementId: string): void;
  /** The id of dnd-kit's instructions for a drag, which every draggable element is described by. */
  describedBy: string;
}

export const CanvasContext = createContext<CanvasShared | null>(null);

export function useCanvas(): CanvasShared {
  const shared = useContext(CanvasContext);
  if (!shared) throw new Error('a canvas element is drawn outside BuilderCanvas');
  return shared;
}
