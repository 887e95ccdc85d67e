import { describe, expect, it } from 'vitest';
import { reportAnswer, startReport } from '../reportMachineHarness.js';

const view = {
  sort: [{ colid: 'name', order: 'Descending' as const }],
  conds: [{ expid: 'stage', oper: 'Equal' as const, type: 'String' as const, value: 'Won' }],
  limitValue: 50,
  searchValue: 'deal 1',
};

describe('report machine: a kept view (issue 12, decision 0035)', () => {
  it('starts from the view kept for the user: the first query carries its sort, filters and search', async () => {
    const report = startReport({ input: { view } });
    await report.settled();
    expect(report.queries()).toHaveLength(1);
    expect(report.queries()[0]).toMatchObject({
      startIndex: 0,
      metadata: 'full',
      quickSearch: 'deal 1',
      sort: [{ colid: 'name', order: 'Descending' }],
      conds: view.conds,
      limitOperator: 'ResultLimit',
      limitValue: 50,
    });
    expect(report.snapshot().context).toMatchObject({ ...view });
    expect(report.snapshot().context.errorText).toBeUndefined();
  });

  it('loads the report with its defaults when it refuses the kept view (a column since removed)', async () => {
    const report = startReport({
      input: { view },
      stubs: {
        fetchReportResults: async ({ query }) => {
          if (query.conds) throw new Error("Unknown condition 'stage'.");
          return reportAnswer(query, 10);
        },
      },
    });
    await report.settled();
    expect(report.queries()).toHaveLength(2);
    expect(report.queries()[1]).toEqual({ startIndex: 0, pageSize: 201, metadata: 'full', usage: 'Default' });
    expect(report.snapshot().context).toMatchObject({
      sort: undefined,
      conds: [],
      limitValue: undefined,
      searchValue: '',
      errorText: undefined,
    });
    expect(report.snapshot().context.rows).toHaveLength(10);
  });

  it('shows the error when the report fails with its defaults too', async () => {
    const report = startReport({
      input: { view },
      stubs: {
        fetchReportResults: async () => {
          throw new Error('Report not found.');
        },
      },
    });
    await report.settled();
    expect(report.queries()).toHaveLength(2);
    expect(report.snapshot().context.errorText).toBe('Report not found.');
  });

  it('does not start again when a report without a kept view fails', async () => {
    const report = startReport({
      stubs: {
        fetchReportResults: async () => {
          throw new Error('Report not found.');
        },
      },
    });
    await report.settled();
    expect(report.queries()).toHaveLength(1);
  });
});
