import { describe, expect, it } from 'vitest';
import type { InlineEditedRecord } from '../types.js';
import { inlineSaveOutcome, recordsToSave } from './inlineSaveOutcome.js';

function record(eid: number, errors: Record<string, string> = {}): InlineEditedRecord {
  return {
    eid,
    cells: {
      name: { colid: 'name', fid: 10, value: `n${eid}` },
      owner: { colid: 'owner', rid: 20, rev: true, value: [3] },
    },
    errors,
  };
}
const names: Record<number, string> = { 1: 'Acme', 2: 'Globex' };
const recordName = (eid: number) => names[eid];

describe('recordsToSave', () => {
  it('sends only modified records without errors', () => {
    const untouched: InlineEditedRecord = { eid: 9, cells: {}, errors: {} };
    const { toSave, invalid } = recordsToSave([record(1), record(2, { name: 'Required.' }), untouched]);
    expect(toSave.map((r) => r.eid)).toEqual([1]);
    expect(invalid.map((r) => r.eid)).toEqual([2]);
  });
});

describe('inlineSaveOutcome', () => {
  it('refetches and leaves edit mode when every record saved', () => {
    const outcome = inlineSaveOutcome({
      records: [record(1), record(2)],
      results: [
        { entityId: 1, validationResults: [] },
        { entityId: 2, validationResults: [] },
      ],
      recordName,
    });
    expect(outcome).toMatchObject({
      savedIds: [1, 2],
      failedRecords: [],
      toasts: [],
      refetch: true,
      leaveEditMode: true,
    });
  });

  it('keeps failed records with errors on their columns and names them in a toast', () => {
    const outcome = inlineSaveOutcome({
      records: [record(1), record(2)],
      results: [
        { entityId: 1, validationResults: [] },
        {
          entityId: 2,
          validationResults: [
            { id: 10, isReverse: false, errors: ['Too long.', 'Not unique.'] },
            { id: 20, isReverse: true, errors: ['Required.'] },
          ],
        },
      ],
      recordName,
    });
    expect(outcome.savedIds).toEqual([1]);
    expect(outcome.failedRecords[0]?.errors).toEqual({ name: 'Too long. Not unique.', owner: 'Required.' });
    expect(outcome.validationEntries).toEqual([{ id: -1, text: 'Globex: Too long. Not unique.' }]);
    expect(outcome.toasts).toEqual([{ kind: 'error', title: 'Globex: Too long. Not unique.' }]);
    expect(outcome.refetch).toBe(true);
    expect(outcome.leaveEditMode).toBe(false);
  });

  it('does not refetch when every record failed, and names unnamed records by id', () => {
    const outcome = inlineSaveOutcome({
      records: [record(7)],
      results: [{ entityId: 7, validationResults: [{ id: -1, isReverse: false, errors: ['Locked.'] }] }],
      recordName,
    });
    expect(outcome.failedRecords[0]?.errors).toEqual({ '-1': 'Locked.' });
    expect(outcome.validationEntries).toEqual([{ id: -1, text: '7: Locked.' }]);
    expect(outcome.refetch).toBe(false);
  });

  it('skips answers that are not of the save result shape', () => {
    const outcome = inlineSaveOutcome({
      records: [record(1), record(2)],
      results: [
        null as never,
        { entityId: 1, validationResults: 'bad' as never },
        {
          entityId: 2,
          validationResults: [{ id: 10, isReverse: false, errors: [3, '', 'Too long.'] as never }],
        },
      ],
      recordName,
    });
    expect(outcome.savedIds).toEqual([1]);
    expect(outcome.validationEntries).toEqual([{ id: -1, text: 'Globex: Too long.' }]);
  });

  it('shows the same first error of different records once', () => {
    const outcome = inlineSaveOutcome({
      records: [record(1, { name: 'Required.' }), record(1, { name: 'Required.' })],
      results: [],
      recordName,
    });
    expect(outcome.validationEntries).toEqual([{ id: -1, text: 'Acme: Required.' }]);
  });
});

describe('inlineSaveOutcome: a record changed by someone else (issue 12)', () => {
  const changed = 'Someone else changed this record after you read it.';
  it('keeps the record with its edits and the error, and saves again against the version now', () => {
    const sent = { ...record(1), version: 3 };
    const outcome = inlineSaveOutcome({
      records: [sent],
      results: [
        {
          entityId: 1,
          validationResults: [{ id: -1, isReverse: false, errors: [changed] }],
          currentVersion: 4,
        },
      ],
      recordName,
    });
    expect(outcome.failedRecords).toEqual([{ ...sent, errors: { '-1': changed }, version: 4 }]);
    expect(outcome.toasts).toEqual([{ kind: 'error', title: `Acme: ${changed}` }]);
    expect(outcome).toMatchObject({ savedIds: [], refetch: false, leaveEditMode: false });
    // The record error does not keep it back: the next save sends it, and the server answers anew.
    expect(recordsToSave(outcome.failedRecords).toSave).toEqual(outcome.failedRecords);
  });

  it('drops the earlier record error when the record is answered again', () => {
    const again = { ...record(1, { '-1': changed }), version: 4 };
    const outcome = inlineSaveOutcome({
      records: [again],
      results: [{ entityId: 1, validationResults: [{ id: 10, isReverse: false, errors: ['Too long.'] }] }],
      recordName,
    });
    expect(outcome.failedRecords[0]?.errors).toEqual({ name: 'Too long.' });
    expect(outcome.failedRecords[0]?.version).toBe(4);
  });
});
