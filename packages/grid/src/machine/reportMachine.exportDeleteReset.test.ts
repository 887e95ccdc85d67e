import { describe, expect, it } from 'vitest';
import { deferred, startReport } from './reportMachineHarness.js';
import { countText, isPleaseWaitShown, openDialog } from './reportSelectors.js';

describe('report machine: exportingReportData', () => {
  it('downloads the exported file under the report title', async () => {
    const result = deferred<{ fileHash: string; format: 'csv' }>();
    const report = startReport({ stubs: { exportReportData: () => result.promise } });
    await report.settled();
    report.actor.send({ type: 'APPLY_SORT', sort: [{ colid: 'name', order: 'Descending' }] });
    await report.settled();
    report.actor.send({ type: 'EXPORT', format: 'csv' });
    expect(isPleaseWaitShown(report.snapshot())).toBe(true);
    result.resolve({ fileHash: 'abc', format: 'csv' });
    await report.settled();
    expect(report.calls.exportReportData[0]).toMatchObject({
      reportId: 501,
      format: 'csv',
      query: { startIndex: 0, sort: [{ colid: 'name', order: 'Descending' }] },
    });
    expect(report.downloads).toEqual([{ fileHash: 'abc', format: 'csv', title: 'Open deals' }]);
    expect(report.snapshot().context.exportResult).toEqual({ fileHash: 'abc', format: 'csv' });
  });

  it("shows 'Failed to export the report data.' and clears the export result when the export fails", async () => {
    let call = 0;
    const report = startReport({
      stubs: {
        exportReportData: async () =>
          ++call === 1 ? { fileHash: 'abc', format: 'excel' as const } : Promise.reject(new Error('boom')),
      },
    });
    await report.settled();
    report.actor.send({ type: 'EXPORT', format: 'excel' });
    await report.settled();
    report.actor.send({ type: 'EXPORT', format: 'excel' });
    await report.settled();
    expect(report.toasts).toEqual([{ kind: 'error', title: 'Failed to export the report data.' }]);
    expect(report.snapshot().context.exportResult).toBeUndefined();
    expect(report.downloads).toHaveLength(1);
  });
});

describe('report machine: exportingReportData, bad answers', () => {
  it('treats an export answer without a file as a failed export', async () => {
    const report = startReport({ stubs: { exportReportData: async () => ({}) as never } });
    await report.settled();
    report.actor.send({ type: 'EXPORT', format: 'word' });
    await report.settled();
    expect(report.downloads).toEqual([]);
    expect(report.toasts).toEqual([{ kind: 'error', title: 'Failed to export the report data.' }]);
  });
});

describe('report machine: confirmingResetReportView', () => {
  it('resets sort, filters, search and column state, refetches with isReset and says so', async () => {
    const report = startReport({ recordCount: 1000 });
    await report.settled();
    report.actor.send({ type: 'APPLY_SORT', sort: [{ colid: 'name', order: 'Descending' }] });
    await report.settled();
    report.actor.send({ type: 'APPLY_FILTERS', conds: [{ expid: 'x', oper: 'IsNull' }], limitValue: 5 });
    await report.settled();
    report.actor.send({ type: 'RESET_VIEW' });
    expect(openDialog(report.snapshot())).toBe('confirmReset');
    report.actor.send({ type: 'CONFIRM' });
    await report.settled();
    expect(report.queries().at(-1)).toEqual({
      startIndex: 0,
      pageSize: 201,
      metadata: 'full',
      isReset: true,
      usage: 'Default',
    });
    expect(report.snapshot().context).toMatchObject({
      sort: undefined,
      conds: [],
      limitValue: undefined,
      searchValue: '',
    });
    expect(report.resetColumnState).toHaveBeenCalledTimes(1);
    expect(report.toasts).toEqual([{ kind: 'success', title: 'Table has been reset to default view.' }]);
    expect(countText(report.snapshot())).toBe('200 of many');
  });

  it('keeps the view when the reset is cancelled', async () => {
    const report = startReport();
    await report.settled();
    report.actor.send({ type: 'APPLY_SORT', sort: [] });
    await report.settled();
    report.actor.send({ type: 'RESET_VIEW' });
    report.actor.send({ type: 'CANCEL' });
    await report.settled();
    expect(report.snapshot().context.sort).toEqual([]);
    expect(report.resetColumnState).not.toHaveBeenCalled();
  });
});
