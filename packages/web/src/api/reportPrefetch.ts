import { buildReportQuery, defaultPageSize } from '@plinth/grid';
import type { IdOrAlias, ReportQuery, ReportRunResponse } from '@plinth/schema';
import type { ReportApi } from './reportApi';

/**
 * The first page of a report opened by its address, asked for while the app still starts: beside
 * the session check and the report's code, instead of after them and the report info. The report
 * machine still makes every call of spec 02 §4 in its order; its first results fetch takes this
 * answer when it asks the very same query soon after, and asks the server itself otherwise.
 */
interface Prefetched {
  key: string;
  answer: Promise<ReportRunResponse>;
  askedAt: number;
}

/** An answer older than this is not used: the machine asks again. */
const maxAgeMs = 15_000;
let prefetched: Prefetched | undefined;

/** A report route's id: a number when it is one, else a saved report's alias. */
export function reportIdOfRoute(routeId: string): IdOrAlias {
  return /^\d+$/.test(routeId) ? Number(routeId) : routeId;
}

/** The query a report's machine sends first when it runs with its defaults (page 1, full metadata). */
export function firstReportQuery(): ReportQuery {
  return buildReportQuery({
    startIndex: 0,
    pageSize: defaultPageSize,
    searchValue: '',
    conds: [],
    metadata: 'full',
  });
}

const keyOf = (reportId: IdOrAlias, query: ReportQuery) => `${reportId}\n${JSON.stringify(query)}`;

/** Asks for a report's first page now; a failure is left for the machine's own fetch to meet. */
export function prefetchReport(
  api: Pick<ReportApi, 'runReport'>,
  reportId: IdOrAlias,
  now = Date.now(),
): void {
  const query = firstReportQuery();
  const answer = api.runReport(reportId, query);
  answer.catch(() => undefined);
  prefetched = { key: keyOf(reportId, query), answer, askedAt: now };
}

/**
 * The prefetched answer to this very query, once: a later fetch (refresh, another report, a query
 * that differs in anything) asks the server.
 */
export function takePrefetchedReport(
  reportId: IdOrAlias,
  query: ReportQuery,
  now = Date.now(),
): Promise<ReportRunResponse> | undefined {
  const found = prefetched;
  prefetched = undefined;
  if (!found || found.key !== keyOf(reportId, query) || now - found.askedAt > maxAgeMs) return undefined;
  return found.answer;
}
