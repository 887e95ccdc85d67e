import { fullSpan } from './layoutOptions.js';
import type { PageComponentInput } from './pageComponents.js';
import { pageComponent } from './pageComponents.js';
import type { PageVersionContent } from './pageDefinition.js';
import { defaultPageTitleBar } from './pageDefinition.js';
import { defaultPageConfiguration, type ElementStyles, type LayoutElement } from './pageLayout.js';

/** A component placed in the root grid, with its span at lg (md and sm take the whole row). */
export interface PlacedComponent {
  component: PageComponentInput;
  /** 1–6 columns of the lg grid, or Full (the default). */
  span?: number;
}

/**
 * The content of a page whose components sit in its root grid in order: what a new page (the
 * Welcome page) and seeded pages start from; the builder then edits it.
 */
export function newPageContent(
  placed: readonly PlacedComponent[] = [],
  options: { contextEntityTypeId?: number | null } = {},
): PageVersionContent {
  const configuration = defaultPageConfiguration();
  const components = placed.map((p) => pageComponent.parse(p.component));
  configuration.root.elements = placed.map((p, i): LayoutElement => {
    const styles: ElementStyles =
      p.span !== undefined && p.span !== fullSpan ? { lg: { columnSpan: p.span as never } } : {};
    return { id: components[i]!.id, type: 'component', isContainer: false, elements: [], styles };
  });
  return {
    components,
    configuration,
    contextEntityTypeId: options.contextEntityTypeId ?? null,
    testResourceId: null,
    titleBar: defaultPageTitleBar(),
    variables: [],
  };
}
