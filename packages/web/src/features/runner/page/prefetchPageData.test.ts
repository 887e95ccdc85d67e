import { newPageContent } from '@plinth/schema';
import { describe, expect, it, vi } from 'vitest';
import { firstReportQuery, takePrefetchedReport } from '../../../api/reportPrefetch';
import { takePrefetchedAggregate } from '../../pages/pageAggregates';
import { prefetchPageData } from './prefetchPageData';

describe('the reports of a page asked for with its content', () => {
  it('asks each report’s first page at once, except one a filter on the page drives', async () => {
    const call = vi.fn(async (_method: string, _path: string) => ({}));
    const content = newPageContent([
      { component: { id: 'r1', typeAlias: 'core:reportComponent', properties: { reportId: 11 } } },
      { component: { id: 'r2', typeAlias: 'core:reportComponent', properties: { reportId: 12 } } },
      { component: { id: 'r3', typeAlias: 'core:reportComponent', properties: { reportId: 13 } } },
      { component: { id: 'none', typeAlias: 'core:reportComponent', properties: {} } },
      {
        component: {
          id: 'f',
          typeAlias: 'core:filterComponent',
          properties: { targetComponentIds: ['r3'] },
        },
      },
    ]);
    prefetchPageData({ call: call as never }, content, undefined);
    const asked = call.mock.calls.map((c) => c[1]);
    expect(asked).toContain('/spapi/data/v1/report/11');
    expect(asked).toContain('/spapi/data/v1/report/12');
    expect(asked.filter((p) => p.startsWith('/spapi/data/v1/report/'))).toHaveLength(2);
    expect(takePrefetchedReport(11, firstReportQuery())).toBeDefined();
    expect(takePrefetchedReport(12, firstReportQuery())).toBeDefined();
    expect(takePrefetchedReport(13, firstReportQuery())).toBeUndefined();
  });

  it('asks each chart’s and counter’s aggregate at once, except one a filter on the page drives', () => {
    const call = vi.fn(async (_method: string, _path: string, ..._rest: unknown[]) => ({}));
    const content = newPageContent([
      {
        component: {
          id: 'c',
          typeAlias: 'core:chartComponent',
          properties: { reportId: 21, chartType: 'bar', categoryColumnId: 'stage', aggregate: 'Count' },
        },
      },
      {
        component: {
          id: 'h',
          typeAlias: 'core:heroCounterComponent',
          properties: { reportId: 22, aggregate: 'Sum', valueColumnId: 'amount' },
        },
      },
      {
        component: {
          id: 'd',
          typeAlias: 'core:chartComponent',
          properties: { reportId: 23, aggregate: 'Count' },
        },
      },
      { component: { id: 'none', typeAlias: 'core:heroCounterComponent', properties: {} } },
      {
        component: { id: 'f', typeAlias: 'core:filterComponent', properties: { targetComponentIds: ['d'] } },
      },
    ]);
    prefetchPageData({ call: call as never }, content, undefined);
    const asked = call.mock.calls.filter((c) => c[1].endsWith('/aggregate')).map((c) => [c[1], c[3]]);
    expect(asked).toEqual([
      ['/spapi/data/v1/report/21/aggregate', { aggregate: 'Count', groupColumnId: 'stage' }],
      ['/spapi/data/v1/report/22/aggregate', { aggregate: 'Sum', valueColumnId: 'amount' }],
    ]);
    const chart = { reportId: 21, request: { aggregate: 'Count' as const, groupColumnId: 'stage' } };
    expect(takePrefetchedAggregate(chart)).toBeDefined();
    expect(takePrefetchedAggregate(chart)).toBeUndefined();
    expect(
      takePrefetchedAggregate(
        { reportId: 22, request: { aggregate: 'Sum', valueColumnId: 'amount' } },
        Date.now() + 20_000,
      ),
    ).toBeUndefined();
  });

  it('asks nothing for a page without reports', () => {
    const call = vi.fn();
    prefetchPageData(
      { call },
      newPageContent([
        { component: { id: 'h', typeAlias: 'core:headingComponent', properties: { text: 'Hi' } } },
      ]),
      undefined,
    );
    expect(call).not.toHaveBeenCalled();
  });
});
