import { assign, enqueueActions } from 'xstate';
import { pageFetch } from '../reportContext.js';
import { reportMessages } from '../reportMessages.js';
import { type ReportGuards, reportSetup } from '../reportSetup.js';

/**
 * The view feature's actions: a kept view dropped when the report refuses it, and the reset to
 * the report's defaults.
 */
export const keptViewActions = {
  dropKeptView: reportSetup.createAction(
    assign(({ context }) => ({
      isKeptView: false,
      sort: undefined,
      conds: [],
      limitValue: undefined,
      searchValue: '',
      fetchRequest: pageFetch(context, 1, { metadata: 'full' }),
    })),
  ),
  resetView: reportSetup.createAction(
    enqueueActions(({ context, enqueue }) => {
      enqueue.assign({
        sort: undefined,
        conds: [],
        limitValue: undefined,
        searchValue: '',
        page: 1,
        lastLoadMoreGroup: undefined,
        fetchRequest: { ...pageFetch(context, 1, { metadata: 'full', isReset: true }) },
      });
      enqueue('resetColumnState');
      enqueue({ type: 'notify', params: { kind: 'success', title: reportMessages.resetDone } });
    }),
  ),
};

/** The view feature's guards. */
export const keptViewGuards = {
  isKeptViewRefused: ({ context }) => context.isKeptView && context.meta === undefined,
} satisfies ReportGuards;
