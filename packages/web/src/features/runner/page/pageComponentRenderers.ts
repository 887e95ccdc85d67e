import { registerBoundComponentRenderers } from '../../forms/public';
import { registerListPageRenderers } from '../../pages/public';

/**
 * Registers the renderers of every component a runner page may hold, once: the list-page ones of
 * pages and the data-bound ones of forms. The runner shows both kinds of page, so it puts them
 * together; pages imports no feature whose components it renders (decision 0137). The builder's
 * toolbox calls it too: it offers what a runner page renders.
 */
export function registerPageComponentRenderers(): void {
  registerListPageRenderers();
  registerBoundComponentRenderers();
}
