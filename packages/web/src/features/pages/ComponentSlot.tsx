import { notConfiguredText, type PageComponent, readComponentProperties } from '@plinth/schema';
import { Component, type ReactNode, Suspense } from 'react';
import { componentRenderer } from './componentRegistry';
import type { PageRuntime } from './pageRuntime';

export interface ComponentSlotProps {
  component: PageComponent | undefined;
  elementId: string;
  isReadOnly: boolean;
  runtime: PageRuntime;
}

/** The placeholder of a component that cannot render yet (spec 01 §2: '{Label} not configured'). */
export function ComponentPlaceholder({ text }: { text: string }) {
  return (
    <div className="pl-page-placeholder" role="note">
      {text}
    </div>
  );
}

/**
 * One component of a page: its type's renderer with its parsed properties, or the type's
 * placeholder while it is not configured. A renderer that fails shows a short error in its own
 * place; the rest of the page goes on working.
 */
export function ComponentSlot({ component, elementId, isReadOnly, runtime }: ComponentSlotProps) {
  if (!component) return <ComponentPlaceholder text="Component not found" />;
  const read = readComponentProperties(component.typeAlias, component.properties);
  const renderer = componentRenderer(component.typeAlias);
  if (!read || !renderer) return <ComponentPlaceholder text="This component is not available" />;
  if (!read.configured) return <ComponentPlaceholder text={notConfiguredText(read.type)} />;
  const Render = renderer.render;
  return (
    <SlotErrorBoundary key={elementId}>
      <Suspense
        fallback={<div className="pl-page-loading" role="status" aria-busy="true" aria-label="Loading" />}
      >
        <Render
          component={component}
          properties={read.properties as never}
          isReadOnly={isReadOnly}
          runtime={runtime}
        />
      </Suspense>
    </SlotErrorBoundary>
  );
}

class SlotErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('A page component failed', error);
  }
  override render() {
    if (this.state.failed) return <ComponentPlaceholder text="This component could not be shown" />;
    return this.props.children;
  }
}
