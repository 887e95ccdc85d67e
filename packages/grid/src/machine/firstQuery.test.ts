import { describe, expect, it } from 'vitest';
import { firstReportQueryOf } from './firstQuery.js';
import { startReport } from './reportMachineHarness.js';
import type { ReportMachineInput } from './reportMachineTypes.js';

describe('the first query of a report machine', () => {
  const inputs: ReportMachineInput[] = [
    { reportId: 501 },
    {
      reportId: 501,
      view: {
        sort: [{ colid: 'name', order: 'Descending' }],
        conds: [{ expid: 'f1', oper: 'Contains', type: 'String', value: 'a' }],
        limitValue: 20,
        searchValue: 'deal',
      },
    },
    { reportId: 501, view: { searchValue: '  ' } },
  ];
  it.each(inputs)('is the query its first fetch sends (%j)', async (input) => {
    const report = startReport({ input });
    await report.settled();
    const first = report.calls.fetchReportResults[0] as { query: unknown };
    expect(first.query).toEqual(firstReportQueryOf(input));
  });
});
