import { readSearchPage } from './keptSearchPage.js';
import type { PageStrategy } from './pageStrategy.js';

/**
 * A quick search sorted by name read by walking the ordered search index (decision 0031): its SQL
 * reads the index's matches in name order until the page is full, and fewer first rows are kept.
 */
export const walkedSearchPage: PageStrategy = {
  name: 'walkedSearch',
  appliesTo: (plan) =>
    plan.search && plan.walk && plan.groups.length === 0
      ? 'a quick search sorted by name only: the ordered search index is walked in name order'
      : undefined,
  readPage: (read) => readSearchPage(read, true),
  empty: { ids: [] },
};
