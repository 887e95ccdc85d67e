import { type LayoutElement, readComponentProperties } from '@plinth/schema';
import { useEffect, useMemo } from 'react';
import { createPageBus } from './pageBus';
import type { PageRendererProps } from './pageRendererTypes';

/** Renders a page version in the flow layout with its components. */
export function PageRenderer({ content, context, onDirtyChange, bus: hostBus }: PageRendererProps) {
  const bus = useMemo(() => hostBus ?? createPageBus(), [hostBus]);
  useEffect(() => {
    if (!onDirtyChange) return;
    let dirty = bus.isDirty();
    return bus.subscribe(() => {
      if (bus.isDirty() !== dirty) {
        dirty = bus.isDirty();
        onDirtyChange(dirty);
      }
    });
  }, [bus, onDirtyChange]);
  const components = useMemo(() => new Map(content.components.map((c) => [c.id, c])), [content]);
  const renderElement = (element: LayoutElement) => {
    if (element.type !== 'component')
      return (
        <div key={element.id} className="pl-flow-container">
          {element.elements.map(renderElement)}
        </div>
      );
    const component = components.get(element.id);
    const read = component ? readComponentProperties(component.typeAlias, component.properties) : null;
    if (!read) return null;
    const props = read.properties as { text?: string; level?: number };
    if (component?.typeAlias === 'core:headingComponent' && props.text) {
      const Tag = `h${(props.level ?? 2) + 0}` as 'h2';
      return <Tag key={element.id}>{props.text}</Tag>;
    }
    return <p key={element.id}>{`${read.type.label} not configured`}</p>;
  };
  return (
    <div className="pl-page" data-page-id={context.page.id}>
      {content.configuration.root.elements.map(renderElement)}
    </div>
  );
}
