import { type DragSource, type DropResult, dropElement, type PageVersionContent } from '@plinth/schema';
import type { DropTarget } from './BuilderDnd';
import type { DragData } from './CanvasElement';

/** What a drag carries, as the layout's drop rules take it. */
export function dragSourceOf(data: DragData): DragSource {
  if (data.kind === 'new') return { kind: 'new', typeAlias: data.typeAlias };
  if (data.kind === 'newContainer') return { kind: 'newContainer', container: data.container };
  return { kind: 'existing', id: data.id };
}

/** Drops what a drag carries at a target: the new content and what to select, or why not. */
export const dropDragged = (content: PageVersionContent, data: DragData, target: DropTarget): DropResult =>
  dropElement(content, dragSourceOf(data), target);
