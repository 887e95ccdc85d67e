/**
 * Breadcrumbs of the app runner (spec 01 §4, §7, §9; decision 0071).
 *
 * - `withTrail(targetUrl, { url: currentUrl, name: currentPageName })`: the URL to navigate to,
 *   carrying the trail that leads to it (the `breadcrumbs` query parameter). Call it for every
 *   in-app navigation that appends breadcrumbs; pass `undefined` as the page to start a new trail
 *   (e.g. from the menu).
 * - `<BreadcrumbBar currentName={pageName} />` above the page: shows the trail of the current URL
 *   and records the visit of the current page (name sealed by the server, kept in IndexedDB
 *   `rn-app-runner` / `breadcrumbs`). Renders nothing without a trail.
 * - `useRecordVisit({ name })`: records a visit where no bar is shown (e.g. a page in a modal,
 *   with its own `url`).
 */
export {
  BreadcrumbBar,
  type BreadcrumbBarProps,
  BreadcrumbList,
  type BreadcrumbListProps,
} from './BreadcrumbBar';
export type { Breadcrumb } from './breadcrumbTrail';
export {
  breadcrumbIdOf,
  storedUrl,
  type TrailPage,
  trailOf,
  trailParam,
  withTrail,
} from './trailUrl';
export { useBreadcrumbTrail, useRecordVisit } from './useBreadcrumbs';
