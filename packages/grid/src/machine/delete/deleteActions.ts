import { assign, enqueueActions } from 'xstate';
import { pageAfterDelete } from '../../query/paging.js';
import { errorMessage, pageFetch } from '../reportContext.js';
import type { ReportActorOutputs as Out } from '../reportMachineTypes.js';
import { type ReportGuards, reportSetup } from '../reportSetup.js';
import { deleteItems } from './deleteItems.js';
import { deleteMessages } from './deleteMessages.js';

/** The delete feature's actions (spec 01 §4): what is shown for confirmation, then the outcome. */
export const deleteActions = {
  holdDeleteIds: reportSetup.createAction(
    assign(({ context, event }) =>
      event.type === 'DELETE' ? { deleteIds: [...(event.ids ?? context.selectedIds)] } : {},
    ),
  ),
  dropDeleteIds: reportSetup.createAction(assign({ deleteIds: [], deleteDetails: undefined })),
  storeDeleteDetails: reportSetup.createAction(
    assign(({ event }) =>
      'output' in event ? { deleteDetails: event.output as Out['fetchDeleteDetails'] } : {},
    ),
  ),
  deleteDetailsFailed: reportSetup.createAction(
    enqueueActions(({ context, event, enqueue }) => {
      const title = deleteMessages.detailsFailed(deleteItems(context));
      enqueue.assign({ deleteIds: [], deleteDetails: undefined });
      const text = errorMessage('error' in event ? event.error : undefined);
      enqueue({ type: 'notify', params: { kind: 'error', title, text } });
    }),
  ),
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
      const title = deleteMessages.deleted(deleteItems(context));
      enqueue({ type: 'notify', params: { kind: 'success', title } });
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
  deleteFailed: reportSetup.createAction(
    enqueueActions(({ context, event, enqueue }) => {
      const error: unknown = 'error' in event ? event.error : undefined;
      const title = deleteMessages.failed(deleteItems(context));
      enqueue.assign({ deleteIds: [], deleteDetails: undefined });
      enqueue({ type: 'notify', params: { kind: 'error', title, text: errorMessage(error) } });
    }),
  ),
};

/** The delete feature's guards: only records that exist (negative ids are new rows) are deleted. */
export const deleteGuards = {
  canDelete: ({ context, event }) => {
    const ids = event.type === 'DELETE' ? (event.ids ?? context.selectedIds) : [];
    return ids.length > 0 && ids.every((id) => id >= 0);
  },
} satisfies ReportGuards;
