import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CellEdit, InlineSaveResult } from '../../types.js';
import type { ActorStubs } from '../reportMachineHarness.js';
import { deferred, flush, startReport } from '../reportMachineHarness.js';
import {
  hasUnsavedChanges,
  isRefreshEnabled,
  isSaveEnabled,
  openDialog,
  rowEditState,
} from '../reportSelectors.js';

const nameCell = (value: string): CellEdit => ({ colid: 'name', fid: 100, value });
const dueCell: CellEdit = { colid: 'due', fid: 101, value: '2026-12-01' };
const form = { fields: { name: { kind: 'text' as const, isRequired: true } } };
const saved = (ids: number[]): InlineSaveResult[] =>
  ids.map((entityId) => ({ entityId, validationResults: [] }));

async function editing(stubs: ActorStubs = {}, recordCount = 1000) {
  const report = startReport({
    recordCount,
    stubs: {
      fetchPageAndEntityType: async () => form,
      fetchEntityForInlineEdit: async ({ eid }) => ({ id: eid }),
      saveModifiedEntities: async ({ records }) => saved(records.map((r) => r.eid)),
      ...stubs,
    },
  });
  await report.settled();
  report.actor.send({ type: 'EDIT_INLINE' });
  await report.settled();
  return report;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('report machine: entering inline editing (fetchingPageAndEntityType)', () => {
  it('reads the display form and entity type, then edits inline with refresh disabled', async () => {
    const report = await editing();
    expect(report.calls.fetchPageAndEntityType).toEqual([{ reportId: 501 }]);
    expect(report.snapshot().context).toMatchObject({ mode: 'inlineEditing', inlineEditForm: form });
    expect(isRefreshEnabled(report.snapshot())).toBe(false);
    const fetches = report.calls.fetchReportResults.length;
    report.actor.send({ type: 'REFRESH' });
    await report.settled();
    expect(report.calls.fetchReportResults).toHaveLength(fetches);
  });

  it('still edits inline when the form cannot be read', async () => {
    const report = await editing({
      fetchPageAndEntityType: async () => Promise.reject(new Error('no form')),
    });
    expect(report.snapshot().context).toMatchObject({ mode: 'inlineEditing', inlineEditForm: undefined });
  });
});

describe('report machine: fetchingEntityForInlineEditDebouncing and fetchingEntityForInlineEdit', () => {
  it('reads a row 250 ms after editing moves to it, and at once when it was read before', async () => {
    vi.useFakeTimers();
    const report = await editing();
    report.actor.send({ type: 'START_ROW_EDIT', eid: 4 });
    expect(report.snapshot().matches('fetchingEntityForInlineEditDebouncing')).toBe(true);
    await vi.advanceTimersByTimeAsync(249);
    expect(report.calls.fetchEntityForInlineEdit).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await report.settled();
    expect(report.calls.fetchEntityForInlineEdit).toEqual([{ eid: 4 }]);
    expect(report.snapshot().context.inlineEditEntities).toEqual({ 4: { id: 4 } });

    report.actor.send({ type: 'START_ROW_EDIT', eid: 4 });
    await vi.advanceTimersByTimeAsync(0);
    await report.settled();
    expect(report.calls.fetchEntityForInlineEdit).toHaveLength(1);
  });

  it('reads only the last row when editing moves on before the delay ends', async () => {
    vi.useFakeTimers();
    const report = await editing();
    report.actor.send({ type: 'START_ROW_EDIT', eid: 4 });
    await vi.advanceTimersByTimeAsync(100);
    report.actor.send({ type: 'START_ROW_EDIT', eid: 5 });
    await vi.advanceTimersByTimeAsync(250);
    await report.settled();
    expect(report.calls.fetchEntityForInlineEdit).toEqual([{ eid: 5 }]);
  });

  it('ignores a failed row read', async () => {
    vi.useFakeTimers();
    const report = await editing({ fetchEntityForInlineEdit: async () => Promise.reject(new Error('x')) });
    report.actor.send({ type: 'START_ROW_EDIT', eid: 4 });
    await vi.advanceTimersByTimeAsync(250);
    await report.settled();
    expect(report.snapshot().context.mode).toBe('inlineEditing');
  });
});

describe('report machine: edited rows', () => {
  it('flags modified rows green and rows with errors red, and enables Save only with modified records', async () => {
    const report = await editing();
    expect(isSaveEnabled(report.snapshot())).toBe(false);
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: nameCell('Big deal') });
    report.actor.send({ type: 'EDIT_CELL', eid: 2, cell: nameCell(''), error: 'This field is required.' });
    expect(rowEditState(report.snapshot(), 1)).toBe('modified');
    expect(rowEditState(report.snapshot(), 2)).toBe('invalid');
    expect(rowEditState(report.snapshot(), 3)).toBeUndefined();
    expect(isSaveEnabled(report.snapshot())).toBe(true);
    expect(hasUnsavedChanges(report.snapshot())).toBe(true);
  });

  it('keeps an invalid date error until the date is corrected', async () => {
    const report = await editing();
    report.actor.send({ type: 'INVALID_DATE', eid: 1, colid: 'due', error: 'Invalid date.' });
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: nameCell('Renamed') });
    expect(report.snapshot().context.editedRecords['1']?.errors).toEqual({ due: 'Invalid date.' });
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: dueCell });
    expect(report.snapshot().context.editedRecords['1']?.errors).toEqual({});
  });

  it('takes no cell edits outside inline editing', async () => {
    const report = startReport();
    await report.settled();
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: nameCell('x') });
    expect(report.snapshot().context.editedRecords).toEqual({});
  });
});

describe('report machine: savingModifiedEntities', () => {
  it('waits for pending behaviour updates, then saves the valid records', async () => {
    const behaviour = deferred<undefined>();
    const report = await editing({ waitForPendingBehaviour: () => behaviour.promise });
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: nameCell('One') });
    report.actor.send({ type: 'EDIT_CELL', eid: 2, cell: nameCell('Two') });
    report.actor.send({ type: 'SAVE' });
    await flush();
    expect(report.snapshot().context.isSaving).toBe(true);
    expect(isSaveEnabled(report.snapshot())).toBe(false);
    expect(report.calls.saveModifiedEntities).toEqual([]);
    behaviour.resolve(undefined);
    await report.settled();
    expect(report.calls.saveModifiedEntities).toEqual([
      {
        records: [
          { eid: 1, cells: { name: nameCell('One') }, errors: {} },
          { eid: 2, cells: { name: nameCell('Two') }, errors: {} },
        ],
      },
    ]);
  });

  it('refetches without metadata and leaves edit mode when every record saved', async () => {
    const report = await editing();
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: nameCell('One') });
    report.actor.send({ type: 'SAVE' });
    await report.settled();
    expect(report.queries().at(-1)).toMatchObject({ startIndex: 0, metadata: 'none' });
    expect(report.snapshot().context).toMatchObject({
      mode: 'default',
      editedRecords: {},
      savedIds: [1],
      isSaving: false,
    });
    expect(rowEditState(report.snapshot(), 1)).toBe('saved');
    expect(report.toasts).toEqual([]);
  });

  it('shows each failure as a toast, keeps the invalid rows, and refetches when some saved', async () => {
    const report = await editing({
      saveModifiedEntities: async () => [
        { entityId: 1, validationResults: [] },
        { entityId: 2, validationResults: [{ id: 100, isReverse: false, errors: ['Name must be unique.'] }] },
      ],
    });
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: nameCell('One') });
    report.actor.send({ type: 'EDIT_CELL', eid: 2, cell: nameCell('One') });
    const fetches = report.calls.fetchReportResults.length;
    report.actor.send({ type: 'SAVE' });
    await report.settled();
    expect(report.toasts).toEqual([{ kind: 'error', title: 'Deal 2: Name must be unique.' }]);
    expect(report.snapshot().context.validationEntries).toEqual([
      { id: -1, text: 'Deal 2: Name must be unique.' },
    ]);
    expect(report.snapshot().context.mode).toBe('inlineEditing');
    expect(rowEditState(report.snapshot(), 2)).toBe('invalid');
    expect(rowEditState(report.snapshot(), 1)).toBe('saved');
    expect(report.calls.fetchReportResults).toHaveLength(fetches + 1);
  });

  it('does not refetch when every record failed, and does not send records with errors', async () => {
    const report = await editing({
      saveModifiedEntities: async () => [
        { entityId: 1, validationResults: [{ id: -1, isReverse: false, errors: ['Record is locked.'] }] },
      ],
    });
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: nameCell('One') });
    report.actor.send({ type: 'EDIT_CELL', eid: 2, cell: nameCell(''), error: 'This field is required.' });
    const fetches = report.calls.fetchReportResults.length;
    report.actor.send({ type: 'SAVE' });
    await report.settled();
    expect(report.calls.saveModifiedEntities).toEqual([
      { records: [{ eid: 1, cells: { name: nameCell('One') }, errors: {} }] },
    ]);
    expect(report.calls.fetchReportResults).toHaveLength(fetches);
    expect(report.toasts).toEqual([
      { kind: 'error', title: 'Deal 1: Record is locked.' },
      { kind: 'error', title: 'Deal 2: This field is required.' },
    ]);
    expect(report.snapshot().context.mode).toBe('inlineEditing');
  });

  it('shows an error toast and refreshes the grid when the save fails', async () => {
    const report = await editing({
      saveModifiedEntities: async () => Promise.reject(new Error('Server unavailable')),
    });
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: nameCell('One') });
    const fetches = report.calls.fetchReportResults.length;
    report.actor.send({ type: 'SAVE' });
    await report.settled();
    expect(report.toasts).toEqual([
      { kind: 'error', title: 'Failed to save changes.', text: 'Server unavailable' },
    ]);
    expect(report.calls.fetchReportResults).toHaveLength(fetches + 1);
    expect(report.snapshot().context.isSaving).toBe(false);
    expect(hasUnsavedChanges(report.snapshot())).toBe(true);
  });

  it('discards the edits and leaves edit mode on Discard', async () => {
    const report = await editing();
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: nameCell('One') });
    report.actor.send({ type: 'DISCARD' });
    expect(report.snapshot().context).toMatchObject({ mode: 'default', editedRecords: {} });
  });
});

describe('report machine: confirmingUnsavedChanges', () => {
  it('leaves edit mode when paging with no changes', async () => {
    const report = await editing();
    report.actor.send({ type: 'NEXT_PAGE' });
    await report.settled();
    expect(report.snapshot().context).toMatchObject({ mode: 'default', page: 2 });
  });

  it('asks before paging with modified rows; STAY keeps the page and the edits', async () => {
    const report = await editing();
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: nameCell('One') });
    report.actor.send({ type: 'NEXT_PAGE' });
    expect(openDialog(report.snapshot())).toBe('unsavedChanges');
    report.actor.send({ type: 'STAY' });
    await report.settled();
    expect(report.snapshot().context).toMatchObject({ mode: 'inlineEditing', page: 1 });
    expect(hasUnsavedChanges(report.snapshot())).toBe(true);
  });

  it('LEAVE discards the edits and goes on paging', async () => {
    const report = await editing();
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: nameCell('One') });
    report.actor.send({ type: 'GOTO_PAGE', page: 2 });
    report.actor.send({ type: 'LEAVE' });
    await report.settled();
    expect(report.snapshot().context).toMatchObject({ mode: 'default', page: 2, editedRecords: {} });
    expect(report.calls.saveModifiedEntities).toEqual([]);
  });

  it('LEAVE_AND_SAVE saves, then goes on paging', async () => {
    const report = await editing();
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: nameCell('One') });
    report.actor.send({ type: 'NEXT_PAGE' });
    report.actor.send({ type: 'LEAVE_AND_SAVE' });
    await report.settled();
    expect(report.calls.saveModifiedEntities).toHaveLength(1);
    expect(report.snapshot().context).toMatchObject({ mode: 'default', page: 2 });
  });

  it('LEAVE_AND_SAVE stays when the save has validation failures', async () => {
    const report = await editing({
      saveModifiedEntities: async () => [
        { entityId: 1, validationResults: [{ id: 100, isReverse: false, errors: ['Too long.'] }] },
      ],
    });
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: nameCell('One') });
    report.actor.send({ type: 'NEXT_PAGE' });
    report.actor.send({ type: 'LEAVE_AND_SAVE' });
    await report.settled();
    expect(report.snapshot().context).toMatchObject({
      mode: 'inlineEditing',
      page: 1,
      pendingEvent: undefined,
    });
  });

  it('asks before the host leaves with unsaved changes, and lets it leave without', async () => {
    const report = await editing();
    report.actor.send({ type: 'REQUEST_LEAVE' });
    expect(report.leave).toHaveBeenCalledTimes(1);

    report.actor.send({ type: 'EDIT_INLINE' });
    await report.settled();
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: nameCell('One') });
    report.actor.send({ type: 'REQUEST_LEAVE' });
    expect(openDialog(report.snapshot())).toBe('unsavedChanges');
    expect(report.leave).toHaveBeenCalledTimes(1);
    report.actor.send({ type: 'LEAVE' });
    await report.settled();
    expect(report.leave).toHaveBeenCalledTimes(2);
  });
});
