import type { LayoutElement, PageVersionContent } from '@plinth/schema';
import type { DropIndicator } from './dropIndicator';

/** A place a keyboard drag can stop at: before an element, or at the end of a grid or container. */
export interface KeyboardSlot extends DropIndicator {
  /** Where the dragged element goes: its new parent and index there. */
  parentId: string;
  index: number;
}

/**
 * The places a keyboard drag steps through with the arrow keys, in the page's reading order:
 * before each element, and at the end of each grid and container (after its children). The dragged
 * element's own subtree is left out, since nothing may be dropped into itself.
 */
export function keyboardSlots(content: PageVersionContent, draggedId: string | null): KeyboardSlot[] {
  const slots: KeyboardSlot[] = [];
  const walk = (element: LayoutElement) => {
    element.elements.forEach((child, index) => {
      if (child.id === draggedId) return;
      slots.push({ elementId: child.id, placement: 'before', parentId: element.id, index });
      if (child.type !== 'component') walk(child);
    });
    slots.push({
      elementId: element.id,
      placement: 'inside',
      parentId: element.id,
      index: element.elements.length,
    });
  };
  walk(content.configuration.root);
  return slots;
}

/** The slot after (or before) `current` in reading order; the first one when none is current. */
export function nextSlot(slots: readonly KeyboardSlot[], current: KeyboardSlot | null, step: 1 | -1) {
  if (slots.length === 0) return null;
  const at = current
    ? slots.findIndex((s) => s.elementId === current.elementId && s.placement === current.placement)
    : -1;
  if (at < 0) return step === 1 ? slots[0] : slots[slots.length - 1];
  return slots[Math.max(0, Math.min(slots.length - 1, at + step))] ?? null;
}
