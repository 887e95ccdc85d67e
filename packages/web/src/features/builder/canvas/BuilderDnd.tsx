import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { DropTarget, PageVersionContent } from '@plinth/schema';
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { dropPlacement, placementTarget } from '../dropPlacement';
import type { DragData } from './CanvasElement';
import { dropOverAt } from './canvasHitTest';
import type { DropIndicator, DropIndicatorStore } from './dropIndicator';
import { type KeyboardSlot, keyboardSlots, nextSlot } from './keyboardSlots';

export interface BuilderDndProps {
  content: PageVersionContent;
  indicator: DropIndicatorStore;
  /** Makes the drop; answers the message of a refused one (shown as a toast), else null. */
  onDrop(source: DragData, target: DropTarget): string | null;
  /** The name the page's elements are announced by. */
  labelOf(elementId: string): string;
  children: ReactNode;
}

const describe = (indicator: DropIndicator | null, labelOf: (id: string) => string) => {
  if (!indicator) return 'not over the page';
  const name = labelOf(indicator.elementId);
  if (indicator.placement === 'inside') return `at the end of ${name}`;
  return `${indicator.placement} ${name}`;
};

/**
 * Drag and drop for the builder (spec 01 §5, §9; issue 20 item 3) with dnd-kit: from the toolbox
 * onto the page and within it, by mouse or by keyboard. A pointer drag lands where the drop-edge
 * zones put it (dropPlacement); a keyboard drag steps with the arrow keys through every place an
 * element can go (keyboardSlots) and Space or Enter drops it. Refused drops say why.
 */
export function BuilderDnd({ content, indicator, onDrop, labelOf, children }: BuilderDndProps) {
  const [dragged, setDragged] = useState<DragData | null>(null);
  const contentRef = useRef(content);
  contentRef.current = content;
  const keyboard = useRef<{ slots: KeyboardSlot[]; at: KeyboardSlot | null } | null>(null);
  const lastMessage = useRef<string | null>(null);

  const slotCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
    const state = keyboard.current;
    if (!state) return undefined;
    const step =
      event.code === 'ArrowDown' || event.code === 'ArrowRight'
        ? 1
        : event.code === 'ArrowUp' || event.code === 'ArrowLeft'
          ? -1
          : 0;
    if (step === 0) return undefined;
    event.preventDefault();
    const next = nextSlot(state.slots, state.at, step);
    if (!next) return undefined;
    state.at = next;
    indicator.set({ elementId: next.elementId, placement: next.placement });
    const node = document.querySelector<HTMLElement>(`[data-element-id="${CSS.escape(next.elementId)}"]`);
    if (!node) return currentCoordinates;
    node.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    const rect = node.getBoundingClientRect();
    return next.placement === 'inside'
      ? { x: rect.left + rect.width / 2, y: rect.top + rect.height - 8 }
      : { x: rect.left + 4, y: rect.top + 4 };
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // Space picks up and Space or Enter drops; Enter alone stays a press (add a toolbox item, select an element).
    useSensor(KeyboardSensor, {
      coordinateGetter: slotCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  // Where the pointer is, from its own moves: dnd-kit's drag delta counts scrolling in as well.
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const follow = useRef((event: PointerEvent) => {
    pointer.current = { x: event.clientX, y: event.clientY };
  });
  useEffect(() => {
    const listener = follow.current;
    return () => window.removeEventListener('pointermove', listener, { capture: true });
  }, []);

  const pointerIndicator = (event: DragMoveEvent): DropIndicator | null => {
    const { activatorEvent, delta } = event;
    if (!(activatorEvent instanceof PointerEvent || activatorEvent instanceof MouseEvent)) return null;
    const at = pointer.current ?? {
      x: activatorEvent.clientX + delta.x,
      y: activatorEvent.clientY + delta.y,
    };
    const over = dropOverAt(document, at.x, at.y);
    if (!over) return null;
    const placement = dropPlacement(over.rect, at, { isContainer: over.isContainer, flow: over.flow });
    return { elementId: over.elementId, placement };
  };

  const start = (event: DragStartEvent) => {
    const data = event.active.data.current as DragData | undefined;
    setDragged(data ?? null);
    lastMessage.current = null;
    if (event.activatorEvent instanceof KeyboardEvent) {
      const slots = keyboardSlots(contentRef.current, data?.kind === 'existing' ? data.id : null);
      keyboard.current = { slots, at: null };
    } else {
      keyboard.current = null;
      window.addEventListener('pointermove', follow.current, { capture: true, passive: true });
    }
  };

  const move = (event: DragMoveEvent) => {
    if (!keyboard.current) indicator.set(pointerIndicator(event));
  };

  const end = (event: DragEndEvent) => {
    const data = event.active.data.current as DragData | undefined;
    const state = keyboard.current;
    const where = indicator.get();
    finish();
    if (!data) return;
    const target: DropTarget | null = state?.at
      ? { parentId: state.at.parentId, index: state.at.index }
      : where && placementTarget(contentRef.current, where.elementId, where.placement);
    // Released off the page, or before an arrow key chose a place: nothing moves, and it says so.
    if (!target) lastMessage.current = `${data.label} was not dropped: no place on the page was chosen.`;
    else if (state) lastMessage.current = onDrop(data, target);
    // A pointer drop re-renders the page and its panels as a transition, in slices between frames;
    // the drop's check and its message are worked out at once all the same. A keyboard drop stays
    // synchronous, so dnd-kit gives focus back to the element where it is now drawn.
    else
      startTransition(() => {
        lastMessage.current = onDrop(data, target);
      });
  };

  const finish = () => {
    window.removeEventListener('pointermove', follow.current, { capture: true });
    pointer.current = null;
    setDragged(null);
    keyboard.current = null;
    indicator.set(null);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${(active.data.current as DragData | undefined)?.label ?? 'an element'}. Use the arrow keys to choose where it goes, Space or Enter to drop it, Escape to cancel.`,
    onDragMove: () => `It would go ${describe(indicator.get(), labelOf)}.`,
    onDragOver: () => `It would go ${describe(indicator.get(), labelOf)}.`,
    onDragEnd: ({ active }) =>
      lastMessage.current ??
      `Dropped ${(active.data.current as DragData | undefined)?.label ?? 'the element'}.`,
    onDragCancel: () => 'Cancelled: nothing moved.',
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={start}
      onDragMove={move}
      onDragEnd={end}
      onDragCancel={finish}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move it, press Space, then the arrow keys to choose its place on the page, and Space or Enter to drop it. Escape cancels.',
        },
      }}
    >
      {children}
      <DragOverlay dropAnimation={null} style={{ pointerEvents: 'none' }}>
        {dragged ? <div className="pl-builder-drag-chip">{dragged.label}</div> : null}
      </DragOverlay>
    </DndContext>
  );
}
