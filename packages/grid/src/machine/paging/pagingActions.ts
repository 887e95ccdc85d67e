import { assign } from 'xstate';
import { groupLoadMoreSize } from '../../query/groupLoadMoreSize.js';
import { pageAfter } from '../../query/paging.js';
import { appendFetch, pageFetch } from '../reportContext.js';
import { type ReportGuards, reportSetup } from '../reportSetup.js';
import { groupFetch, groupHasMore } from './groupReads.js';

/** The paging feature's actions: the page asked for, live scroll's next rows and a group's Load more. */
export const pagingActions = {
  preparePage: reportSetup.createAction(
    assign(({ context, event }) => {
      const command =
        event.type === 'GOTO_PAGE'
          ? ({ kind: 'goto', page: event.page } as const)
          : event.type === 'NEXT_PAGE'
            ? ({ kind: 'next' } as const)
            : event.type === 'PREVIOUS_PAGE'
              ? ({ kind: 'previous' } as const)
              : ({ kind: 'first' } as const);
      return {
        fetchRequest: pageFetch(context, pageAfter(command, context.page, context.availablePagesCount)),
      };
    }),
  ),
  prepareNextPageAppend: reportSetup.createAction(
    assign(({ context }) => ({ fetchRequest: appendFetch(context, context.pageSize) })),
  ),
  // The group's next rows (spec 02 §9 size); rows of a group the report sent no header for read on
  // in the report's order.
  prepareGroupLoadMore: reportSetup.createAction(
    assign(({ context, event }) => {
      if (event.type !== 'LOAD_MORE_IN_GROUP') return {};
      const size = groupLoadMoreSize(context.pageSize, event.groupKey, context.lastLoadMoreGroup);
      return {
        fetchRequest: groupFetch(context, event.groupKey, size) ?? appendFetch(context, size),
        lastLoadMoreGroup: event.groupKey,
      };
    }),
  ),
};

/** The paging feature's guards: live scroll and a group's Load more only while there is more. */
export const pagingGuards = {
  hasMore: ({ context }) => context.hasMore && context.usage !== 'build',
  groupHasMore: ({ context, event }) =>
    event.type === 'LOAD_MORE_IN_GROUP' &&
    typeof event.groupKey === 'string' &&
    groupHasMore(context, event.groupKey),
} satisfies ReportGuards;
