import type { DeleteDetails } from '@plinth/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deleteFlowMachine } from './deleteFlowMachine.js';
import { deleteFlowView } from './deleteFlowSelectors.js';
import type {
  DeleteFlowItem,
  DeleteFlowNotice,
  DeleteFlowActorInputs as In,
  DeleteFlowActorOutputs as Out,
} from './deleteFlowTypes.js';

const acme: DeleteDetails = {
  entities: [{ id: 7, name: 'Acme', typeName: 'Account' }],
  dependents: [
    {
      id: 70,
      name: 'Call Acme',
      typeName: 'Activity',
      entitiesOnPath: [{ id: 7, name: 'Acme', typeName: 'Account' }],
    },
  ],
  related: [],
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Stubs {
  resolveName?: (input: In['resolveName']) => Promise<Out['resolveName']>;
  fetchDeleteDetails?: (input: In['fetchDeleteDetails']) => Promise<Out['fetchDeleteDetails']>;
  deleteEntities?: (input: In['deleteEntities']) => Promise<Out['deleteEntities']>;
}

/** Starts the flow with stubbed calls, recording the calls and the toasts. */
function start(items: DeleteFlowItem[], stubs: Stubs = {}) {
  const calls = {
    resolveName: [] as In['resolveName'][],
    fetchDeleteDetails: [] as number[][],
    deleteEntities: [] as In['deleteEntities'][],
  };
  const notices: DeleteFlowNotice[] = [];
  const machine = deleteFlowMachine.provide({
    actors: {
      resolveName: fromPromise<Out['resolveName'], In['resolveName']>(async ({ input }) => {
        calls.resolveName.push(input);
        return (stubs.resolveName ?? (async () => ({ name: 'Acme', typeName: 'Account' })))(input);
      }),
      fetchDeleteDetails: fromPromise<Out['fetchDeleteDetails'], In['fetchDeleteDetails']>(
        async ({ input }) => {
          calls.fetchDeleteDetails.push(input.ids);
          return (stubs.fetchDeleteDetails ?? (async () => acme))(input);
        },
      ),
      deleteEntities: fromPromise<Out['deleteEntities'], In['deleteEntities']>(async ({ input }) => {
        calls.deleteEntities.push(input);
        return (stubs.deleteEntities ?? (async ({ shown }) => ({ deleted: shown })))(input);
      }),
    },
    actions: { notify: (_, notice) => notices.push(notice) },
  });
  const actor = createActor(machine, { input: { items } });
  actor.start();
  return {
    actor,
    calls,
    notices,
    value: () => actor.getSnapshot().value,
    output: () => actor.getSnapshot().output,
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the record delete flow (spec 01 §4, §8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('start → fetching delete details → waiting for confirmation → confirmed → deleted', async () => {
    const f = start([{ id: 7, name: 'Acme', typeName: 'Account' }]);
    expect(f.value()).toEqual({ fetchingDeleteDetails: 'requesting' });
    expect(deleteFlowView(f.actor.getSnapshot())).toMatchObject({ isLoading: true, isDeleting: false });
    await flush();
    expect(f.value()).toBe('waitingForConfirmation');
    expect(f.calls.resolveName).toEqual([]);
    expect(deleteFlowView(f.actor.getSnapshot())).toMatchObject({
      isLoading: false,
      message: "Are you sure that you want to delete Account 'Acme'?",
      dependentsHeading: 'This record depends on it and will be deleted too:',
      dependents: [{ id: 70, name: 'Call Acme', typeName: 'Activity' }],
    });
    f.actor.send({ type: 'CONFIRM' });
    expect(f.value()).toBe('confirmed');
    expect(deleteFlowView(f.actor.getSnapshot())?.isDeleting).toBe(true);
    // Performing the delete: Cancel no longer stops it.
    f.actor.send({ type: 'CANCEL' });
    expect(f.value()).toBe('confirmed');
    await flush();
    expect(f.value()).toBe('deleted');
    expect(f.calls.deleteEntities).toEqual([{ ids: [7], shown: [7, 70] }]);
    expect(f.notices).toEqual([{ kind: 'success', title: "Account 'Acme' successfully deleted." }]);
    expect(f.output()).toEqual({
      outcome: 'deleted',
      deleted: [7, 70],
      message: "Account 'Acme' successfully deleted.",
    });
    expect(deleteFlowView(f.actor.getSnapshot())).toBeUndefined();
  });

  it('tells a parent the details it read and how it ended', async () => {
    const heard: unknown[] = [];
    const machine = deleteFlowMachine.provide({
      actors: {
        fetchDeleteDetails: fromPromise<Out['fetchDeleteDetails'], In['fetchDeleteDetails']>(
          async () => acme,
        ),
        deleteEntities: fromPromise<Out['deleteEntities'], In['deleteEntities']>(async () => ({
          deleted: [7, 70],
        })),
      },
      actions: {
        detailsRead: (_, details) => heard.push({ details }),
        finished: (_, outcome) => heard.push({ outcome }),
      },
    });
    const actor = createActor(machine, { input: { items: [{ id: 7, name: 'Acme', typeName: 'Account' }] } });
    actor.start();
    await flush();
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(heard).toEqual([
      { details: acme },
      { outcome: { outcome: 'deleted', deleted: [7, 70], message: "Account 'Acme' successfully deleted." } },
    ]);
  });

  it('start resolves the name of a record given without one, then names it', async () => {
    const f = start([{ id: 7, name: undefined, typeName: undefined }], {
      fetchDeleteDetails: async () => ({ entities: [], dependents: [], related: [] }),
    });
    expect(f.value()).toEqual({ start: 'resolvingName' });
    await flush();
    expect(f.calls.resolveName).toEqual([{ id: 7 }]);
    expect(f.value()).toBe('waitingForConfirmation');
    expect(deleteFlowView(f.actor.getSnapshot())?.message).toBe(
      "Are you sure that you want to delete Account 'Acme'?",
    );
  });

  it("goes on as '<unknown>' when the name cannot be read: 'Failed to get entity name. {message}'", async () => {
    const f = start([{ id: 7, name: undefined, typeName: 'Account' }], {
      resolveName: async () => {
        throw new HttpError(404, 'The record was not found.');
      },
      fetchDeleteDetails: async () => {
        throw new HttpError(500, 'Unexpected error.');
      },
    });
    await flush();
    expect(f.actor.getSnapshot().context.nameError?.message).toBe(
      'Failed to get entity name. The record was not found.',
    );
    expect(f.notices[0]).toEqual({
      kind: 'warning',
      title: 'Failed to get entity name.',
      text: 'The record was not found.',
    });
    expect(f.value()).toBe('failure');
    expect(f.output()).toMatchObject({
      outcome: 'failure',
      error: {
        message: "An error occured getting delete details for '<unknown>'. Unexpected error.",
        status: 500,
      },
    });
  });

  it("a record with no name is 'this {type}'", async () => {
    const f = start([{ id: 8, name: null, typeName: 'Task' }], {
      fetchDeleteDetails: async () => ({
        entities: [{ id: 8, name: null, typeName: 'Task' }],
        dependents: [],
        related: [],
      }),
    });
    await flush();
    expect(f.calls.resolveName).toEqual([]);
    expect(deleteFlowView(f.actor.getSnapshot())?.message).toBe(
      'Are you sure that you want to delete this Task?',
    );
    f.actor.send({ type: 'CONFIRM' });
    await flush();
    expect(f.notices).toEqual([{ kind: 'success', title: 'Task successfully deleted.' }]);
  });

  it('polls the delete details from 200 ms, doubling to 1000 ms, while they are not ready', async () => {
    let answers = 0;
    const f = start([{ id: 7, name: 'Acme', typeName: 'Account' }], {
      fetchDeleteDetails: async () => (++answers < 6 ? undefined : acme),
    });
    const times: number[] = [];
    const t0 = Date.now();
    const sub = f.actor.subscribe((s) => {
      if (s.matches({ fetchingDeleteDetails: 'requesting' })) times.push(Date.now() - t0);
    });
    await flush();
    expect(f.value()).toEqual({ fetchingDeleteDetails: 'waitingToPoll' });
    await vi.advanceTimersByTimeAsync(199);
    expect(f.calls.fetchDeleteDetails).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.calls.fetchDeleteDetails).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(400 + 800 + 1000 + 1000);
    expect(f.calls.fetchDeleteDetails).toHaveLength(6);
    expect(times).toEqual([200, 600, 1400, 2400, 3400]);
    expect(f.value()).toBe('waitingForConfirmation');
    sub.unsubscribe();
  });

  it('our server answers at once: the first answer ends the polling', async () => {
    const f = start([{ id: 7, name: 'Acme', typeName: 'Account' }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(f.calls.fetchDeleteDetails).toEqual([[7]]);
  });

  it('cancelled from start, from fetching the details (polling stops) and from waiting for confirmation', async () => {
    const a = start([{ id: 7, name: undefined, typeName: 'Account' }]);
    a.actor.send({ type: 'CANCEL' });
    expect(a.value()).toBe('cancelled');
    expect(a.output()).toEqual({ outcome: 'cancelled' });

    const b = start([{ id: 7, name: 'Acme', typeName: 'Account' }], {
      fetchDeleteDetails: async () => undefined,
    });
    await flush();
    b.actor.send({ type: 'CANCEL' });
    expect(b.value()).toBe('cancelled');
    await vi.advanceTimersByTimeAsync(5000);
    expect(b.calls.fetchDeleteDetails).toHaveLength(1);

    const c = start([{ id: 7, name: 'Acme', typeName: 'Account' }]);
    await flush();
    c.actor.send({ type: 'CANCEL' });
    expect(c.value()).toBe('cancelled');
    expect(c.calls.deleteEntities).toEqual([]);
    expect(c.notices).toEqual([]);
  });

  it('CONFIRM before the details are read deletes nothing', async () => {
    const f = start([{ id: 7, name: 'Acme', typeName: 'Account' }]);
    f.actor.send({ type: 'CONFIRM' });
    await flush();
    expect(f.value()).toBe('waitingForConfirmation');
    expect(f.calls.deleteEntities).toEqual([]);
  });

  it("failure while fetching the details: 'An error occured getting delete details for '{name}'. {message}'", async () => {
    const f = start([{ id: 7, name: 'Acme', typeName: 'Account' }], {
      fetchDeleteDetails: async () => {
        throw new HttpError(403, 'You do not have permission to do this.');
      },
    });
    await flush();
    expect(f.value()).toBe('failure');
    const message =
      "An error occured getting delete details for 'Acme'. You do not have permission to do this.";
    expect(f.notices).toEqual([
      {
        kind: 'error',
        title: "An error occured getting delete details for 'Acme'.",
        text: 'You do not have permission to do this.',
      },
    ]);
    expect(f.output()).toMatchObject({ outcome: 'failure', error: { message, status: 403 } });
  });

  it("failure of the delete: 'Failed to delete {type} '{name}'. {message}' with the status code", async () => {
    const f = start([{ id: 7, name: 'Acme', typeName: 'Account' }], {
      deleteEntities: async () => {
        throw new HttpError(409, 'Records were added that depend on it.');
      },
    });
    await flush();
    f.actor.send({ type: 'CONFIRM' });
    await flush();
    expect(f.value()).toBe('failure');
    expect(f.output()).toMatchObject({
      outcome: 'failure',
      error: {
        message: "Failed to delete Account 'Acme'. Records were added that depend on it.",
        status: 409,
      },
    });
    expect(f.notices).toEqual([
      {
        kind: 'error',
        title: "Failed to delete Account 'Acme'.",
        text: 'Records were added that depend on it.',
      },
    ]);
  });

  it("failure at start: 'Internal error - missing item to delete'", () => {
    for (const items of [
      [],
      [{ id: -1, name: 'New row', typeName: 'Deal' }],
      [{ id: Number.NaN, name: 'x', typeName: 'y' }],
    ]) {
      const f = start(items);
      expect(f.value()).toBe('failure');
      expect(f.output()).toMatchObject({
        outcome: 'failure',
        error: { message: 'Internal error - missing item to delete', status: undefined },
      });
      expect(f.notices).toEqual([{ kind: 'error', title: 'Internal error - missing item to delete' }]);
      expect(f.calls.fetchDeleteDetails).toEqual([]);
    }
  });

  describe('the bulk variant', () => {
    const three: DeleteFlowItem[] = [
      { id: 1, name: 'A', typeName: 'Deal' },
      { id: 2, name: 'B', typeName: 'Deal' },
      { id: 3, name: undefined, typeName: 'Deal' },
    ];

    it("asks about 'these {n} items', never reads names, and says 'Successfully deleted {n} items.'", async () => {
      const f = start(three, {
        fetchDeleteDetails: async () => ({ entities: [], dependents: [], related: [] }),
      });
      expect(f.value()).toEqual({ fetchingDeleteDetails: 'requesting' });
      await flush();
      expect(f.calls.resolveName).toEqual([]);
      expect(f.calls.fetchDeleteDetails).toEqual([[1, 2, 3]]);
      expect(deleteFlowView(f.actor.getSnapshot())?.message).toBe(
        'Are you sure that you want to delete these 3 items?',
      );
      f.actor.send({ type: 'CONFIRM' });
      await flush();
      expect(f.notices).toEqual([{ kind: 'success', title: 'Successfully deleted 3 items.' }]);
      expect(f.output()).toMatchObject({ outcome: 'deleted', deleted: [1, 2, 3] });
    });

    it("fails as 'Failed to delete resources. {message}'", async () => {
      const f = start(three, {
        fetchDeleteDetails: async () => ({ entities: [], dependents: [], related: [] }),
        deleteEntities: async () => {
          throw new HttpError(400, 'The request is not valid.');
        },
      });
      await flush();
      f.actor.send({ type: 'CONFIRM' });
      await flush();
      expect(f.output()).toMatchObject({
        outcome: 'failure',
        error: { message: 'Failed to delete resources. The request is not valid.', status: 400 },
      });
    });

    it("names the details failure '{n} items'", async () => {
      const f = start(three, {
        fetchDeleteDetails: async () => {
          throw new Error('Network down.');
        },
      });
      await flush();
      expect(f.output()).toMatchObject({
        outcome: 'failure',
        error: {
          message: "An error occured getting delete details for '3 items'. Network down.",
          status: undefined,
        },
      });
    });
  });
});
