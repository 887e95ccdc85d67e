import type { NavigationAction, PageVariable } from '@plinth/schema';
import type { PageBus } from './pageBus';
import type { PageContext } from './pageRendererTypes';

/** What a page gives its components: where they run, the bus, and how to ask to navigate. */
export interface PageRuntime {
  context: PageContext;
  bus: PageBus;
  onNavigate(action: NavigationAction): void;
  /** The page's components by id (a filter finds the reports it drives). */
  componentsById: ReadonlyMap<string, { typeAlias: string; properties: Record<string, unknown> }>;
  /** The page's own variables, for expressions a component evaluates on the page (a button's inputs). */
  variables?: readonly PageVariable[];
}
