import type { DragData } from './CanvasElement';
import { type Picked, useDelegatedDrag } from './useDelegatedDrag';

/** The one dnd-kit draggable every element of the page is dragged through. */
export const canvasDragId = 'canvas-element';

type ExistingDrag = Extract<DragData, { kind: 'existing' }>;

/**
 * Dragging the page's elements (not the root), by pointer or by Space, through one draggable whose
 * listeners are on the canvas's frame: a press picks up the innermost element holding its target,
 * found by the `data-element-id` and `data-draggable` attributes CanvasElement draws.
 */
export function useCanvasDrag(labelOf: (elementId: string) => string) {
  const pickAt = (target: EventTarget | null): Picked<ExistingDrag> | null => {
    const node = target instanceof Element ? target.closest<HTMLElement>('[data-element-id]') : null;
    const id = node?.dataset.elementId;
    if (!node || !id || !node.hasAttribute('data-draggable')) return null;
    return { node, data: { kind: 'existing', id, label: labelOf(id) } };
  };
  const drag = useDelegatedDrag(canvasDragId, pickAt);
  return { ...drag, draggedId: drag.dragged?.id ?? null };
}
