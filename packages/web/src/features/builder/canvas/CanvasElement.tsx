import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { DragSource } from '@plinth/schema';
import type { FlowElementProps } from '../../pages/public';
import type { ParentFlow } from '../dropPlacement';
import { type DropIndicatorStore, useDropPlacement } from './dropIndicator';

/** What a drag carries: what the layout's drop rules take (a new element or one of the page's), and its name. */
export type DragData = DragSource & { label: string };

/** What a drop target knows of itself. */
export interface DropData {
  elementId: string;
  isContainer: boolean;
  /** The direction its parent lays it out in: side by side in a grid or row, else stacked. */
  flow: ParentFlow;
}

export interface CanvasElementProps extends FlowElementProps {
  label: string;
  flow: ParentFlow;
  isSelected: boolean;
  indicator: DropIndicatorStore;
  onSelect(id: string): void;
}

/**
 * One element of the page in the builder: drawn with the flow layout's own classes and variables
 * (so it sits where the runner will put it), selectable by click, draggable (not the root), and a
 * drop target showing where a drag would land.
 */
export function CanvasElement({
  element,
  look,
  isRoot,
  children,
  label,
  flow,
  isSelected,
  indicator,
  onSelect,
}: CanvasElementProps) {
  const isContainer = element.type !== 'component';
  const drop = useDroppable({
    id: `drop:${element.id}`,
    data: { elementId: element.id, isContainer, flow } satisfies DropData,
  });
  const drag = useDraggable({
    id: `element:${element.id}`,
    data: { kind: 'existing', id: element.id, label } satisfies DragData,
    disabled: isRoot,
  });
  const placement = useDropPlacement(indicator, element.id);
  const classes = [look.className, 'pl-builder-element', `pl-builder-element--${element.type}`];
  if (isSelected) classes.push('is-selected');
  if (placement) classes.push(`is-drop-${placement}`, `is-drop-${flow}`);
  if (drag.isDragging) classes.push('is-dragging');
  const select = (event: { stopPropagation(): void }) => {
    event.stopPropagation();
    onSelect(element.id);
  };
  const ref = (node: HTMLElement | null) => {
    drop.setNodeRef(node);
    if (!isRoot) drag.setNodeRef(node);
  };
  const inner = (
    <>
      {!isRoot && isContainer && (
        <span className="pl-builder-element__tag" aria-hidden="true">
          {label}
        </span>
      )}
      {children}
      {isContainer && element.elements.length === 0 && (
        <p className="pl-builder-element__empty">Drop components here</p>
      )}
    </>
  );
  if (isRoot)
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the page's background returns to page settings; by keyboard, the panel's Close does.
      <section
        ref={ref}
        className={classes.join(' ')}
        style={look.style}
        data-element-id={element.id}
        aria-label="Page"
        onClick={select}
      >
        {inner}
      </section>
    );
  return (
    // biome-ignore lint/a11y/useSemanticElements: it holds other elements' frames, which a button may not.
    <div
      ref={ref}
      className={classes.join(' ')}
      style={look.style}
      data-element-id={element.id}
      {...drag.attributes}
      {...drag.listeners}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={isSelected}
      onClick={select}
      onKeyDown={(event) => {
        // Enter selects; Space (dnd-kit's listener) picks the element up.
        if (event.key === 'Enter' && event.target === event.currentTarget) select(event);
        else drag.listeners?.onKeyDown?.(event);
      }}
    >
      {inner}
    </div>
  );
}
