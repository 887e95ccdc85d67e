import { defaultCellTextSettings } from '@plinth/grid';
import type { ReportAggregateResponse } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { chartData } from './chartData';

const answer = (groupType: string, labels: Array<string | null>): ReportAggregateResponse => ({
  title: 'Deals',
  aggregate: 'Sum',
  groupColumn: { title: 'Group', type: groupType as never },
  valueColumn: { title: 'Amount', type: 'Currency', places: 2 },
  groups: labels.map((label, i) => ({ label, recordId: null, value: 1_234_567 * (i + 1), count: 1 })),
  hasMoreGroups: false,
  total: { value: 0, count: 0 },
});

describe('chartData', () => {
  it('labels groups as the report’s cells show their values, blanks as (blank)', () => {
    const dates = chartData(answer('Date', ['2025-10-07', null]), defaultCellTextSettings);
    expect(dates.map((d) => d.label)).toEqual(['07/10/2025', '(blank)']);
    const names = chartData(answer('String', ['North']), defaultCellTextSettings);
    expect(names[0]!.label).toBe('North');
  });

  it('writes each value in full and short, with the currency symbol for amounts', () => {
    const [first] = chartData(answer('String', ['North']), defaultCellTextSettings);
    expect(first).toMatchObject({ value: 1_234_567, text: '$1,234,567.00', shortText: '$1.2M' });
  });
});
