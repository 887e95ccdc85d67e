import type { DeleteDetails } from '@plinth/schema';
import {
  type AnyActorLogic,
  type AnyActorRef,
  type AnyStateMachine,
  assign,
  enqueueActions,
  sendParent,
  sendTo,
  stopChild,
} from 'xstate';
import { deleteFlowMachine } from '../../deleteFlow/deleteFlowMachine.js';
import type {
  DeleteFlowItem,
  DeleteFlowNotice,
  DeleteFlowOutcome,
} from '../../deleteFlow/deleteFlowTypes.js';
import { pageAfterDelete } from '../../query/paging.js';
import { pageFetch, rowName } from '../reportContext.js';
import type { ReportContext } from '../reportMachineTypes.js';
import { type ReportGuards, reportSetup } from '../reportSetup.js';

/** The id of the delete flow a report runs while its confirmation is open. */
export const deleteFlowId = 'deleteFlow';

/** The records as the flow is given them: named by the grid's name cell (none: no name) and the report's type. */
function flowItems(context: ReportContext): DeleteFlowItem[] {
  return context.deleteIds.map((id) => ({
    id,
    name: rowName(context, id) ?? null,
    typeName: context.reportEntity?.typeName,
  }));
}

/**
 * The shared delete flow (spec 01 §4) run with the calls the report's host provided
 * (`fetchDeleteDetails`, `deleteEntities`): one machine for the grid and the runner's record
 * pages. Its toasts and the details it reads come back to the report as events.
 */
function deleteFlowOf(report: AnyActorRef) {
  const calls = (report as unknown as { logic: AnyStateMachine }).logic.implementations.actors;
  return deleteFlowMachine.provide({
    actors: {
      fetchDeleteDetails: calls.fetchDeleteDetails as never,
      deleteEntities: calls.deleteEntities as never,
    },
    actions: {
      notify: sendParent((_, notice: DeleteFlowNotice) => ({ type: 'DELETE_FLOW_NOTICE', notice })),
      detailsRead: sendParent((_, details: DeleteDetails) => ({ type: 'DELETE_FLOW_DETAILS', details })),
      finished: sendParent((_, outcome: DeleteFlowOutcome) => ({ type: 'DELETE_FLOW_FINISHED', outcome })),
    },
  });
}

/** The delete feature's actions: the flow started and steered, then the outcome taken into the grid. */
export const deleteActions = {
  holdDeleteIds: reportSetup.createAction(
    assign(({ context, event }) =>
      event.type === 'DELETE' ? { deleteIds: [...(event.ids ?? context.selectedIds)] } : {},
    ),
  ),
  startDeleteFlow: reportSetup.createAction(
    enqueueActions(({ context, enqueue, self }) => {
      // The report's actors are typed by name; the flow is spawned as logic, so loosely.
      const spawn = enqueue.spawnChild as unknown as (
        logic: AnyActorLogic,
        options: { id: string; input: unknown },
      ) => void;
      spawn(deleteFlowOf(self), { id: deleteFlowId, input: { items: flowItems(context) } });
    }),
  ),
  stopDeleteFlow: reportSetup.createAction(stopChild(deleteFlowId)),
  confirmDeleteFlow: reportSetup.createAction(sendTo(deleteFlowId, { type: 'CONFIRM' })),
  cancelDeleteFlow: reportSetup.createAction(sendTo(deleteFlowId, { type: 'CANCEL' })),
  showDeleteFlowNotice: reportSetup.createAction(
    enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'DELETE_FLOW_NOTICE') return;
      const { kind, title, text } = event.notice;
      enqueue({ type: 'notify', params: text === undefined ? { kind, title } : { kind, title, text } });
    }),
  ),
  storeDeleteDetails: reportSetup.createAction(
    assign(({ event }) => (event.type === 'DELETE_FLOW_DETAILS' ? { deleteDetails: event.details } : {})),
  ),
  dropDeleteIds: reportSetup.createAction(assign({ deleteIds: [], deleteDetails: undefined })),
  deleteDone: reportSetup.createAction(
    enqueueActions(({ context, enqueue }) => {
      const ids = context.deleteIds;
      const deleted = new Set(ids);
      const recordsCount =
        context.recordsCount === undefined ? undefined : Math.max(0, context.recordsCount - ids.length);
      const page =
        recordsCount === undefined
          ? context.page
          : pageAfterDelete({
              page: context.page,
              pageSize: context.pageSize,
              recordsCount: context.recordsCount ?? 0,
              deletedCount: ids.length,
            });
      const rows = context.rows.filter((r) => !deleted.has(r.eid));
      enqueue.assign({
        rows,
        recordsCount,
        totalItemsLoaded: rows.length,
        page,
        selectedIds: [],
        isQuickMenuStale: true,
        deleteIds: [],
        deleteDetails: undefined,
        fetchRequest: pageFetch(context, page),
      });
    }),
  ),
};

/** The delete feature's guards: only records that exist (negative ids are new rows) are deleted. */
export const deleteGuards = {
  canDelete: ({ context, event }) => {
    const ids = event.type === 'DELETE' ? (event.ids ?? context.selectedIds) : [];
    return ids.length > 0 && ids.every((id) => id >= 0);
  },
  wasDeleted: ({ event }) => event.type === 'DELETE_FLOW_FINISHED' && event.outcome.outcome === 'deleted',
} satisfies ReportGuards;
