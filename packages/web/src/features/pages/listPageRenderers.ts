import { lazy } from 'react';
import { type ComponentRenderer, componentRenderer, registerComponentRenderers } from './componentRegistry';
import { HeadingComponent } from './components/HeadingComponent';
import { HeroCounterComponent } from './components/HeroCounterComponent';
import { ImageComponent } from './components/ImageComponent';
import { TextComponent } from './components/TextComponent';

/**
 * The list-page components' renderers, each once by its type's alias. The report, chart and filter
 * load on first use, keeping the runner's first load small.
 */
export const listPageRenderers: ComponentRenderer[] = [
  {
    alias: 'core:reportComponent',
    render: lazy(() => import('./components/ReportComponent').then((m) => ({ default: m.ReportComponent }))),
    isLazy: true,
  },
  {
    alias: 'core:chartComponent',
    render: lazy(() => import('./components/ChartComponent').then((m) => ({ default: m.ChartComponent }))),
    isLazy: true,
  },
  {
    alias: 'core:filterComponent',
    render: lazy(() => import('./components/FilterComponent').then((m) => ({ default: m.FilterComponent }))),
    isLazy: true,
  },
  { alias: 'core:heroCounterComponent', render: HeroCounterComponent, isLazy: false },
  { alias: 'core:headingComponent', render: HeadingComponent, isLazy: false },
  { alias: 'core:textComponent', render: TextComponent, isLazy: false },
  { alias: 'core:imageComponent', render: ImageComponent, isLazy: false },
];

/** Registers them once per module load (the registry refuses a second registration). */
export function registerListPageRenderers(): void {
  if (componentRenderer('core:headingComponent')) return;
  registerComponentRenderers(listPageRenderers);
}
