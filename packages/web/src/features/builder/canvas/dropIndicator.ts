import { useSyncExternalStore } from 'react';

/** Where a drag would land now: beside or inside one element of the canvas. */
export interface DropIndicator {
  elementId: string;
  placement: 'before' | 'after' | 'inside';
}

/**
 * The drop indicator as a small store outside React state: a drag moves it on every pointer move,
 * and only the element it leaves and the one it enters re-render, not the whole page (a page of
 * 200 components stays under a frame per move).
 */
export function createDropIndicatorStore() {
  let current: DropIndicator | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next: DropIndicator | null) {
      if (current?.elementId === next?.elementId && current?.placement === next?.placement) return;
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type DropIndicatorStore = ReturnType<typeof createDropIndicatorStore>;

/** The placement shown on one element: null unless the drag would land beside or inside it. */
export function useDropPlacement(store: DropIndicatorStore, elementId: string) {
  return useSyncExternalStore(store.subscribe, () => {
    const current = store.get();
    return current?.elementId === elementId ? current.placement : null;
  });
}
