import type {
  ChartComponentProperties,
  HeroCounterComponentProperties,
  PageVersionContent,
  ReportAggregateRequest,
  ReportAggregateResponse,
} from '@plinth/schema';
import { readComponentProperties } from '@plinth/schema';
import type { ApiClient } from '../../api/apiClient';
import { fetchReportAggregate } from './pageDataApi';

/** What a page component reads of a report's aggregate: the report and the request's body. */
export interface AggregateAsk {
  reportId: number;
  request: ReportAggregateRequest;
}

/** A chart's aggregate: its value per category, as its component reads it first. */
export function chartAggregateOf(p: ChartComponentProperties): AggregateAsk {
  return {
    reportId: p.reportId!,
    request: {
      aggregate: p.aggregate,
      ...(p.categoryColumnId ? { groupColumnId: p.categoryColumnId } : {}),
      ...(p.valueColumnId ? { valueColumnId: p.valueColumnId } : {}),
    },
  };
}

/** A hero counter's aggregate: one value over the report's records. */
export function counterAggregateOf(p: HeroCounterComponentProperties): AggregateAsk {
  return {
    reportId: p.reportId!,
    request: { aggregate: p.aggregate, ...(p.valueColumnId ? { valueColumnId: p.valueColumnId } : {}) },
  };
}

/** The aggregate a configured chart or hero counter asks for first; undefined for other components. */
function askOf(typeAlias: string, properties: unknown): AggregateAsk | undefined {
  const read = readComponentProperties(typeAlias, properties);
  if (!read?.configured) return undefined;
  if (typeAlias === 'core:chartComponent')
    return chartAggregateOf(read.properties as ChartComponentProperties);
  if (typeAlias === 'core:heroCounterComponent')
    return counterAggregateOf(read.properties as HeroCounterComponentProperties);
  return undefined;
}

interface Prefetched {
  askedAt: number;
  answer: Promise<ReportAggregateResponse>;
}

/** An answer older than this is not used: the component asks again. */
const maxAgeMs = 15_000;
const prefetched = new Map<string, Prefetched>();
const keyOf = (ask: AggregateAsk) => JSON.stringify([ask.reportId, ask.request]);

/**
 * Asks for the first aggregates of a page's charts and counters as soon as the page's content is
 * known, beside their components' code and mounting (decision 0090, as for its reports): each
 * component takes the answer to its very first read, once. Those a filter on the page drives
 * (`driven`, by component id) start with the filter's conditions and ask for themselves.
 */
export function prefetchPageAggregates(
  client: Pick<ApiClient, 'call'>,
  content: PageVersionContent,
  driven: ReadonlySet<string>,
  now = Date.now(),
): void {
  for (const c of content.components) {
    if (driven.has(c.id)) continue;
    const ask = askOf(c.typeAlias, c.properties);
    if (!ask) continue;
    const answer = fetchReportAggregate(client, ask.reportId, ask.request);
    answer.catch(() => undefined);
    prefetched.set(keyOf(ask), { askedAt: now, answer });
  }
}

/** The prefetched answer to this very aggregate, once; undefined when there is none to take. */
export function takePrefetchedAggregate(
  ask: AggregateAsk,
  now = Date.now(),
): Promise<ReportAggregateResponse> | undefined {
  for (const [key, found] of prefetched) if (now - found.askedAt > maxAgeMs) prefetched.delete(key);
  const key = keyOf(ask);
  const found = prefetched.get(key);
  prefetched.delete(key);
  return found?.answer;
}
