import { useCallback, useEffect, useRef } from 'react';

/** Scroll handlers settle for this long before they act (spec 02 §9). */
export const scrollDebounceMs = 100;
/** Live scroll asks for more when the user is this close to the bottom, in pixels. */
export const defaultNearEndDistance = 160;

export interface NearEndInput {
  /** The scrolled element's height of content, viewport and offset. */
  measure: () => { scrollTop: number; viewport: number; content: number } | null;
  onNearEnd: (() => void) | undefined;
  distance: number;
  /** Changes when more rows arrived: a new request may go out. */
  rowCount: number;
}

/**
 * A scroll handler, debounced 100 ms, that calls `onNearEnd` once the user scrolls within
 * `distance` of the bottom; it asks again only after the rows have changed.
 */
export function useNearEnd({ measure, onNearEnd, distance, rowCount }: NearEndInput): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const askedAt = useRef<number | null>(null);
  const latest = useRef({ measure, onNearEnd, distance, rowCount });
  latest.current = { measure, onNearEnd, distance, rowCount };

  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const { measure: read, onNearEnd: notify, distance: near, rowCount: count } = latest.current;
      const box = read();
      if (!box || !notify || askedAt.current === count) return;
      if (box.content - (box.scrollTop + box.viewport) <= near) {
        askedAt.current = count;
        notify();
      }
    }, scrollDebounceMs);
  }, []);
}
