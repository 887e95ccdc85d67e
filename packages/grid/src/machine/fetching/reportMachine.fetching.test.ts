import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { deferred, flush, reportAnswer, startReport } from '../reportMachineHarness.js';
import type { ReportActorInputs } from '../reportMachineTypes.js';
import { canUseGrid, countText, isFetchingRows } from '../reportSelectors.js';

type Query = ReportActorInputs['fetchReportResults']['query'];

describe('report machine: initialising and fetching', () => {
  it('reads the tenant settings, then the report info, then the first page', async () => {
    const report = startReport();
    await report.settled();
    const { context } = report.snapshot();
    expect(context.tenantSettings.currencySymbol).toBe('€');
    expect(context.quickMenu?.actions.map((a) => a.state)).toEqual(['viewForm', 'editForm', 'delete']);
    expect(context.reportEntity?.typeName).toBe('Deal');
    expect(context.isOfTypeRelationshipId).toBe(77);
    expect(context.personDerivedTypeIds).toEqual([8, 9]);
    expect(report.queries()).toEqual([{ startIndex: 0, pageSize: 201, metadata: 'full', usage: 'Default' }]);
    expect(context.rows).toHaveLength(200);
    expect(context.hasMore).toBe(true);
    expect(context.lastRefreshTime).toBe('2026-11-22T03:00:00.000Z');
    expect(canUseGrid(report.snapshot())).toBe(true);
    expect(countText(report.snapshot())).toBe('200 of many');
  });

  it('goes on to ready with the default settings when tenant settings fail', async () => {
    const report = startReport({
      stubs: { fetchTenantSettings: async () => Promise.reject(new Error('down')) },
    });
    await report.settled();
    expect(report.snapshot().context.tenantSettings.currencySymbol).toBe('$');
    expect(report.snapshot().context.rows).toHaveLength(200);
  });

  it('ignores failures of the report info and still fetches the results', async () => {
    const fail = async () => Promise.reject(new Error('nope'));
    const report = startReport({
      stubs: {
        fetchQuickMenuActions: fail,
        fetchReportEntity: fail,
        fetchIsOfTypeRelationshipId: fail,
        fetchPersonDerivedTypes: fail,
      },
    });
    await report.settled();
    expect(report.snapshot().context.quickMenu).toBeUndefined();
    expect(report.snapshot().context.rows).toHaveLength(200);
  });

  it('asks for the report info in parallel', async () => {
    const entity = deferred<{ typeName: string }>();
    const report = startReport({ stubs: { fetchReportEntity: () => entity.promise } });
    await flush();
    expect(report.snapshot().matches('fetchingReportInfo')).toBe(true);
    expect(report.calls.fetchQuickMenuActions).toHaveLength(1);
    expect(report.calls.fetchPersonDerivedTypes).toHaveLength(1);
    expect(report.calls.fetchReportResults).toHaveLength(0);
    entity.resolve({ typeName: 'Deal' });
    await report.settled();
    expect(report.calls.fetchReportResults).toHaveLength(1);
  });

  it('stores and shows the error text when the report fetch fails', async () => {
    const report = startReport({
      stubs: { fetchReportResults: async () => Promise.reject(new Error('Unknown column in sort.')) },
    });
    await report.settled();
    expect(report.snapshot().context.errorText).toBe('Unknown column in sort.');
    expect(canUseGrid(report.snapshot())).toBe(false);
  });

  it('knows the total on the last page and counts start-end of total', async () => {
    const report = startReport({ recordCount: 450 });
    await report.settled();
    report.actor.send({ type: 'NEXT_PAGE' });
    await report.settled();
    report.actor.send({ type: 'NEXT_PAGE' });
    await report.settled();
    expect(report.snapshot().context).toMatchObject({
      page: 3,
      recordsCount: 450,
      hasMore: false,
      availablePagesCount: 3,
    });
    expect(countText(report.snapshot())).toBe('401-450 of 450');
  });

  it('shows the placeholders in build mode and reads no rows', async () => {
    const report = startReport({ input: { usage: 'build' } });
    await report.settled();
    expect(report.queries()[0]?.pageSize).toBe(1);
    expect(report.snapshot().context.rows).toEqual([]);
    expect(countText(report.snapshot())).toBe('1-200 of many');
    expect(canUseGrid(report.snapshot())).toBe(true);
  });
});

describe('report machine: paging', () => {
  it('goes to the next, previous, first and a given page, kept between 1 and the available count', async () => {
    const report = startReport({ recordCount: 1000 });
    await report.settled();
    report.actor.send({ type: 'NEXT_PAGE' });
    await report.settled();
    expect(report.snapshot().context.page).toBe(2);
    expect(report.queries().at(-1)).toMatchObject({ startIndex: 200, pageSize: 201, metadata: 'none' });
    report.actor.send({ type: 'GOTO_PAGE', page: 99 });
    await report.settled();
    // Only page 3 is known to exist after page 2.
    expect(report.snapshot().context.page).toBe(3);
    report.actor.send({ type: 'PREVIOUS_PAGE' });
    await report.settled();
    expect(report.snapshot().context.page).toBe(2);
    report.actor.send({ type: 'FIRST_PAGE' });
    await report.settled();
    expect(report.snapshot().context.page).toBe(1);
    expect(report.snapshot().context.rows[0]?.eid).toBe(1);
  });

  it('ignores Next while fetching', async () => {
    const answer = deferred<ReturnType<typeof reportAnswer>>();
    let calls = 0;
    const report = startReport({
      stubs: {
        fetchReportResults: async ({ query }) => (++calls === 2 ? answer.promise : reportAnswer(query, 1000)),
      },
    });
    await report.settled();
    report.actor.send({ type: 'NEXT_PAGE' });
    await flush();
    expect(isFetchingRows(report.snapshot())).toBe(true);
    expect(canUseGrid(report.snapshot())).toBe(false);
    report.actor.send({ type: 'NEXT_PAGE' });
    answer.resolve(
      reportAnswer({ startIndex: 200, pageSize: 201, metadata: 'none', usage: 'Default' }, 1000),
    );
    await report.settled();
    expect(report.snapshot().context.page).toBe(2);
    expect(report.calls.fetchReportResults).toHaveLength(2);
  });

  it('refresh goes back to page 1', async () => {
    const report = startReport({ recordCount: 1000 });
    await report.settled();
    report.actor.send({ type: 'NEXT_PAGE' });
    await report.settled();
    report.actor.send({ type: 'REFRESH' });
    await report.settled();
    expect(report.snapshot().context.page).toBe(1);
    expect(report.queries().at(-1)).toMatchObject({ startIndex: 0, metadata: 'full' });
  });

  it('reads page 1 again when a refresh is asked while a page is read, and drops the earlier answer', async () => {
    // A refresh follows a change (an upload, a replaced file): the page being read may predate it.
    const stale = deferred<ReturnType<typeof reportAnswer>>();
    let calls = 0;
    const report = startReport({
      stubs: {
        fetchReportResults: async ({ query }) => (++calls === 2 ? stale.promise : reportAnswer(query, 1000)),
      },
    });
    await report.settled();
    report.actor.send({ type: 'NEXT_PAGE' });
    await flush();
    expect(isFetchingRows(report.snapshot())).toBe(true);
    report.actor.send({ type: 'REFRESH' });
    await report.settled();
    stale.resolve(reportAnswer({ startIndex: 200, pageSize: 201, metadata: 'none', usage: 'Default' }, 1000));
    await flush();
    expect(report.calls.fetchReportResults).toHaveLength(3);
    expect(report.queries().at(-1)).toMatchObject({ startIndex: 0, metadata: 'full' });
    expect(report.snapshot().context.page).toBe(1);
    expect(report.snapshot().context.rows[0]?.eid).toBe(1);
  });

  it('appends the next page on live scroll while more exist', async () => {
    const report = startReport({ recordCount: 450 });
    await report.settled();
    report.actor.send({ type: 'LOAD_NEXT_PAGE' });
    // The loaded rows stay usable while the next page is appended.
    expect(isFetchingRows(report.snapshot())).toBe(true);
    expect(canUseGrid(report.snapshot())).toBe(true);
    await report.settled();
    expect(report.snapshot().context.rows).toHaveLength(400);
    expect(report.snapshot().context.totalItemsLoaded).toBe(400);
    report.actor.send({ type: 'LOAD_NEXT_PAGE' });
    await report.settled();
    expect(report.snapshot().context.rows).toHaveLength(450);
    expect(report.snapshot().context.hasMore).toBe(false);
    report.actor.send({ type: 'LOAD_NEXT_PAGE' });
    await report.settled();
    expect(report.calls.fetchReportResults).toHaveLength(3);
    expect(countText(report.snapshot())).toBe('1-450 of 450');
  });

  it('reads on for a group the report sent no header for: one page, ten when the same group asks again', async () => {
    const report = startReport({ recordCount: 5000 });
    await report.settled();
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'Won' });
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({ startIndex: 200, pageSize: 201 });
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'Won' });
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({ startIndex: 400, pageSize: 2001 });
    report.actor.send({ type: 'LOAD_MORE_IN_GROUP', groupKey: 'Lost' });
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({ startIndex: 2400, pageSize: 201 });
    expect(report.snapshot().context.rows).toHaveLength(2600);
  });
});

describe('report machine: quick search, sort and filters', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches 500 ms after the last keystroke, from page 1 with the selection cleared', async () => {
    const report = startReport({ recordCount: 1000 });
    await report.settled();
    report.actor.send({ type: 'NEXT_PAGE' });
    await report.settled();
    report.actor.send({ type: 'SELECT_ROWS', ids: [201] });
    await report.settled();
    report.actor.send({ type: 'SEARCH', value: 'ac' });
    await vi.advanceTimersByTimeAsync(300);
    report.actor.send({ type: 'SEARCH', value: 'acme' });
    await vi.advanceTimersByTimeAsync(499);
    expect(report.calls.fetchReportResults).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({ startIndex: 0, quickSearch: 'acme' });
    expect(report.snapshot().context.page).toBe(1);
    expect(report.snapshot().context.selectedIds).toEqual([]);
  });

  it('still searches when a row is selected while the search waits', async () => {
    const report = startReport();
    await report.settled();
    report.actor.send({ type: 'SEARCH', value: 'acme' });
    await vi.advanceTimersByTimeAsync(200);
    report.actor.send({ type: 'SELECT_ROWS', ids: [3] });
    await waitFor(report.actor, (s) => s.matches({ ready: 'searchDebouncing' }));
    expect(report.snapshot().context.selectedIds).toEqual([3]);
    await vi.advanceTimersByTimeAsync(500);
    await report.settled();
    expect(report.queries().map((q) => q.quickSearch)).toEqual([undefined, 'acme']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(report.calls.fetchReportResults).toHaveLength(2);
  });

  it('keeps the selection of a picker when searching', async () => {
    const report = startReport({ input: { usage: 'picker', selectedIds: [5] } });
    await report.settled();
    report.actor.send({ type: 'SEARCH', value: 'x' });
    await vi.advanceTimersByTimeAsync(500);
    await report.settled();
    expect(report.snapshot().context.selectedIds).toEqual([5]);
  });

  it('returns to ready on a quick search during a fetch and discards the stale answer', async () => {
    const stale = deferred<ReturnType<typeof reportAnswer>>();
    const report = startReport({
      recordCount: 1000,
      stubs: {
        fetchReportResults: async ({ query }: { query: Query }) =>
          query.startIndex === 200 ? stale.promise : reportAnswer(query, query.quickSearch ? 3 : 1000),
      },
    });
    await report.settled();
    report.actor.send({ type: 'NEXT_PAGE' });
    await flush();
    report.actor.send({ type: 'SEARCH', value: 'acme' });
    expect(report.snapshot().matches({ ready: 'searchDebouncing' })).toBe(true);
    stale.resolve(reportAnswer({ startIndex: 200, pageSize: 201, metadata: 'none', usage: 'Default' }, 1000));
    await vi.advanceTimersByTimeAsync(500);
    await report.settled();
    expect(report.snapshot().context.rows.map((r) => r.eid)).toEqual([1, 2, 3]);
    expect(report.snapshot().context.page).toBe(1);
  });

  it('runs a search typed while the report info is read with the first page', async () => {
    const entity = deferred<{ typeName: string }>();
    const report = startReport({ stubs: { fetchReportEntity: () => entity.promise } });
    await flush();
    report.actor.send({ type: 'SEARCH', value: 'acme' });
    entity.resolve({ typeName: 'Deal' });
    await report.settled();
    await vi.advanceTimersByTimeAsync(500);
    await report.settled();
    expect(report.queries().map((q) => q.quickSearch)).toEqual(['acme']);
  });

  it('runs a search typed during a save once the machine is ready again', async () => {
    const save = deferred<{ entityId: number; validationResults: [] }[]>();
    const report = startReport({
      stubs: {
        fetchPageAndEntityType: async () => ({ fields: {} }),
        saveModifiedEntities: () => save.promise,
      },
    });
    await report.settled();
    report.actor.send({ type: 'NEXT_PAGE' });
    await report.settled();
    report.actor.send({ type: 'EDIT_INLINE' });
    await report.settled();
    report.actor.send({ type: 'EDIT_CELL', eid: 201, cell: { colid: 'name', fid: 100, value: 'x' } });
    report.actor.send({ type: 'SAVE' });
    await flush();
    report.actor.send({ type: 'SEARCH', value: 'acme' });
    save.resolve([{ entityId: 201, validationResults: [] }]);
    await waitFor(report.actor, (s) => s.matches({ ready: 'searchDebouncing' }));
    await vi.advanceTimersByTimeAsync(500);
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({ startIndex: 0, quickSearch: 'acme' });
  });

  it('applies a sort from the Sort popup and fetches from page 1', async () => {
    const report = startReport({ recordCount: 1000 });
    await report.settled();
    report.actor.send({ type: 'NEXT_PAGE' });
    await report.settled();
    report.actor.send({ type: 'APPLY_SORT', sort: [{ colid: 'name', order: 'Descending' }] });
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({
      startIndex: 0,
      sort: [{ colid: 'name', order: 'Descending' }],
    });
    expect(report.snapshot().context.page).toBe(1);
  });

  it('applies filters with a result limit and fetches from page 1', async () => {
    const report = startReport({ recordCount: 1000 });
    await report.settled();
    report.actor.send({
      type: 'APPLY_FILTERS',
      conds: [{ expid: 'stage', oper: 'AnyOf', type: 'ChoiceRelationship', valueList: [3] }],
      limitValue: 0,
    });
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({
      startIndex: 0,
      conds: [{ expid: 'stage', oper: 'AnyOf', type: 'ChoiceRelationship', valueList: [3] }],
      limitOperator: 'ResultLimit',
      limitValue: 1,
    });
  });
});

describe('report machine: bad input', () => {
  it('shows an error instead of crashing on an answer that is not a report answer', async () => {
    const report = startReport({ stubs: { fetchReportResults: async () => null as never } });
    await report.settled();
    expect(report.snapshot().context.errorText).toBe('The report data could not be read.');
    expect(report.snapshot().status).toBe('active');
  });

  it('drops rows that are not rows, and ignores a quick menu without actions', async () => {
    const report = startReport({
      stubs: {
        fetchReportResults: async ({ query }) => {
          const answer = reportAnswer(query, 3);
          return { ...answer, gdata: [...answer.gdata, { eid: 'x' }, null] as never };
        },
        fetchQuickMenuActions: async () => ({ actions: 'none' }) as never,
        fetchTenantSettings: async () => 'settings' as never,
      },
    });
    await report.settled();
    expect(report.snapshot().context.rows.map((r) => r.eid)).toEqual([1, 2, 3]);
    expect(report.snapshot().context.quickMenu).toBeUndefined();
    expect(report.snapshot().context.tenantSettings.currencySymbol).toBe('$');
  });

  it('takes junk events without crashing', async () => {
    const report = startReport();
    await report.settled();
    report.actor.send({ type: 'SELECT_ROWS', ids: 'all' as never });
    await report.settled();
    report.actor.send({ type: 'GOTO_PAGE', page: Number.NaN });
    await report.settled();
    report.actor.send({ type: 'RUN_ACTION', action: undefined as never });
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: undefined as never });
    report.actor.send({ type: 'UNKNOWN' } as never);
    expect(report.snapshot().status).toBe('active');
    expect(report.snapshot().context).toMatchObject({ page: 1, selectedIds: [] });
  });
});
