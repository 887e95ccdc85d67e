import type { ReportRunResponse } from '@plinth/schema';
import { describe, expect, it, vi } from 'vitest';
import { firstReportQuery, prefetchReport, reportIdOfRoute, takePrefetchedReport } from './reportPrefetch';

const answer = { gdata: [], lrt: '2026-11-22T03:00:00.000Z' } as unknown as ReportRunResponse;

describe('the prefetched first page of a report', () => {
  it('asks the first query at once and hands its answer to the same query, once', async () => {
    const runReport = vi.fn(async () => answer);
    prefetchReport({ runReport }, 7, 1000);
    expect(runReport).toHaveBeenCalledWith(7, firstReportQuery());
    expect(firstReportQuery()).toMatchObject({ startIndex: 0, pageSize: 201, metadata: 'full' });
    await expect(takePrefetchedReport(7, firstReportQuery(), 1500)).resolves.toBe(answer);
    expect(takePrefetchedReport(7, firstReportQuery(), 1600)).toBeUndefined();
  });

  it('is not used for another report, another query or after it grew old', () => {
    const runReport = vi.fn(async () => answer);
    prefetchReport({ runReport }, 7, 0);
    expect(takePrefetchedReport(8, firstReportQuery(), 10)).toBeUndefined();
    prefetchReport({ runReport }, 7, 0);
    expect(takePrefetchedReport(7, { ...firstReportQuery(), quickSearch: 'a' }, 10)).toBeUndefined();
    prefetchReport({ runReport }, 7, 0);
    expect(takePrefetchedReport(7, firstReportQuery(), 60_000)).toBeUndefined();
  });

  it('leaves a failure for the caller that takes it', async () => {
    prefetchReport({ runReport: async () => Promise.reject(new Error('down')) }, 'crm:deals', 0);
    await expect(takePrefetchedReport('crm:deals', firstReportQuery(), 1)).rejects.toThrow('down');
  });

  it('reads a route id as a number when it is one, else as an alias', () => {
    expect(reportIdOfRoute('42')).toBe(42);
    expect(reportIdOfRoute('crm:opportunities')).toBe('crm:opportunities');
  });
});
