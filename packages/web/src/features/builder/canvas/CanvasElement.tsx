import {
  type Breakpoint,
  breakpoints,
  type DragSource,
  type LayoutElement,
  type PageComponent,
  type PageConfiguration,
  styleAt,
} from '@plinth/schema';
import { memo, type ReactNode, useMemo } from 'react';
import {
  flowElementLook,
  gridColumnsFor,
  type ParentInfo,
  readComponentLayoutStyle,
} from '../../pages/public';
import { type ParentFlow, parentFlowOf } from '../dropPlacement';
import { ComponentCard } from './ComponentCard';
import { useCanvas } from './canvasContext';
import { useStorePart } from './canvasStore';
import { useDropPlacement } from './dropIndicator';

/** What a drag carries: what the layout's drop rules take (a new element or one of the page's), and its name. */
export type DragData = DragSource & { label: string };

export interface CanvasElementProps {
  element: LayoutElement;
  /** Its parent as the flow layout sees it; null for the page's root. */
  parent: ParentInfo | null;
  /** The direction its parent lays it out in: side by side in a grid or row, else stacked. */
  flow: ParentFlow;
  breakpoint: Breakpoint;
  /** The root's page configuration (its gap and margins); absent below it. */
  page?: PageConfiguration;
  /** A container's: the page's components, for the components inside it. */
  components?: ReadonlyMap<string, PageComponent>;
  /** A component element's page component. */
  component?: PageComponent;
}

/** How a grid or container lays out its children, the same object while the element is the same. */
function parentInfoOf(element: LayoutElement, isRoot: boolean): ParentInfo {
  const columns = Object.fromEntries(
    breakpoints.map((bp) => [bp, gridColumnsFor(element, bp, isRoot)]),
  ) as Record<Breakpoint, number>;
  return { kind: element.type === 'grid' ? 'grid' : 'container', columns };
}

/**
 * One element of the page in the builder, drawn with the flow layout's own classes and variables
 * (so it sits where the runner will put it), selectable by click or Enter, and a place a drag
 * shows where it would land. Memoised: its props stay the same objects while its part of the page
 * is unchanged (the page's edits share what they do not change), and its selection, drop
 * indicator and dragged state come from stores, so a drag or a drop re-renders only the elements
 * it changes. Dragging starts from BuilderCanvas's one draggable (useCanvasDrag), found by the
 * `data-element-id` and `data-draggable` attributes here; drops are found by `data-drop-flow`.
 */
export const CanvasElement = memo(function CanvasElement({
  element,
  parent,
  flow,
  breakpoint,
  page,
  components,
  component,
}: CanvasElementProps) {
  const canvas = useCanvas();
  const isRoot = parent === null;
  const isContainer = element.type !== 'component';
  const look = useMemo(() => {
    if (isContainer) return flowElementLook(element, parent, { page });
    const layout = readComponentLayoutStyle(
      component?.style,
      (bp) => styleAt(element.styles, bp).componentWidth,
    );
    return flowElementLook(element, parent, layout);
  }, [element, parent, page, component, isContainer]);
  const asParent = useMemo(() => parentInfoOf(element, isRoot), [element, isRoot]);
  const childFlow = useMemo(() => parentFlowOf(element, breakpoint), [element, breakpoint]);
  const isSelected = useStorePart(canvas.selection, (id) => id === element.id);
  const isDragged = useStorePart(canvas.dragged, (id) => id === element.id);
  const placement = useDropPlacement(canvas.indicator, element.id);
  const label = canvas.labelOf(element.id);

  const classes = [look.className, 'pl-builder-element', `pl-builder-element--${element.type}`];
  if (isSelected) classes.push('is-selected');
  if (placement) classes.push(`is-drop-${placement}`, `is-drop-${flow}`);
  if (isDragged) classes.push('is-dragging');
  const select = (event: { stopPropagation(): void }) => {
    event.stopPropagation();
    canvas.select(element.id);
  };
  let inner: ReactNode;
  if (!isContainer) inner = <ComponentCard component={component} />;
  else
    inner = (
      <>
        {!isRoot && (
          <span className="pl-builder-element__tag" aria-hidden="true">
            {label}
          </span>
        )}
        {element.elements.map((child) => (
          <CanvasElement
            key={child.id}
            element={child}
            parent={asParent}
            flow={childFlow}
            breakpoint={breakpoint}
            {...(child.type === 'component' ? { component: components?.get(child.id) } : { components })}
          />
        ))}
        {element.elements.length === 0 && <p className="pl-builder-element__empty">Drop components here</p>}
      </>
    );
  const where = {
    className: classes.join(' '),
    style: look.style,
    'data-element-id': element.id,
    'data-drop-flow': flow,
    'data-container': isContainer ? '' : undefined,
  };
  if (isRoot)
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the page's background returns to page settings; by keyboard, the panel's Close does.
      <section {...where} aria-label="Page" onClick={select}>
        {inner}
      </section>
    );
  return (
    // biome-ignore lint/a11y/useSemanticElements: it holds other elements' frames, which a button may not.
    <div
      {...where}
      data-draggable=""
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={isSelected}
      aria-disabled={false}
      aria-roledescription="draggable"
      aria-describedby={canvas.describedBy}
      onClick={select}
      onKeyDown={(event) => {
        // Enter selects; Space picks the element up (the canvas's drag listener, which it bubbles to).
        if (event.key === 'Enter' && event.target === event.currentTarget) select(event);
      }}
    >
      {inner}
    </div>
  );
});
