import type { QuickMenu, ReportRunResponse } from '@plinth/schema';
import { describe, expect, it, vi } from 'vitest';
import type { ReportEntityInfo } from './reportApi';
import {
  firstReportQuery,
  type PrefetchApi,
  prefetchReport,
  reportIdOfRoute,
  takePrefetchedPersonTypes,
  takePrefetchedQuickMenu,
  takePrefetchedReport,
  takePrefetchedReportEntity,
} from './reportPrefetch';

const answer = { gdata: [], lrt: '2026-11-22T03:00:00.000Z' } as unknown as ReportRunResponse;
const entity: ReportEntityInfo = { typeAlias: 'crm:opportunity', inheritedTypeAliases: [] };
const menu = { actions: [] } as unknown as QuickMenu;

function api(): PrefetchApi & { [K in keyof PrefetchApi]: ReturnType<typeof vi.fn> } {
  return {
    runReport: vi.fn(async () => answer),
    fetchReportEntity: vi.fn(async () => entity),
    fetchPersonDerivedTypeIds: vi.fn(async () => [8, 9]),
    fetchQuickMenuActions: vi.fn(async () => menu),
  };
}

describe('the prefetched first calls of a report', () => {
  it('asks the first query, the report info and the quick menu at once, and hands each over once', async () => {
    const server = api();
    prefetchReport(server, 7, { now: 1000 });
    expect(server.runReport).toHaveBeenCalledWith(7, firstReportQuery());
    expect(server.fetchReportEntity).toHaveBeenCalledWith(7);
    expect(server.fetchQuickMenuActions).toHaveBeenCalledWith({ reportId: 7, selectedIds: [] });
    expect(firstReportQuery()).toMatchObject({ startIndex: 0, pageSize: 201, metadata: 'full' });

    await expect(takePrefetchedReportEntity(7, 1100)).resolves.toBe(entity);
    await expect(takePrefetchedPersonTypes(1100)).resolves.toEqual([8, 9]);
    await expect(takePrefetchedQuickMenu(7, [], 1100)).resolves.toBe(menu);
    await expect(takePrefetchedReport(7, firstReportQuery(), 1500)).resolves.toBe(answer);

    expect(takePrefetchedReport(7, firstReportQuery(), 1600)).toBeUndefined();
    expect(takePrefetchedReportEntity(7, 1600)).toBeUndefined();
    expect(takePrefetchedQuickMenu(7, [], 1600)).toBeUndefined();
  });

  it('is not used for another report, another query, a selection or after it grew old', () => {
    prefetchReport(api(), 7, { now: 0 });
    expect(takePrefetchedReport(8, firstReportQuery(), 10)).toBeUndefined();
    prefetchReport(api(), 7, { now: 0 });
    expect(takePrefetchedReport(7, { ...firstReportQuery(), quickSearch: 'a' }, 10)).toBeUndefined();
    expect(takePrefetchedQuickMenu(7, [101], 10)).toBeUndefined();
    prefetchReport(api(), 7, { now: 0 });
    expect(takePrefetchedReport(7, firstReportQuery(), 60_000)).toBeUndefined();
    expect(takePrefetchedPersonTypes(60_000)).toBeUndefined();
  });

  it("asks for the first page with the user's kept view applied, as the report's machine will", async () => {
    const server = api();
    const view = {
      sort: [{ colid: 'amount', order: 'Descending' as const }],
      searchValue: 'al',
      limitValue: 5,
    };
    prefetchReport(server, 7, { now: 0, view });
    const query = firstReportQuery(view);
    expect(query).toEqual({
      startIndex: 0,
      pageSize: 201,
      metadata: 'full',
      quickSearch: 'al',
      sort: [{ colid: 'amount', order: 'Descending' }],
      limitOperator: 'ResultLimit',
      limitValue: 5,
      usage: 'Default',
    });
    expect(server.runReport).toHaveBeenCalledWith(7, query);
    expect(takePrefetchedReport(7, firstReportQuery(), 10)).toBeUndefined();
    await expect(takePrefetchedReport(7, query, 10)).resolves.toBe(answer);
  });

  it('leaves a failure for the caller that takes it', async () => {
    const server = api();
    server.runReport.mockImplementation(async () => Promise.reject(new Error('down')));
    prefetchReport(server, 'crm:deals', { now: 0 });
    await expect(takePrefetchedReport('crm:deals', firstReportQuery(), 1)).rejects.toThrow('down');
  });

  it('reads a route id as a number when it is one, else as an alias', () => {
    expect(reportIdOfRoute('42')).toBe(42);
    expect(reportIdOfRoute('crm:opportunities')).toBe('crm:opportunities');
  });
});
