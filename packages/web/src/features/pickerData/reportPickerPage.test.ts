import type { ReportRunResponse } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { reportPickerPage } from './reportPickerPage';

describe('reportPickerPage', () => {
  it("shows an auto-number as the server's text for it (its display pattern), else the number", () => {
    const answer = {
      meta: {
        title: 'Opportunities',
        rootTypeId: 4,
        rcols: {
          name: { title: 'Name', type: 'String', ord: 0, hide: false, entityname: true },
          reference: { title: 'Reference', type: 'AutoNumber', ord: 1, hide: false },
        },
        sort: [],
        anlcols: {},
      },
      gdata: [
        { eid: 7, values: [{ val: 'Fit-out' }, { val: 1012, text: 'OPP-1012' }] },
        { eid: 8, values: [{ val: 'Audit' }, { val: 1013 }] },
      ],
    } as unknown as ReportRunResponse;
    const page = reportPickerPage(answer, { isPerson: false, isFullMetadata: false });
    expect(page.rows.map((r) => r.cells)).toEqual([
      ['Fit-out', 'OPP-1012'],
      ['Audit', '1013'],
    ]);
  });
});
