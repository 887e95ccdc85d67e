import type { ParentFlow } from '../dropPlacement';

/** The element of the canvas a drop at a point of the screen goes beside or into. */
export interface DropOver {
  elementId: string;
  isContainer: boolean;
  flow: ParentFlow;
  rect: DOMRect;
}

const flows: readonly string[] = ['grid', 'row', 'column'] satisfies ParentFlow[];

/**
 * The innermost element of the canvas at the client point (x, y), read from what CanvasElement
 * draws (`data-element-id`, `data-drop-flow`, `data-container`) and measured now, so it holds while
 * the canvas scrolls; null off the page. The drag's chip takes no pointer events: it is looked
 * through.
 */
export function dropOverAt(doc: Document, x: number, y: number): DropOver | null {
  // jsdom draws nothing and has no elementFromPoint: there no point is over the page.
  const hit = doc.elementFromPoint?.(x, y) ?? null;
  const node = hit?.closest<HTMLElement>('[data-drop-flow]');
  const { elementId, dropFlow } = node?.dataset ?? {};
  if (!node || !elementId || !dropFlow || !flows.includes(dropFlow)) return null;
  return {
    elementId,
    isContainer: node.hasAttribute('data-container'),
    flow: dropFlow as ParentFlow,
    rect: node.getBoundingClientRect(),
  };
}
