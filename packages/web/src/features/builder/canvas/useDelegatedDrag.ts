import { useDraggable } from '@dnd-kit/core';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useState } from 'react';

/** What a press picked up: the element dragged and what its drag carries. */
export interface Picked<T> {
  node: HTMLElement;
  data: T;
}

/**
 * Many elements dragged through one dnd-kit draggable, its listeners on a parent of them all: a
 * press on one points the draggable's node and data at it before dnd-kit's sensor sees the press.
 * dnd-kit re-renders the component of every draggable when a drag starts or ends; with one for a
 * whole page of 200 components (or a toolbox), one component re-renders then.
 * Invariant: the data object is the same one throughout, rewritten only by a press while no drag
 * is on (dnd-kit runs one drag at a time), so a drag's data is that of the element it started on.
 */
export function useDelegatedDrag<T extends object>(
  id: string,
  pickAt: (target: EventTarget | null) => Picked<T> | null,
) {
  const [data] = useState(() => ({}) as T);
  const drag = useDraggable({ id, data });
  const take = ({ node, data: next }: Picked<T>) => {
    for (const key of Object.keys(data)) delete (data as Record<string, unknown>)[key];
    Object.assign(data, next);
    drag.setNodeRef(node);
    drag.setActivatorNodeRef(node);
  };
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    const picked = drag.active ? null : pickAt(event.target);
    if (!picked) return;
    take(picked);
    drag.listeners?.onPointerDown?.(event);
  };
  // Space on a focused element picks it up (dnd-kit asks that the key's target be the activator).
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const picked = drag.active ? null : pickAt(event.target);
    if (!picked || picked.node !== event.target) return;
    take(picked);
    drag.listeners?.onKeyDown?.(event);
  };
  /** Where the dragged element is drawn after a drop: dnd-kit gives a keyboard drag's focus back to it. */
  const repoint = (node: HTMLElement | null) => {
    if (!node) return;
    drag.setNodeRef(node);
    drag.setActivatorNodeRef(node);
  };
  return {
    /** The data of the drag on, if it started here. */
    dragged: drag.isDragging ? data : null,
    /** The id of dnd-kit's instructions for a drag, which every draggable element is described by. */
    describedBy: drag.attributes['aria-describedby'],
    onPointerDown,
    onKeyDown,
    repoint,
  };
}
