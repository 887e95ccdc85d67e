import { newPageContent } from '@plinth/schema';
import { describe, expect, it, vi } from 'vitest';
import { firstReportQuery, takePrefetchedReport } from '../../../api/reportPrefetch';
import { prefetchPageReports } from './prefetchPageReports';

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
    prefetchPageReports({ call: call as never }, content, undefined);
    const asked = call.mock.calls.map((c) => c[1]);
    expect(asked).toContain('/spapi/data/v1/report/11');
    expect(asked).toContain('/spapi/data/v1/report/12');
    expect(asked.filter((p) => p.startsWith('/spapi/data/v1/report/'))).toHaveLength(2);
    expect(takePrefetchedReport(11, firstReportQuery())).toBeDefined();
    expect(takePrefetchedReport(12, firstReportQuery())).toBeDefined();
    expect(takePrefetchedReport(13, firstReportQuery())).toBeUndefined();
  });

  it('asks nothing for a page without reports', () => {
    const call = vi.fn();
    prefetchPageReports(
      { call },
      newPageContent([
        { component: { id: 'h', typeAlias: 'core:headingComponent', properties: { text: 'Hi' } } },
      ]),
      undefined,
    );
    expect(call).not.toHaveBeenCalled();
  });
});
