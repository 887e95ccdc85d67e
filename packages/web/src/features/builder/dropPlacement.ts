import {
  type Breakpoint,
  type DropTarget,
  findElement,
  findParent,
  type LayoutElement,
  type PageVersionContent,
  styleAt,
} from '@plinth/schema';

/**
 * Where a drag over an element of the canvas lands (spec 01 §9: a 50 px drop-edge zone, a split
 * layout over 200 px; decision 0117): before it or after it among its siblings, or inside it.
 */
export type DropPlacement = 'before' | 'after' | 'inside';

/** How the hovered element's parent lays out its children: a grid wraps rows, a container flows one way. */
export type ParentFlow = 'grid' | 'row' | 'column';

export interface DropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The edge zone of a container over the split size, in CSS pixels. */
export const dropEdgePx = 50;
/** A container this size or smaller gives each edge a quarter of itself instead. */
export const splitLayoutPx = 200;

/**
 * Where a drop at `pointer` over an element lands. The edges counted are those along the parent's
 * flow: left and right in a row, top and bottom in a column, all four in a grid (top and left are
 * before, bottom and right after). A component is split between its nearest edges; a container
 * takes a drop inside unless the pointer is within its edge zone (50 px over 200 px, else a
 * quarter of the size). The nearest edge wins; an even split goes after.
 */
export function dropPlacement(
  rect: DropRect,
  pointer: { x: number; y: number },
  options: { isContainer: boolean; flow: ParentFlow },
): DropPlacement {
  const axes: Array<{ offset: number; size: number }> = [];
  if (options.flow !== 'column') axes.push({ offset: pointer.x - rect.left, size: rect.width });
  if (options.flow !== 'row') axes.push({ offset: pointer.y - rect.top, size: rect.height });
  let best: { distance: number; placement: DropPlacement } | undefined;
  for (const { offset, size } of axes) {
    const at = Math.min(size, Math.max(0, offset));
    const zone = options.isContainer
      ? size > splitLayoutPx
        ? dropEdgePx
        : size / 4
      : Number.POSITIVE_INFINITY;
    const edges = [
      { distance: at, placement: 'before' as const },
      { distance: size - at, placement: 'after' as const },
    ];
    for (const edge of edges)
      if (
        edge.distance < zone &&
        (!best ||
          edge.distance < best.distance ||
          (edge.distance === best.distance && edge.placement === 'after'))
      )
        best = edge;
  }
  return best?.placement ?? 'inside';
}

/** The flow of an element as a parent at a breakpoint: grid, or its direction (column by default). */
export function parentFlowOf(parent: LayoutElement, bp: Breakpoint): ParentFlow {
  if (parent.type === 'grid') return 'grid';
  return styleAt(parent.styles, bp).flexDirection ?? 'column';
}

/**
 * The drop target of a placement over an element: before or after it in its parent, or at the end
 * of a container. Over the root (the page's empty space) it is the page's start or end. Null for
 * an unknown element or inside a component.
 */
export function placementTarget(
  content: PageVersionContent,
  hoveredId: string,
  placement: DropPlacement,
): DropTarget | null {
  const hovered = findElement(content, hoveredId);
  if (!hovered) return null;
  const parent = findParent(content, hoveredId);
  if (placement === 'inside' || !parent) {
    if (!hovered.isContainer || hovered.type === 'component') return null;
    return { parentId: hovered.id, index: placement === 'before' ? 0 : hovered.elements.length };
  }
  const index = parent.elements.findIndex((e) => e.id === hoveredId);
  return { parentId: parent.id, index: placement === 'after' ? index + 1 : index };
}
