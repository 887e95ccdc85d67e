import type { Breakpoint, ReportUsage } from '../types.js';

/** One slot of the pager: a page number, or an ellipsis standing for the pages between. */
export type PagerSlot = number | 'ellipsis';

/**
 * The pager's page window (spec 02 §9): the first page, the current page with its neighbours and
 * the last page, with an ellipsis for each gap of two or more pages (a gap of one shows the page).
 * Build mode shows a single page.
 */
export function pagerWindow(
  current: number,
  availablePagesCount: number,
  usage: ReportUsage = 'run',
): PagerSlot[] {
  const count = Number.isFinite(availablePagesCount) ? Math.max(1, Math.floor(availablePagesCount)) : 1;
  if (usage === 'build') return [1];
  const page = Number.isFinite(current) ? Math.min(count, Math.max(1, Math.floor(current))) : 1;
  const shown = new Set([1, page - 1, page, page + 1, count].filter((p) => p >= 1 && p <= count));
  const pages = [...shown].sort((a, b) => a - b);
  const slots: PagerSlot[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous === 2) slots.push(p - 1);
    else if (p - previous > 2) slots.push('ellipsis');
    slots.push(p);
    previous = p;
  }
  return slots;
}

/**
 * Whether the pager hides its page numbers (spec 02 §9): when the container is 413 px wide or less
 * at lg, 478 px or less at md, and always on small screens.
 */
export function arePageNumbersHidden(containerWidth: number, breakpoint: Breakpoint): boolean {
  switch (breakpoint) {
    case 'lg':
      return containerWidth <= 413;
    case 'md':
      return containerWidth <= 478;
    case 'sm':
      return true;
  }
}
