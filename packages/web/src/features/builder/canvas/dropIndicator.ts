import { createValueStore, useStorePart, type ValueStore } from './canvasStore';

/** Where a drag would land now: beside or inside one element of the canvas. */
export interface DropIndicator {
  elementId: string;
  placement: 'before' | 'after' | 'inside';
}

export type DropIndicatorStore = ValueStore<DropIndicator | null>;

/**
 * The drop indicator as a small store outside React state: a drag moves it on every pointer move,
 * and only the element it leaves and the one it enters re-render, not the whole page (a page of
 * 200 components stays under a frame per move). Setting an equal indicator changes nothing.
 */
export function createDropIndicatorStore(): DropIndicatorStore {
  const store = createValueStore<DropIndicator | null>(null);
  return {
    ...store,
    set(next) {
      const current = store.get();
      if (current?.elementId === next?.elementId && current?.placement === next?.placement) return;
      store.set(next);
    },
  };
}

/** The placement shown on one element: null unless the drag would land beside or inside it. */
export function useDropPlacement(store: DropIndicatorStore, elementId: string) {
  return useStorePart(store, (current) => (current?.elementId === elementId ? current.placement : null));
}
