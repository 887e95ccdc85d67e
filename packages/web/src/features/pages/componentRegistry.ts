import { componentType, type PageComponent, type ComponentType as SchemaComponentType } from '@plinth/schema';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { PageRuntime } from './pageRuntime';

/** What every page component renderer is given. */
export interface PageComponentProps<P = unknown> {
  component: PageComponent;
  /** Its properties parsed by its type (defaults filled). */
  properties: P;
  /** Its read-only state from its behaviour expression, or its container's. */
  isReadOnly: boolean;
  runtime: PageRuntime;
}

type AnyRenderer =
  | ComponentType<PageComponentProps<never>>
  | LazyExoticComponent<ComponentType<PageComponentProps<never>>>;

export interface ComponentRenderer {
  /** The registered type's alias (componentTypes.ts in @plinth/schema). */
  alias: string;
  render: AnyRenderer;
  /** Loaded on first use (React.lazy): shows a loading frame meanwhile. */
  isLazy: boolean;
  /** Asks for a lazy renderer's code before it is first rendered. */
  preload?: () => Promise<unknown>;
}

const renderers = new Map<string, ComponentRenderer>();

/** Registers renderers, each alias once and only for a type the schema registers. */
export function registerComponentRenderers(list: readonly ComponentRenderer[]): void {
  for (const renderer of list) {
    if (!componentType(renderer.alias)) throw new Error(`No component type ${renderer.alias} is registered.`);
    if (renderers.has(renderer.alias))
      throw new Error(`A renderer for ${renderer.alias} is registered twice.`);
    renderers.set(renderer.alias, renderer);
  }
}

export function componentRenderer(alias: string): ComponentRenderer | undefined {
  return renderers.get(alias);
}

/** Asks for the code of the lazy renderers these components need, all at once. */
export function preloadRenderers(components: ReadonlyArray<{ typeAlias: string }>): void {
  for (const alias of new Set(components.map((c) => c.typeAlias)))
    renderers
      .get(alias)
      ?.preload?.()
      .catch(() => {
        // A chunk that fails to load fails again where it renders, inside its error boundary.
      });
}

/** The component types the builder's toolbox offers: those that render and are not hidden, by order. */
export function renderableComponentTypes(): SchemaComponentType[] {
  return [...renderers.keys()]
    .map((alias) => componentType(alias))
    .filter((t) => t !== undefined && !t.isHiddenFromToolbox)
    .sort(
      (a, b) => (a!.order ?? Number.MAX_SAFE_INTEGER) - (b!.order ?? Number.MAX_SAFE_INTEGER),
    ) as SchemaComponentType[];
}
