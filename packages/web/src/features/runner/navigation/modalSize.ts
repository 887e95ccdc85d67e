import type { LayoutElement, PageVersionContent } from '@plinth/schema';

/** The layout elements under a page's root grid: its containers, grids and components. */
function countElements(element: LayoutElement): number {
  return element.elements.reduce((count, child) => count + 1 + countElements(child), 0);
}

/**
 * The size of a page opened in a modal (spec 01 §4 'Form modal'): small when the page has 4 or
 * fewer container or layout components, medium otherwise.
 */
export function modalSizeOf(content: PageVersionContent): 'small' | 'medium' {
  return countElements(content.configuration.root) <= 4 ? 'small' : 'medium';
}
