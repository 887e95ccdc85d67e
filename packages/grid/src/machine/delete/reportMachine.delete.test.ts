import type { DeleteDetails } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { deferred, reportAnswer, startReport } from '../reportMachineHarness.js';
import { countText, openDialog } from '../reportSelectors.js';
import { deleteConfirmation } from './deleteConfirmation.js';

/** Deal 3 takes its activity 900 with it, and the activity its task 901. */
const dealWithActivity: DeleteDetails = {
  entities: [{ id: 3, name: 'Deal 3', typeName: 'Deal' }],
  dependents: [
    {
      id: 900,
      name: 'Call with Jane',
      typeName: 'Activity',
      entitiesOnPath: [{ id: 3, name: 'Deal 3', typeName: 'Deal' }],
    },
    {
      id: 901,
      name: null,
      typeName: 'Task',
      entitiesOnPath: [
        { id: 3, name: 'Deal 3', typeName: 'Deal' },
        { id: 900, name: 'Call with Jane', typeName: 'Activity' },
      ],
    },
  ],
  related: [],
};

const waitForConfirmation = (report: ReturnType<typeof startReport>) =>
  waitFor(report.actor, (s) => deleteConfirmation(s)?.isLoading === false);

describe('report machine: delete (spec 01 §4 delete flow, spec 02 §4)', () => {
  it('reads the delete details first, then names the record and lists what goes with it', async () => {
    const details = deferred<DeleteDetails>();
    const report = startReport({ stubs: { fetchDeleteDetails: () => details.promise } });
    await report.settled();
    report.actor.send({ type: 'SELECT_ROWS', ids: [3] });
    await report.settled();
    report.actor.send({ type: 'DELETE' });
    expect(openDialog(report.snapshot())).toBe('confirmDelete');
    expect(report.calls.fetchDeleteDetails).toEqual([{ ids: [3] }]);
    // Nothing to confirm until the details are known.
    expect(deleteConfirmation(report.snapshot())).toMatchObject({ isLoading: true, dependents: [] });
    report.actor.send({ type: 'CONFIRM' });
    expect(report.calls.deleteEntities).toEqual([]);

    details.resolve(dealWithActivity);
    await waitForConfirmation(report);
    expect(deleteConfirmation(report.snapshot())).toEqual({
      isLoading: false,
      items: [{ id: 3, name: 'Deal 3', typeName: 'Deal' }],
      message: "Are you sure that you want to delete Deal 'Deal 3'?",
      dependentsHeading: 'These 2 records depend on it and will be deleted too:',
      dependents: [
        {
          id: 900,
          name: 'Call with Jane',
          typeName: 'Activity',
          path: [{ id: 3, name: 'Deal 3', typeName: 'Deal' }],
        },
        {
          id: 901,
          name: null,
          typeName: 'Task',
          path: [
            { id: 3, name: 'Deal 3', typeName: 'Deal' },
            { id: 900, name: 'Call with Jane', typeName: 'Activity' },
          ],
        },
      ],
    });
  });

  it('deletes exactly what was shown: the record with the ids of its dependents', async () => {
    const report = startReport({
      stubs: {
        fetchDeleteDetails: async () => dealWithActivity,
        deleteEntities: async ({ ids }) => ({ deleted: [...ids, 900, 901] }),
      },
    });
    await report.settled();
    report.actor.send({ type: 'DELETE', ids: [3] });
    await waitForConfirmation(report);
    report.actor.send({ type: 'CONFIRM' });
    await report.settled();
    expect(report.calls.deleteEntities).toEqual([{ ids: [3], shown: [3, 900, 901] }]);
    expect(report.toasts).toEqual([{ kind: 'success', title: "Deal 'Deal 3' successfully deleted." }]);
    expect(report.snapshot().context.deleteDetails).toBeUndefined();
  });

  it('asks about several records by count and counts them in the success toast', async () => {
    const report = startReport({ stubs: { deleteEntities: async ({ ids }) => ({ deleted: ids }) } });
    await report.settled();
    report.actor.send({ type: 'DELETE', ids: [1, 2, 3] });
    await waitForConfirmation(report);
    expect(deleteConfirmation(report.snapshot())).toMatchObject({
      message: 'Are you sure that you want to delete these 3 items?',
      dependents: [],
      dependentsHeading: undefined,
    });
    report.actor.send({ type: 'CONFIRM' });
    await report.settled();
    expect(report.calls.deleteEntities).toEqual([{ ids: [1, 2, 3], shown: [1, 2, 3] }]);
    expect(report.toasts).toEqual([{ kind: 'success', title: 'Successfully deleted 3 items.' }]);
  });

  it('asks about an unnamed record by its type', async () => {
    const report = startReport({
      stubs: {
        fetchDeleteDetails: async () => ({
          entities: [{ id: 7, name: null, typeName: 'Deal' }],
          dependents: [],
          related: [],
        }),
      },
    });
    await report.settled();
    report.actor.send({ type: 'DELETE', ids: [7] });
    await waitForConfirmation(report);
    expect(deleteConfirmation(report.snapshot())?.message).toBe(
      'Are you sure that you want to delete this Deal?',
    );
  });

  it('does nothing when cancelled, before or after the details arrive', async () => {
    const details = deferred<DeleteDetails>();
    const report = startReport({ stubs: { fetchDeleteDetails: () => details.promise } });
    await report.settled();
    report.actor.send({ type: 'SELECT_ROWS', ids: [3] });
    await report.settled();
    report.actor.send({ type: 'DELETE' });
    report.actor.send({ type: 'CANCEL' });
    await report.settled();
    details.resolve(dealWithActivity);
    report.actor.send({ type: 'DELETE' });
    await waitForConfirmation(report);
    report.actor.send({ type: 'CANCEL' });
    await report.settled();
    expect(openDialog(report.snapshot())).toBeUndefined();
    expect(report.calls.deleteEntities).toEqual([]);
    expect(report.snapshot().context.selectedIds).toEqual([3]);
    expect(report.snapshot().context.deleteDetails).toBeUndefined();
  });

  it('refuses to delete records that are not saved yet', async () => {
    const report = startReport();
    await report.settled();
    report.actor.send({ type: 'DELETE', ids: [3, -1] });
    expect(openDialog(report.snapshot())).toBeUndefined();
    expect(report.calls.fetchDeleteDetails).toEqual([]);
  });

  it("says 'An error occured getting delete details' with the record's name, and deletes nothing", async () => {
    const report = startReport({
      stubs: { fetchDeleteDetails: async () => Promise.reject(new Error('The record was not found.')) },
    });
    await report.settled();
    report.actor.send({ type: 'DELETE', ids: [5] });
    await report.settled();
    expect(openDialog(report.snapshot())).toBeUndefined();
    expect(report.toasts).toEqual([
      {
        kind: 'error',
        title: "An error occured getting delete details for 'Deal 5'.",
        text: 'The record was not found.',
      },
    ]);
    expect(report.calls.deleteEntities).toEqual([]);
  });

  it('deletes, reduces the counters, steps back from an emptied last page, clears the selection and refetches', async () => {
    let remaining = 401;
    const report = startReport({
      stubs: {
        fetchReportResults: async ({ query }) => reportAnswer(query, remaining),
        deleteEntities: async ({ ids }) => {
          remaining -= ids.length;
          return { deleted: ids };
        },
      },
    });
    await report.settled();
    report.actor.send({ type: 'NEXT_PAGE' });
    await report.settled();
    report.actor.send({ type: 'NEXT_PAGE' });
    await report.settled();
    expect(report.snapshot().context).toMatchObject({ page: 3, recordsCount: 401 });
    report.actor.send({ type: 'SELECT_ROWS', ids: [401] });
    await report.settled();
    report.actor.send({ type: 'DELETE' });
    await waitForConfirmation(report);
    report.actor.send({ type: 'CONFIRM' });
    // Counters reduced and the page stepped back before the refetch answers.
    const refetching = await waitFor(report.actor, (s) => s.matches('fetchingReportResults'));
    expect(refetching.context.page).toBe(2);
    expect(refetching.context.recordsCount).toBe(400);
    expect(refetching.context.selectedIds).toEqual([]);
    await report.settled();
    expect(countText(report.snapshot())).toBe('201-400 of 400');
    expect(report.queries().at(-1)).toMatchObject({ startIndex: 200 });
    expect(report.calls.deleteEntities).toEqual([{ ids: [401], shown: [401] }]);
    expect(report.toasts).toEqual([{ kind: 'success', title: "Deal 'Deal 401' successfully deleted." }]);
    expect(remaining).toBe(400);
  });

  it("titles a failed delete 'Failed to delete {type} '{name}'.' with the server's message", async () => {
    const refused = new Error(
      "The delete would now also take Activity 'Late call', which was not shown. Nothing was deleted; " +
        'delete again to see everything it takes.',
    );
    const report = startReport({ stubs: { deleteEntities: async () => Promise.reject(refused) } });
    await report.settled();
    report.actor.send({ type: 'DELETE', ids: [1] });
    await waitForConfirmation(report);
    report.actor.send({ type: 'CONFIRM' });
    await report.settled();
    expect(report.toasts).toEqual([
      { kind: 'error', title: "Failed to delete Deal 'Deal 1'.", text: refused.message },
    ]);
    expect(report.snapshot().context.rows).toHaveLength(200);
    expect(report.snapshot().context.deleteIds).toEqual([]);
  });

  it("titles a failed delete of several 'Failed to delete resources.'", async () => {
    const report = startReport({
      stubs: {
        deleteEntities: async () => Promise.reject(new Error('You do not have permission to do this.')),
      },
    });
    await report.settled();
    report.actor.send({ type: 'DELETE', ids: [1, 2] });
    await waitForConfirmation(report);
    report.actor.send({ type: 'CONFIRM' });
    await report.settled();
    expect(report.toasts).toEqual([
      { kind: 'error', title: 'Failed to delete resources.', text: 'You do not have permission to do this.' },
    ]);
  });
});
