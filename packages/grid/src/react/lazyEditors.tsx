import { lazy, type RefObject, useEffect } from 'react';

/**
 * The field editors of inline editing and of the filter popup come from @plinth/fields (dates,
 * numbers, pickers) and are only needed once the user edits or filters: their code loads apart
 * from the grid's, so a report's first page does not wait for it, and is asked for as soon as the
 * first page is on screen (`preloadEditors`), so opening an editor rarely waits either.
 */
const loadInlineEditor = () => import('./inline/InlineEditor.js');
const loadFilterValueEditor = () => import('./toolbar/FilterValueEditor.js');

export const LazyInlineEditor = lazy(() => loadInlineEditor().then((m) => ({ default: m.InlineEditor })));
export const LazyFilterValueEditor = lazy(() =>
  loadFilterValueEditor().then((m) => ({ default: m.FilterValueEditor })),
);

let preloading: Promise<unknown> = Promise.resolve();

/** Settles once every preload asked for so far has (tests wait for it before their file ends). */
export const editorsPreloaded = (): Promise<unknown> => preloading;

/** Asks for the editors' code when the browser is idle (soon where it cannot tell). */
export function preloadEditors(): () => void {
  const load = () => {
    preloading = Promise.allSettled([preloading, loadInlineEditor(), loadFilterValueEditor()]);
  };
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(load, 200);
  return () => clearTimeout(timer);
}

/**
 * Focuses the first focusable element inside `container` when mounted: placed after a lazily
 * loaded editor in the same Suspense boundary, it runs once the editor is really there.
 */
export function FocusFirstOnMount({
  container,
  selector,
}: {
  container: RefObject<HTMLElement | null>;
  selector: string;
}) {
  useEffect(() => {
    const element = container.current;
    // The cell, not the input, is brought into view: the grid's scroll padding keeps it below the
    // sticky header (a focus scrolling on its own would leave a row the header covers under it).
    element?.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true });
    element?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [container, selector]);
  return null;
}
