import type { LayoutElement, PageComponent } from '@plinth/schema';
import { useEffect, useMemo, useRef } from 'react';
import { useSession } from '../auth/public';
import { ComponentSlot } from './ComponentSlot';
import { preloadRenderers } from './componentRegistry';
import { FlowLayout } from './FlowLayout';
import './pageComponents.css';
import { registerListPageRenderers } from './listPageRenderers';
import { createPageBus } from './pageBus';
import type { PageRendererProps } from './pageRendererTypes';
import type { PageRuntime } from './pageRuntime';
import { usePageBehaviour } from './usePageBehaviour';
import { usePageDataSources } from './usePageDataSources';
import { usePageLogic } from './usePageLogic';

registerListPageRenderers();

/**
 * A page version in the flow layout with its components (spec 01 §1–§4): behaviour rules decide
 * what shows and what is read-only, the page bus carries the page logic's messages, and a dirty
 * page is reported to the host.
 */
export function PageRenderer({
  content,
  context,
  onNavigate,
  onDirtyChange,
  bus: hostBus,
}: PageRendererProps) {
  const { client } = useSession();
  const ownBus = useRef(createPageBus());
  const bus = hostBus ?? ownBus.current;
  usePageLogic(bus, context.formMode, onDirtyChange);
  const behaviour = usePageBehaviour(client, content, context, bus);
  usePageDataSources(client, content, context, bus);
  // The page's heavy components start loading with the page, not each when it first renders.
  useMemo(() => preloadRenderers(content.components), [content.components]);
  const components = useMemo(() => new Map(content.components.map((c) => [c.id, c])), [content.components]);
  const navigate = useRef(onNavigate);
  navigate.current = onNavigate;
  const runtime = useMemo<PageRuntime>(
    () => ({
      context,
      bus,
      onNavigate: (action) => navigate.current(action),
      componentsById: components,
      variables: content.variables,
    }),
    [context, bus, components, content.variables],
  );
  useEffect(() => () => bus.send({ type: 'DISCARD_CHANGES' }), [bus]);
  const renderComponent = (element: LayoutElement, component: PageComponent | undefined) => (
    <ComponentSlot
      component={component}
      elementId={element.id}
      isReadOnly={behaviour.readOnly[element.id] === true}
      runtime={runtime}
    />
  );
  return (
    <div className="pl-page-frame" data-page-id={context.page.id}>
      <FlowLayout
        configuration={content.configuration}
        components={components}
        visible={behaviour.visible}
        renderComponent={renderComponent}
      />
    </div>
  );
}
