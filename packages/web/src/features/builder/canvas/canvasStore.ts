import { useSyncExternalStore } from 'react';

/**
 * A value kept outside React state, for what one element of the canvas shows of a value shared by
 * all (the selection, the drop indicator, the element dragged): a change re-renders only the
 * elements whose selected part changed, not the whole page.
 */
export interface ValueStore<T> {
  get(): T;
  /** Sets the value; listeners are told only when it is not `Object.is` the current one. */
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

export function createValueStore<T>(initial: T): ValueStore<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      if (Object.is(current, next)) return;
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One part of a store's value; the component re-renders when that part changes (by `Object.is`). */
export function useStorePart<T, P>(store: ValueStore<T>, part: (value: T) => P): P {
  return useSyncExternalStore(store.subscribe, () => part(store.get()));
}
