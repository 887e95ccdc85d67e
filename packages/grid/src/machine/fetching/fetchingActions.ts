import { assign, raise } from 'xstate';
import { errorMessage, pageFetch } from '../reportContext.js';
import type { ReportActorOutputs as Out } from '../reportMachineTypes.js';
import { type ReportGuards, reportSetup } from '../reportSetup.js';
import { withReportAnswer } from './reportAnswer.js';

/**
 * The fetching feature's actions: loading, refreshing, sort, filters, quick search, and storing
 * what the report calls answer.
 */
export const fetchingActions = {
  raiseLoad: reportSetup.createAction(raise({ type: 'LOAD' })),
  prepareLoad: reportSetup.createAction(
    assign(({ context }) => ({ fetchRequest: pageFetch(context, 1, { metadata: 'full' }) })),
  ),
  prepareRefresh: reportSetup.createAction(
    assign(({ context }) => ({ fetchRequest: pageFetch(context, 1, { metadata: 'full' }) })),
  ),
  applySort: reportSetup.createAction(
    assign(({ context, event }) =>
      event.type === 'APPLY_SORT' ? { sort: [...event.sort], fetchRequest: pageFetch(context, 1) } : {},
    ),
  ),
  applyFilters: reportSetup.createAction(
    assign(({ context, event }) =>
      event.type === 'APPLY_FILTERS'
        ? { conds: [...event.conds], limitValue: event.limitValue, fetchRequest: pageFetch(context, 1) }
        : {},
    ),
  ),
  storeAnswer: reportSetup.createAction(
    assign(({ context, event }) => ('output' in event ? withReportAnswer(context, event.output) : {})),
  ),
  storeFetchError: reportSetup.createAction(
    assign(({ event }) => ({
      errorText: errorMessage('error' in event ? event.error : undefined),
    })),
  ),
  storeTenantSettings: reportSetup.createAction(
    assign(({ context, event }) =>
      'output' in event && typeof event.output === 'object' && event.output !== null
        ? { tenantSettings: { ...context.tenantSettings, ...event.output } }
        : {},
    ),
  ),
  storeReportEntity: reportSetup.createAction(
    assign(({ event }) =>
      'output' in event ? { reportEntity: event.output as Out['fetchReportEntity'] } : {},
    ),
  ),
  storeIsOfTypeRelationshipId: reportSetup.createAction(
    assign(({ event }) =>
      'output' in event ? { isOfTypeRelationshipId: event.output as Out['fetchIsOfTypeRelationshipId'] } : {},
    ),
  ),
  storePersonDerivedTypes: reportSetup.createAction(
    assign(({ event }) =>
      'output' in event && Array.isArray(event.output)
        ? { personDerivedTypeIds: event.output as Out['fetchPersonDerivedTypes'] }
        : {},
    ),
  ),
  holdSearch: reportSetup.createAction(assign({ isSearchPending: true })),
  dropSearchHold: reportSetup.createAction(assign({ isSearchPending: false })),
  // A fetch of the first page sends the search typed meanwhile: nothing is left to run.
  takeHeldSearch: reportSetup.createAction(
    assign(({ context }) =>
      context.fetchRequest.startIndex === 0 && !context.fetchRequest.append ? { isSearchPending: false } : {},
    ),
  ),
  assignSearch: reportSetup.createAction(
    assign(({ event }) => (event.type === 'SEARCH' ? { searchValue: event.value } : {})),
  ),
  startSearch: reportSetup.createAction(
    assign(({ context }) => ({
      fetchRequest: pageFetch(context, 1),
      ...(context.usage === 'picker' ? {} : { selectedIds: [], isQuickMenuStale: true }),
    })),
  ),
};

/** The fetching feature's guards. */
export const fetchingGuards = {
  isSearchPending: ({ context }) => context.isSearchPending,
} satisfies ReportGuards;
