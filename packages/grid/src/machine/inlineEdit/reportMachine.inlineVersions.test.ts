import { describe, expect, it } from 'vitest';
import type { InlineSaveResult } from '../../types.js';
import { type ActorStubs, reportAnswer, startReport } from '../reportMachineHarness.js';
import { isSaveEnabled, rowEditState } from '../reportSelectors.js';

const changed = 'Someone else changed this record after you read it.';
const form = { fields: { name: { kind: 'text' as const, isRequired: true } } };

/** Inline editing of a report whose rows were read at version eid + 10 ('Deal {eid}'). */
async function editing(stubs: ActorStubs = {}) {
  const report = startReport({
    stubs: {
      fetchReportResults: async ({ query }) => {
        const answer = reportAnswer(query, 50);
        return { ...answer, gdata: answer.gdata.map((r) => ({ ...r, version: r.eid + 10 })) };
      },
      fetchPageAndEntityType: async () => form,
      fetchEntityForInlineEdit: async ({ eid }) => ({ id: eid }),
      saveModifiedEntities: async ({ records }) =>
        records.map((r) => ({ entityId: r.eid, validationResults: [] })),
      ...stubs,
    },
  });
  await report.settled();
  report.actor.send({ type: 'EDIT_INLINE' });
  await report.settled();
  return report;
}
const name = (value: unknown) => ({ colid: 'name', fid: 100, value });

describe('report machine: a cell left as it was read is no edit (issue 12 phantom edits)', () => {
  it('marks nothing modified and keeps Save disabled for a value equal to the one read', async () => {
    const report = await editing();
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: name('Deal 1') });
    expect(report.snapshot().context.editedRecords).toEqual({});
    expect(rowEditState(report.snapshot(), 1)).toBeUndefined();
    expect(isSaveEnabled(report.snapshot())).toBe(false);
  });

  it('unmarks a row whose edit is put back to the value read, error included', async () => {
    const report = await editing();
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: name('Renamed') });
    expect(rowEditState(report.snapshot(), 1)).toBe('modified');
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: name(''), error: 'A value is required.' });
    expect(rowEditState(report.snapshot(), 1)).toBe('invalid');
    report.actor.send({ type: 'EDIT_CELL', eid: 1, cell: name('Deal 1') });
    expect(rowEditState(report.snapshot(), 1)).toBeUndefined();
    expect(isSaveEnabled(report.snapshot())).toBe(false);
  });
});

describe('report machine: inline saves send the version read (issue 12 lost updates)', () => {
  it('sends the version its row was read at', async () => {
    const report = await editing();
    report.actor.send({ type: 'EDIT_CELL', eid: 2, cell: name('Renamed') });
    report.actor.send({ type: 'SAVE' });
    await report.settled();
    expect(report.calls.saveModifiedEntities).toEqual([
      { records: [{ eid: 2, version: 12, cells: { name: name('Renamed') }, errors: {} }] },
    ]);
  });

  it('keeps a record changed by someone else on screen with the message, and saves it again against the version now', async () => {
    const answers: InlineSaveResult[][] = [
      [
        {
          entityId: 2,
          validationResults: [{ id: -1, isReverse: false, errors: [changed] }],
          currentVersion: 13,
        },
      ],
      [{ entityId: 2, validationResults: [] }],
    ];
    const report = await editing({ saveModifiedEntities: async () => answers.shift()! });
    report.actor.send({ type: 'EDIT_CELL', eid: 2, cell: name('Mine') });
    report.actor.send({ type: 'SAVE' });
    await report.settled();
    const snapshot = report.snapshot();
    expect(snapshot.context.mode).toBe('inlineEditing');
    expect(snapshot.context.editedRecords['2']).toMatchObject({ cells: { name: name('Mine') }, version: 13 });
    expect(rowEditState(snapshot, 2)).toBe('invalid');
    expect(report.toasts).toContainEqual({ kind: 'error', title: `Deal 2: ${changed}` });
    expect(isSaveEnabled(snapshot)).toBe(true);

    report.actor.send({ type: 'SAVE' });
    await report.settled();
    expect((report.calls.saveModifiedEntities[1] as { records: unknown[] }).records).toEqual([
      expect.objectContaining({ eid: 2, version: 13, cells: { name: name('Mine') } }),
    ]);
    expect(report.snapshot().context.mode).toBe('default');
  });

  it('shows the record as stored now on Discard after a save refused as stale, not the values first read', async () => {
    // Someone else renamed Deal 2 to 'Theirs' (version 13) after the page was read.
    let stored = 'Deal 2';
    const report = await editing({
      fetchReportResults: async ({ query }) => {
        const answer = reportAnswer(query, 50);
        return {
          ...answer,
          gdata: answer.gdata.map((r) =>
            r.eid === 2 && stored !== 'Deal 2'
              ? { ...r, version: 13, values: [{ val: stored }] }
              : { ...r, version: r.eid + 10 },
          ),
        };
      },
      saveModifiedEntities: async () => [
        {
          entityId: 2,
          validationResults: [{ id: -1, isReverse: false, errors: [changed] }],
          currentVersion: 13,
        },
      ],
    });
    stored = 'Theirs';
    report.actor.send({ type: 'EDIT_CELL', eid: 2, cell: name('Mine') });
    report.actor.send({ type: 'SAVE' });
    await report.settled();
    expect(rowEditState(report.snapshot(), 2)).toBe('invalid');
    const reads = report.calls.fetchReportResults.length;

    report.actor.send({ type: 'DISCARD' });
    await report.settled();
    const snapshot = report.snapshot();
    expect(snapshot.context.mode).toBe('default');
    expect(snapshot.context.editedRecords).toEqual({});
    expect(report.calls.fetchReportResults).toHaveLength(reads + 1);
    const row = snapshot.context.rows.find((r) => r.eid === 2)!;
    expect(row).toMatchObject({ version: 13 });
    expect(row.values[0]).toEqual({ val: 'Theirs' });
  });

  it('reads nothing again on Discard when no record was refused', async () => {
    const report = await editing();
    report.actor.send({ type: 'EDIT_CELL', eid: 2, cell: name('Mine') });
    const reads = report.calls.fetchReportResults.length;
    report.actor.send({ type: 'DISCARD' });
    await report.settled();
    expect(report.snapshot().context.mode).toBe('default');
    expect(report.calls.fetchReportResults).toHaveLength(reads);
  });
});
