import {
  applyFilters,
  createFilterState,
  createSortState,
  type FilterState,
  filterQueryOf,
  type ReportMeta,
  updateStoredFilter,
} from '@plinth/grid';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearKeptView,
  isDefaultView,
  keptFiltersOf,
  keptViewForPrefetch,
  keptViewKey,
  parseKeptView,
  readKeptView,
  rememberReportViewer,
  withKeptView,
  writeKeptView,
} from './reportViewStore';

const meta = {
  title: 'Deals',
  rootTypeId: 1,
  rcols: {
    name: { title: 'Name', type: 'String', ord: 0, hide: false },
    amount: { title: 'Amount', type: 'Currency', ord: 1, hide: false },
  },
  sort: [{ colid: 'name', order: 'Ascending' }],
  anlcols: {
    fName: { colid: 'name', title: 'Name', type: 'String', hidden: false },
    fAmount: { colid: 'amount', title: 'Amount', type: 'Currency', hidden: false },
  },
} as unknown as ReportMeta;

const fresh = () => ({ sortState: createSortState(meta), filterState: createFilterState(meta) });

describe('the kept report view (decision 0035)', () => {
  beforeEach(() => localStorage.clear());

  it('is kept per tenant, user and report', () => {
    expect(keptViewKey(1, 2, 'crm:deals')).toBe('plinth.reportView.1.2.crm:deals');
    const key = keptViewKey(1, 2, 7);
    writeKeptView(key, { sort: [{ colid: 'amount', order: 'Descending' }], searchValue: 'acme' });
    expect(readKeptView(key)).toEqual({
      sort: [{ colid: 'amount', order: 'Descending' }],
      searchValue: 'acme',
    });
    expect(readKeptView(keptViewKey(1, 3, 7))).toBeUndefined();
    clearKeptView(key);
    expect(readKeptView(key)).toBeUndefined();
  });

  it('forgets a view that is the report own', () => {
    const key = keptViewKey(1, 2, 7);
    writeKeptView(key, { widths: { name: 200 } });
    expect(localStorage.getItem(key)).not.toBeNull();
    expect(isDefaultView({ conds: [], widths: {} })).toBe(true);
    writeKeptView(key, { conds: [], widths: {} });
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('reads anything stored badly as no view, or without its bad parts', () => {
    expect(parseKeptView('{not json')).toBeUndefined();
    expect(parseKeptView('{"version":2,"searchValue":"x"}')).toBeUndefined();
    expect(
      parseKeptView(
        JSON.stringify({
          version: 1,
          sort: [
            { colid: 'a', order: 'Sideways' },
            { colid: 'b', order: 'Descending' },
          ],
          widths: { a: -5, b: 'wide', c: 140 },
          limitValue: 0,
          conds: ['x', { expid: 'fName' }],
        }),
      ),
    ).toEqual({
      sort: [{ colid: 'b', order: 'Descending' }],
      widths: { c: 140 },
      limitValue: 1,
      conds: [{ expid: 'fName' }],
    });
  });

  it('lays a kept sort and filters over the report metadata; the query they make is the kept one', () => {
    const filterState: FilterState = applyFilters(
      updateStoredFilter(createFilterState(meta), 'fName', { kind: 'value', value: 'Acme' }),
    );
    const kept = {
      sort: [{ colid: 'amount', order: 'Descending' as const }],
      filters: keptFiltersOf(filterState),
      conds: filterQueryOf(filterState.applied).conds,
      limitValue: 25,
    };
    const restored = withKeptView(fresh(), JSON.parse(JSON.stringify(kept)));
    expect(restored.sortState.applied.map((s) => [s.id, s.direction])).toEqual([['amount', 'Descending']]);
    expect(restored.filterState.applied.find((f) => f.filterId === 'fName')?.value).toBe('Acme');
    expect(filterQueryOf(restored.filterState.applied)).toEqual({
      conds: kept.conds,
      limitOperator: 'ResultLimit',
      limitValue: 25,
    });
  });

  it('drops kept filters the report no longer has, or of another type', () => {
    const restored = withKeptView(fresh(), {
      filters: [
        { ...keptFiltersOf(createFilterState(meta))[0]!, filterId: 'gone', value: 'x' },
        { ...keptFiltersOf(createFilterState(meta))[1]!, columnType: 'Date', value: '2026-01-01' },
      ],
    });
    expect(restored.filterState.applied).toEqual(createFilterState(meta).applied);
  });
});

describe('the kept view a prefetch asks with', () => {
  beforeEach(() => localStorage.clear());

  it("is the signed-in user's, else the one remembered as the last to use reports here", () => {
    writeKeptView(keptViewKey(1, 2, 'crm:deals'), { searchValue: 'two' });
    writeKeptView(keptViewKey(1, 3, 'crm:deals'), { searchValue: 'three' });
    expect(keptViewForPrefetch('crm:deals')).toBeUndefined();
    rememberReportViewer(1, 3);
    expect(keptViewForPrefetch('crm:deals')).toEqual({ searchValue: 'three' });
    expect(keptViewForPrefetch('crm:deals', { tenantId: 1, userId: 2 })).toEqual({ searchValue: 'two' });
    expect(keptViewForPrefetch('crm:other')).toBeUndefined();
  });

  it('reads a remembered user that is not one as none', () => {
    writeKeptView(keptViewKey(1, 2, 7), { searchValue: 'two' });
    localStorage.setItem('plinth.reportViewer', '1.2.7');
    expect(keptViewForPrefetch(7)).toBeUndefined();
  });
});
