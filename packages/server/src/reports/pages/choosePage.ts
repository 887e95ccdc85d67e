import type { PlanFacts } from '../plan/planTypes.js';
import { groupsPage } from './groupsPage.js';
import { keptSearchPage } from './keptSearchPage.js';
import { keysetPage } from './keysetPage.js';
import { offsetPage } from './offsetPage.js';
import type { PageStrategy } from './pageStrategy.js';
import { walkedSearchPage } from './walkedSearchPage.js';

/** The page strategies, tried in this order: the first that applies reads the page. */
export const pageStrategies: readonly PageStrategy[] = [
  groupsPage,
  keysetPage,
  walkedSearchPage,
  keptSearchPage,
  offsetPage,
];

/** The strategy that reads a plan's page, and why. */
export interface PageChoice {
  strategy: PageStrategy;
  reason: string;
}

export function choosePage(plan: PlanFacts): PageChoice {
  for (const strategy of pageStrategies) {
    const reason = strategy.appliesTo(plan);
    if (reason) return { strategy, reason };
  }
  throw new Error('No page strategy applies.'); // offsetPage always does
}
