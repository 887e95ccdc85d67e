import { boundComponentAlias, boundComponentTypes } from '@plinth/schema';
import { preloadable } from '../../../app/preloadable';
import { type ComponentRenderer, componentRenderer, registerComponentRenderers } from '../../pages/public';

const boundModule = preloadable(() => import('./BoundComponentView'));

/**
 * The renderers of the 15 data-bound component types: one view over the entity adapter, loaded
 * with the first form page (list pages never load it).
 */
export const boundComponentRenderers: ComponentRenderer[] = boundComponentTypes.map((type) => ({
  alias: type.alias,
  render: boundModule.page((m) => m.BoundComponentView),
  isLazy: true,
  preload: boundModule.preload,
}));

/** Registers them with the page's component registry once per module load (it refuses a second registration). */
export function registerBoundComponentRenderers(): void {
  if (componentRenderer(boundComponentAlias('text'))) return;
  registerComponentRenderers(boundComponentRenderers);
}
