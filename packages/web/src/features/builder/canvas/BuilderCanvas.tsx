import {
  type Breakpoint,
  componentType,
  type LayoutElement,
  type PageComponent,
  type PageVersionContent,
  readComponentProperties,
} from '@plinth/schema';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FlowLayout } from '../../pages/public';
import { type ParentFlow, parentFlowOf } from '../dropPlacement';
import './canvas.css';
import { CanvasElement } from './CanvasElement';
import type { DropIndicatorStore } from './dropIndicator';

export interface BuilderCanvasProps {
  content: PageVersionContent;
  breakpoint: Breakpoint;
  selectedId: string | null;
  indicator: DropIndicatorStore;
  onSelect(id: string | null): void;
  labelOf(elementId: string): string;
}

/** The canvas widths the builder shows a page at: wide enough for each breakpoint's layout. */
export const canvasWidths: Record<Breakpoint, number> = { lg: 1200, md: 800, sm: 390 };

/**
 * The zoom that fits a frame of `width` CSS pixels into the space the canvas has: the page lays out
 * at the breakpoint's own width (its container queries see that width) and is drawn smaller when
 * the screen is narrower, so the whole desktop layout is in view.
 */
function useFitZoom(width: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState<number | null>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? null));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const value = available && available < width ? Math.max(0.4, available / width) : 1;
  return { ref, value };
}

/** How each element's parent lays it out, for where a drop beside it lands. */
function flowsOf(root: LayoutElement, bp: Breakpoint): Map<string, ParentFlow> {
  const flows = new Map<string, ParentFlow>([[root.id, 'grid']]);
  const walk = (parent: LayoutElement) => {
    const flow = parentFlowOf(parent, bp);
    for (const child of parent.elements) {
      flows.set(child.id, flow);
      walk(child);
    }
  };
  walk(root);
  return flows;
}

/** The words a component shows that tell it apart on the canvas: its title, text or label. */
function summaryOf(properties: Record<string, unknown>): string | null {
  for (const key of ['title', 'text', 'label'] as const) {
    const value = properties[key];
    if (typeof value === 'string' && value.trim().length > 0) return value;
  }
  return null;
}

/** A component as the builder draws it: its name and type, and whether it still needs setting up. */
function ComponentCard({ component }: { component: PageComponent | undefined }) {
  if (!component) return <div className="pl-builder-card pl-builder-card--missing">Component not found</div>;
  const type = componentType(component.typeAlias);
  const read = readComponentProperties(component.typeAlias, component.properties);
  const summary = summaryOf(component.properties);
  return (
    <div className="pl-builder-card">
      <span className="pl-builder-card__name">{component.name || component.id}</span>
      <span className="pl-builder-card__type">{type?.label ?? 'Unknown component type'}</span>
      {summary && <span className="pl-builder-card__summary">{summary}</span>}
      {read && !read.configured && <span className="pl-builder-card__note">Not configured</span>}
    </div>
  );
}

/**
 * The page being built (issue 20 items 2–3): its layout drawn with the runner's flow layout at the
 * chosen breakpoint's width, each element selectable and a place to drop on; components shown as
 * cards (what they show at run time needs their data, which the preview has).
 */
export function BuilderCanvas({
  content,
  breakpoint,
  selectedId,
  indicator,
  onSelect,
  labelOf,
}: BuilderCanvasProps) {
  const components = useMemo(() => new Map(content.components.map((c) => [c.id, c])), [content.components]);
  const flows = useMemo(() => flowsOf(content.configuration.root, breakpoint), [content, breakpoint]);
  const zoom = useFitZoom(canvasWidths[breakpoint]);
  return (
    <div className="pl-builder-canvas__scroll" ref={zoom.ref}>
      <div
        className="pl-builder-canvas__frame"
        style={{ width: canvasWidths[breakpoint], zoom: zoom.value }}
        data-breakpoint={breakpoint}
      >
        <FlowLayout
          configuration={content.configuration}
          components={components}
          visible={{}}
          renderComponent={(_, component) => <ComponentCard component={component} />}
          renderElement={(props) => (
            <CanvasElement
              {...props}
              label={labelOf(props.element.id)}
              flow={flows.get(props.element.id) ?? 'grid'}
              isSelected={props.element.id === selectedId}
              indicator={indicator}
              onSelect={onSelect}
            />
          )}
        />
      </div>
    </div>
  );
}
