import type { ReportRunResponse } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { buildReportQuery, readReportPage } from './reportQuery.js';

const base = {
  startIndex: 0,
  pageSize: 200,
  searchValue: '',
  conds: [],
  metadata: 'full' as const,
};

function answer(rows: number, extra: Partial<ReportRunResponse> = {}): ReportRunResponse {
  return {
    gdata: Array.from({ length: rows }, (_, i) => ({ eid: i + 1, values: [{ val: `r${i + 1}` }] })),
    pageSize: 201,
    lrt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('buildReportQuery', () => {
  it('asks for one row more than the page', () => {
    expect(buildReportQuery(base)).toEqual({
      startIndex: 0,
      pageSize: 201,
      metadata: 'full',
      usage: 'Default',
    });
  });

  it('sends the search, sort, conditions, result limit and reset flag that are set', () => {
    const query = buildReportQuery({
      ...base,
      startIndex: 400,
      searchValue: '  acme ',
      sort: [{ colid: 'c1', order: 'Descending' }],
      conds: [{ expid: 'f1', oper: 'Contains', type: 'String', value: 'x' }],
      limitValue: 50,
      metadata: 'none',
      isReset: true,
    });
    expect(query).toEqual({
      startIndex: 400,
      pageSize: 201,
      metadata: 'none',
      quickSearch: 'acme',
      sort: [{ colid: 'c1', order: 'Descending' }],
      conds: [{ expid: 'f1', oper: 'Contains', type: 'String', value: 'x' }],
      isReset: true,
      limitOperator: 'ResultLimit',
      limitValue: 50,
      usage: 'Default',
    });
  });

  it('sends an empty sort when every sort was removed', () => {
    expect(buildReportQuery({ ...base, sort: [] }).sort).toEqual([]);
  });

  it("names the group whose rows to read, from the group's own start index", () => {
    const group = { values: [{ val: 'North' }, { vals: [{ eid: 7, val: 'Gold' }] }], startIndex: 12 };
    expect(buildReportQuery({ ...base, group })).toMatchObject({ startIndex: 0, pageSize: 201, group });
    expect(buildReportQuery(base)).not.toHaveProperty('group');
  });

  it('coerces a zero or negative result limit to 1', () => {
    expect(buildReportQuery({ ...base, limitValue: 0 }).limitValue).toBe(1);
    expect(buildReportQuery({ ...base, limitValue: -4 }).limitValue).toBe(1);
    expect(buildReportQuery({ ...base, limitValue: Number.NaN })).not.toHaveProperty('limitValue');
  });
});

describe('readReportPage', () => {
  it('drops the extra row and reports that more exist', () => {
    const page = readReportPage(answer(201), { startIndex: 0, pageSize: 201 });
    expect(page.rows).toHaveLength(200);
    expect(page.hasMore).toBe(true);
    expect(page.recordsCount).toBeUndefined();
  });

  it('knows the record count on the last page', () => {
    const page = readReportPage(answer(17), { startIndex: 400, pageSize: 201 });
    expect(page).toMatchObject({ hasMore: false, recordsCount: 417 });
    expect(page.rows).toHaveLength(17);
  });

  it('keeps the last row of a page the server cut to its most as the extra row', () => {
    // Ten pages of 200 and the extra row asked; the server answers at most 1,000 rows.
    const page = readReportPage(answer(1000, { pageSize: 1000 }), { startIndex: 0, pageSize: 2001 });
    expect(page.rows).toHaveLength(999);
    expect(page.hasMore).toBe(true);
    const last = readReportPage(answer(400, { pageSize: 1000 }), { startIndex: 0, pageSize: 2001 });
    expect(last).toMatchObject({ hasMore: false, recordsCount: 400 });
  });

  it('takes the grand total count when the answer has one', () => {
    const page = readReportPage(answer(201, { total: { aggs: {}, count: 5000 } }), {
      startIndex: 0,
      pageSize: 201,
    });
    expect(page.recordsCount).toBe(5000);
  });
});
