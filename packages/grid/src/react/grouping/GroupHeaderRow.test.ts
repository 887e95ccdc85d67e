import { describe, expect, it } from 'vitest';
import { defaultCellTextSettings } from '../../columns/cellText.js';
import type { ReportColumnMeta } from '../../types.js';
import type { GridGroup } from './displayRows.js';
import { groupLabel } from './GroupHeaderRow.js';

const group = (hdrs: GridGroup['hdrs']): GridGroup => ({
  key: 'k',
  index: 0,
  hdrs,
  aggs: {},
  count: 1,
  loaded: 0,
  hasMore: true,
});

describe('groupLabel', () => {
  it('shows an auto-number header through the text the server formats, and blanks as (blank)', () => {
    const columns = [
      { type: 'AutoNumber', title: 'Ref' },
      { type: 'String', title: 'Region' },
    ] as ReportColumnMeta[];
    expect(
      groupLabel(group([{ val: 1001, text: 'TCK-1001' }, { val: null }]), columns, defaultCellTextSettings),
    ).toBe('TCK-1001 / (blank)');
  });
});
