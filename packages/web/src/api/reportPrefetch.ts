import { firstReportQueryOf, type ReportViewQuery } from '@plinth/grid';
import type { EntityId, IdOrAlias, QuickMenu, ReportQuery, ReportRunResponse } from '@plinth/schema';
import type { ReportApi, ReportEntityInfo } from './reportApi';

/**
 * The calls a report opened by its address makes first, asked for while the app still starts:
 * beside the session check and the report's code, instead of after them. The report machine still
 * makes every call of spec 02 §4 in its order (report info in parallel, then the results); each of
 * its first calls takes the answer asked for here when it is the very same call made soon after,
 * and asks the server itself otherwise. Each answer is taken at most once.
 */
export type PrefetchApi = Pick<
  ReportApi,
  'runReport' | 'fetchReportEntity' | 'fetchPersonDerivedTypeIds' | 'fetchQuickMenuActions'
>;

interface Prefetched {
  reportId: IdOrAlias;
  askedAt: number;
  calls: Map<string, Promise<unknown>>;
}

/** An answer older than this is not used: the machine asks again. */
const maxAgeMs = 15_000;
/** By report: a page may hold several reports, each prefetched beside its page (decision 0090). */
const prefetched = new Map<string, Prefetched>();

/** A report route's id: a number when it is one, else a saved report's alias. */
export function reportIdOfRoute(routeId: string): IdOrAlias {
  return /^\d+$/.test(routeId) ? Number(routeId) : routeId;
}

/**
 * The query a report's machine run in the runner sends first (page 1, full metadata): with the
 * report's defaults, or with the view kept for the user applied (decision 0035).
 */
export function firstReportQuery(view?: ReportViewQuery): ReportQuery {
  return firstReportQueryOf({ reportId: 0, usage: 'run', ...(view ? { view } : {}) });
}

const resultsKey = (query: ReportQuery) => `results ${JSON.stringify(query)}`;

/**
 * Asks for a report's first calls now; a failure is handed over like an answer (not asked again).
 * `view`: the view kept for the user, which the machine's first fetch applies — so the page asked
 * for here is the one it asks for.
 */
export function prefetchReport(
  api: PrefetchApi,
  reportId: IdOrAlias,
  options: { now?: number; view?: ReportViewQuery | undefined } = {},
): void {
  const first = firstReportQuery(options.view);
  const calls = new Map<string, Promise<unknown>>([
    [resultsKey(first), api.runReport(reportId, first)],
    ['entity', api.fetchReportEntity(reportId)],
    ['personTypes', api.fetchPersonDerivedTypeIds()],
    ['quickMenu', api.fetchQuickMenuActions({ reportId, selectedIds: [] })],
  ]);
  for (const answer of calls.values()) answer.catch(() => undefined);
  prefetched.set(String(reportId), { reportId, askedAt: options.now ?? Date.now(), calls });
}

/** `reportId` undefined: a call that does not depend on the report, taken from any report's. */
function take<T>(reportId: IdOrAlias | undefined, key: string, now: number): Promise<T> | undefined {
  for (const [id, found] of prefetched)
    if (now - found.askedAt > maxAgeMs || found.calls.size === 0) prefetched.delete(id);
  const found =
    reportId === undefined
      ? [...prefetched.values()].find((p) => p.calls.has(key))
      : prefetched.get(String(reportId));
  const answer = found?.calls.get(key);
  found?.calls.delete(key);
  return answer as Promise<T> | undefined;
}

/**
 * The prefetched answer to this very query of this report, once: a later fetch (refresh, another
 * report, a query that differs in anything) asks the server. The other calls likewise.
 */
export function takePrefetchedReport(
  reportId: IdOrAlias,
  query: ReportQuery,
  now = Date.now(),
): Promise<ReportRunResponse> | undefined {
  return take(reportId, resultsKey(query), now);
}

export function takePrefetchedReportEntity(reportId: IdOrAlias, now = Date.now()) {
  return take<ReportEntityInfo>(reportId, 'entity', now);
}

/** The types derived from core:person: the same for every report. */
export function takePrefetchedPersonTypes(now = Date.now()) {
  return take<EntityId[]>(undefined, 'personTypes', now);
}

/** The quick menu with nothing selected, which is what the report asks first. */
export function takePrefetchedQuickMenu(
  reportId: IdOrAlias,
  selectedIds: readonly unknown[],
  now = Date.now(),
) {
  return selectedIds.length === 0 ? take<QuickMenu>(reportId, 'quickMenu', now) : undefined;
}
