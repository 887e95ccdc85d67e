import type { DeleteDetails } from '@plinth/schema';
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { deleteMessages } from '../machine/delete/deleteMessages.js';
import {
  deleteFailedError,
  deleteFlowTexts,
  detailsFailedError,
  nameFailedError,
  noticeOf,
} from './deleteFlowMessages.js';
import {
  type DeleteFlowContext,
  type DeleteFlowEvent,
  type DeleteFlowInput,
  type DeleteFlowItem,
  type DeleteFlowNotice,
  type DeleteFlowOutcome,
  deleteDetailsPollMs,
  type DeleteFlowActorInputs as In,
  type DeleteFlowActorOutputs as Out,
} from './deleteFlowTypes.js';

/** An actor the host has not provided: it fails, and the flow treats that as the call failing. */
const notProvided = <TOutput, TInput>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The delete flow's '${name}' actor is not provided.`);
  });

/** The records as the texts name them: as the delete details name them, else as given. */
export function namedItems(context: Pick<DeleteFlowContext, 'items' | 'details'>): DeleteFlowItem[] {
  const named = new Map(context.details?.entities.map((e) => [e.id, e]));
  return context.items.map((item) => {
    const e = named.get(item.id);
    return e ? { id: item.id, name: e.name, typeName: e.typeName } : item;
  });
}

/** Every id the confirmation showed would be deleted: the records and their dependents. */
export const shownIds = (context: DeleteFlowContext) => [
  ...context.items.map((i) => i.id),
  ...(context.details?.dependents.map((d) => d.id) ?? []),
];

/** How the flow ended: the transitions into deleted and failure store it; cancelled stores nothing. */
function outcomeOf(context: DeleteFlowContext): DeleteFlowOutcome {
  if (context.error) return { outcome: 'failure', error: context.error };
  if (context.isDeleted)
    return {
      outcome: 'deleted',
      deleted: context.deleted,
      message: deleteMessages.deleted(namedItems(context)),
    };
  return { outcome: 'cancelled' };
}

const isValidId = (id: unknown) => typeof id === 'number' && Number.isSafeInteger(id) && id >= 0;

const deleteFlowSetup = setup({
  types: {
    context: {} as DeleteFlowContext,
    events: {} as DeleteFlowEvent,
    input: {} as DeleteFlowInput,
    output: {} as DeleteFlowOutcome,
  },
  actors: {
    resolveName: notProvided<Out['resolveName'], In['resolveName']>('resolveName'),
    fetchDeleteDetails: notProvided<Out['fetchDeleteDetails'], In['fetchDeleteDetails']>(
      'fetchDeleteDetails',
    ),
    deleteEntities: notProvided<Out['deleteEntities'], In['deleteEntities']>('deleteEntities'),
  },
  actions: {
    /** The host's toast. */
    notify: (_, _notice: DeleteFlowNotice) => {},
    /** The delete details were read (a parent that shows the confirmation itself keeps them). */
    detailsRead: (_, _details: DeleteDetails) => {},
    /** The flow ended so (a parent that runs it hears it so, before its done event). */
    finished: (_, _outcome: DeleteFlowOutcome) => {},
  },
  guards: {
    isMissingItem: ({ context }) =>
      context.items.length === 0 || !context.items.every((i) => isValidId(i.id)),
    needsName: ({ context }) => context.items.length === 1 && context.items[0]?.name === undefined,
    areDetailsReady: ({ event }) => (event as { output?: unknown }).output !== undefined,
  },
  delays: {
    pollDelay: ({ context }) => context.pollDelayMs,
  },
});

const act = deleteFlowSetup.createAction;
const errorIn = (event: unknown) => (event as { error?: unknown }).error;
const outputIn = <T>(event: unknown) => (event as { output?: T }).output;

const flowActions = {
  failMissingItem: act(
    assign({
      error: {
        message: deleteMessages.missingItem,
        title: deleteMessages.missingItem,
        text: '',
        status: undefined,
      },
    }),
  ),
  storeName: act(
    assign(({ context, event }) => {
      const output = outputIn<Out['resolveName']>(event);
      const [item] = context.items;
      if (!item || !output) return {};
      return { items: [{ ...item, name: output.name, typeName: output.typeName ?? item.typeName }] };
    }),
  ),
  nameUnknown: act(
    enqueueActions(({ context, event, enqueue }) => {
      const nameError = nameFailedError(errorIn(event));
      const [item] = context.items;
      enqueue.assign({
        nameError,
        items: item ? [{ ...item, name: deleteFlowTexts.unknownName }] : context.items,
      });
      enqueue({ type: 'notify', params: { ...noticeOf(nameError), kind: 'warning' } });
    }),
  ),
  storeDetails: act(assign(({ event }) => ({ details: outputIn<Out['fetchDeleteDetails']>(event) }))),
  slowPolling: act(
    assign(({ context }) => ({ pollDelayMs: Math.min(context.pollDelayMs * 2, deleteDetailsPollMs.max) })),
  ),
  failDetails: act(
    assign(({ context, event }) => ({ error: detailsFailedError(namedItems(context), errorIn(event)) })),
  ),
  storeDeleted: act(
    assign(({ context, event }) => {
      const output = outputIn<Out['deleteEntities']>(event);
      const listed = Array.isArray(output) ? output : output?.deleted;
      return { isDeleted: true, deleted: listed ?? context.items.map((i) => i.id) };
    }),
  ),
  notifyDeleted: act(
    enqueueActions(({ context, enqueue }) => {
      enqueue({
        type: 'notify',
        params: { kind: 'success', title: deleteMessages.deleted(namedItems(context)) },
      });
    }),
  ),
  failDelete: act(
    assign(({ context, event }) => ({ error: deleteFailedError(namedItems(context), errorIn(event)) })),
  ),
  notifyFailure: act(
    enqueueActions(({ context, enqueue }) => {
      if (context.error) enqueue({ type: 'notify', params: noticeOf(context.error) });
    }),
  ),
};

/**
 * The record delete flow of spec 01 §4: start (resolve the name of a record given without one),
 * fetching delete details (asked again after 200 ms, doubling to 1000 ms, while the server says
 * they are not ready), waiting for confirmation, confirmed (performing the delete), then deleted;
 * or cancelled; or failure at any step. Its texts are spec 01 §8's, shared with the report grid.
 * The calls are actors the host provides with `.provide()`; `notify` is the host's toast.
 */
export const deleteFlowMachine = deleteFlowSetup.extend({ actions: flowActions }).createMachine({
  id: 'deleteFlow',
  context: ({ input }) => ({
    items: (input?.items ?? []).map((i) => ({ ...i })),
    details: undefined,
    pollDelayMs: deleteDetailsPollMs.initial,
    nameError: undefined,
    error: undefined,
    deleted: [],
    isDeleted: false,
  }),
  initial: 'start',
  states: {
    start: {
      initial: 'checking',
      states: {
        checking: {
          always: [
            { guard: 'isMissingItem', target: '#deleteFlow.failure', actions: 'failMissingItem' },
            { guard: 'needsName', target: 'resolvingName' },
            { target: '#deleteFlow.fetchingDeleteDetails' },
          ],
        },
        resolvingName: {
          invoke: {
            src: 'resolveName',
            input: ({ context }) => ({ id: context.items[0]!.id }),
            onDone: { target: '#deleteFlow.fetchingDeleteDetails', actions: 'storeName' },
            onError: { target: '#deleteFlow.fetchingDeleteDetails', actions: 'nameUnknown' },
          },
        },
      },
      on: { CANCEL: 'cancelled' },
    },
    fetchingDeleteDetails: {
      initial: 'requesting',
      states: {
        requesting: {
          invoke: {
            src: 'fetchDeleteDetails',
            input: ({ context }) => ({ ids: context.items.map((i) => i.id) }),
            onDone: [
              {
                guard: 'areDetailsReady',
                target: '#deleteFlow.waitingForConfirmation',
                actions: [
                  'storeDetails',
                  {
                    type: 'detailsRead',
                    params: ({ event }) => event.output as DeleteDetails,
                  },
                ],
              },
              { target: 'waitingToPoll' },
            ],
            onError: { target: '#deleteFlow.failure', actions: 'failDetails' },
          },
        },
        waitingToPoll: {
          after: { pollDelay: { target: 'requesting', actions: 'slowPolling' } },
        },
      },
      on: { CANCEL: 'cancelled' },
    },
    waitingForConfirmation: {
      on: { CONFIRM: 'confirmed', CANCEL: 'cancelled' },
    },
    // Performing the delete: it cannot be cancelled any more.
    confirmed: {
      invoke: {
        src: 'deleteEntities',
        input: ({ context }) => ({ ids: context.items.map((i) => i.id), shown: shownIds(context) }),
        onDone: { target: 'deleted', actions: ['storeDeleted', 'notifyDeleted'] },
        onError: { target: 'failure', actions: 'failDelete' },
      },
    },
    deleted: { type: 'final', entry: { type: 'finished', params: ({ context }) => outcomeOf(context) } },
    cancelled: { type: 'final', entry: { type: 'finished', params: ({ context }) => outcomeOf(context) } },
    failure: {
      type: 'final',
      entry: ['notifyFailure', { type: 'finished', params: ({ context }) => outcomeOf(context) }],
    },
  },
  output: ({ context }) => outcomeOf(context),
});
