import { preloadable } from '../../app/preloadable';
import { type ComponentRenderer, componentRenderer, registerComponentRenderers } from './componentRegistry';
import { HeadingComponent } from './components/HeadingComponent';
import { HeroCounterComponent } from './components/HeroCounterComponent';
import { ImageComponent } from './components/ImageComponent';
import { TextComponent } from './components/TextComponent';
import { WorkflowButtonComponent } from './components/WorkflowButtonComponent';

const reportModule = preloadable(() => import('./components/ReportComponent'));
const chartModule = preloadable(() => import('./components/ChartComponent'));
const filterModule = preloadable(() => import('./components/FilterComponent'));

/**
 * The list-page components' renderers, each once by its type's alias. The report, chart and filter
 * load on first use, keeping the runner's first load small; a page asks for them as soon as it
 * knows it has one, and once loaded they render at once, not through Suspense's reveal delay.
 */
export const listPageRenderers: ComponentRenderer[] = [
  {
    alias: 'core:reportComponent',
    render: reportModule.page((m) => m.ReportComponent),
    isLazy: true,
    preload: reportModule.preload,
  },
  {
    alias: 'core:chartComponent',
    render: chartModule.page((m) => m.ChartComponent),
    isLazy: true,
    preload: chartModule.preload,
  },
  {
    alias: 'core:filterComponent',
    render: filterModule.page((m) => m.FilterComponent),
    isLazy: true,
    preload: filterModule.preload,
  },
  { alias: 'core:heroCounterComponent', render: HeroCounterComponent, isLazy: false },
  { alias: 'core:headingComponent', render: HeadingComponent, isLazy: false },
  { alias: 'core:textComponent', render: TextComponent, isLazy: false },
  { alias: 'core:imageComponent', render: ImageComponent, isLazy: false },
  { alias: 'core:runWorkflowPageButton', render: WorkflowButtonComponent, isLazy: false },
  { alias: 'core:launchProcessPageButton', render: WorkflowButtonComponent, isLazy: false },
];

/**
 * Registers them once per module load (the registry refuses a second registration). The renderers
 * of other features' components (a form page's bound ones) are registered by the feature that
 * shows those pages, not here: pages imports no feature whose components it renders (decision 0137).
 */
export function registerListPageRenderers(): void {
  if (componentRenderer('core:headingComponent')) return;
  registerComponentRenderers(listPageRenderers);
}
