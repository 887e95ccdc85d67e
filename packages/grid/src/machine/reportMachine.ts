import { recordsToSave } from '../query/inlineSaveOutcome.js';
import { deleteActions, deleteGuards } from './delete/deleteActions.js';
import { exportActions } from './export/exportActions.js';
import { fetchingActions, fetchingGuards } from './fetching/fetchingActions.js';
import { inlineEditActions } from './inlineEdit/inlineEditActions.js';
import { inlineEditDelays, inlineEditGuards } from './inlineEdit/inlineEditGuards.js';
import { keptViewActions, keptViewGuards } from './keptView/keptViewActions.js';
import { pagingActions, pagingGuards } from './paging/pagingActions.js';
import { initialReportContext, pageFetch, queryOf } from './reportContext.js';
import type { ReportContext } from './reportMachineTypes.js';
import { reportSetup } from './reportSetup.js';
import { selectionActions, selectionGuards } from './selection/selectionActions.js';

/** Quick search waits this long after the last keystroke (spec 02 §9). */
export const quickSearchDebounceMs = 500;

/**
 * The report machine of spec 02 §4: fetching, paging, searching, selecting, exporting, deleting,
 * resetting the view and inline editing. Every call is a named actor and every side effect a named
 * action; the host provides both with `.provide()`. Each feature folder (fetching/, paging/,
 * selection/, export/, inlineEdit/, delete/, keptView/) holds its actors, actions and guards; this
 * file composes them into the statechart.
 *
 * @example
 * const machine = reportMachine.provide({
 *   actors: { fetchReportResults: fromPromise(({ input }) => client.runReport(input.reportId, input.query)) },
 *   actions: { notify: (_, toast) => toasts.add(toast) },
 * });
 * const actor = createActor(machine, { input: { reportId: 123 } }).start();
 */
export const reportMachine = reportSetup
  .extend({
    actions: {
      ...fetchingActions,
      ...pagingActions,
      ...selectionActions,
      ...exportActions,
      ...inlineEditActions,
      ...deleteActions,
      ...keptViewActions,
    },
    guards: {
      ...fetchingGuards,
      ...pagingGuards,
      ...selectionGuards,
      ...inlineEditGuards,
      ...deleteGuards,
      ...keptViewGuards,
    },
    delays: inlineEditDelays,
  })
  .createMachine({
    id: 'report',
    context: ({ input }) => initialReportContext(input),
    initial: 'initialising',
    // Edits, selection and modes are taken in every state; each state adds what it allows.
    on: {
      EDIT_CELL: { actions: 'editCell' },
      INVALID_DATE: { actions: 'invalidDate' },
      SELECT_ROWS: { actions: 'selectRows' },
      ENTER_MULTI_SELECT: { actions: 'enterMultiSelect' },
      EXIT_MULTI_SELECT: { actions: 'exitMultiSelect' },
      SEARCH: { actions: ['assignSearch', 'holdSearch'] },
    },
    states: {
      initialising: {
        invoke: {
          src: 'fetchTenantSettings',
          onDone: { target: 'ready', actions: ['storeTenantSettings', 'raiseLoad'] },
          // Tenant settings fail: the defaults stay (spec 02 §8).
          onError: { target: 'ready', actions: 'raiseLoad' },
        },
      },
      ready: {
        initial: 'idle',
        always: [
          { guard: 'hasPendingEventToReplay', actions: 'replayPendingEvent' },
          { guard: 'isSearchPending', target: '.searchDebouncing', actions: 'dropSearchHold' },
          { guard: 'isQuickMenuStale', target: 'fetchingQuickMenuActions' },
        ],
        states: {
          idle: {},
          searchDebouncing: {
            // Left for anything else (a selection's quick menu, a row read): the search is held and
            // resumes in ready; the first-page fetch it starts takes it.
            exit: 'holdSearch',
            after: {
              [quickSearchDebounceMs]: { target: '#report.fetchingReportResults', actions: 'startSearch' },
            },
          },
        },
        on: readyTransitions(),
      },
      fetchingReportInfo: {
        type: 'parallel',
        // Failures are ignored: each part ends either way, then the results are fetched (spec 02 §8).
        states: {
          quickMenu: infoPart('fetchQuickMenuActions', 'storeQuickMenu', 'markQuickMenuFetched'),
          reportEntity: infoPart('fetchReportEntity', 'storeReportEntity'),
          isOfTypeRelationship: infoPart('fetchIsOfTypeRelationshipId', 'storeIsOfTypeRelationshipId'),
          personDerivedTypes: infoPart('fetchPersonDerivedTypes', 'storePersonDerivedTypes'),
        },
        onDone: { target: 'fetchingReportResults' },
      },
      fetchingReportResults: {
        entry: 'takeHeldSearch',
        invoke: {
          src: 'fetchReportResults',
          input: ({ context }) => ({
            reportId: context.reportId,
            usage: context.usage,
            query: queryOf(context),
          }),
          onDone: { target: 'ready', actions: 'storeAnswer' },
          onError: [
            // A kept view the report refuses (a column since removed): its defaults instead.
            {
              guard: 'isKeptViewRefused',
              target: 'fetchingReportResults',
              reenter: true,
              actions: 'dropKeptView',
            },
            { target: 'ready', actions: 'storeFetchError' },
          ],
        },
        on: {
          // A quick search meanwhile returns to ready; the running fetch's answer is discarded.
          SEARCH: { target: 'ready.searchDebouncing', actions: 'assignSearch' },
          // A refresh follows a change the running fetch may not show: it starts again from page 1.
          REFRESH: {
            guard: 'isNotInlineEditing',
            target: 'fetchingReportResults',
            reenter: true,
            actions: 'prepareRefresh',
          },
          APPLY_SORT: { target: 'fetchingReportResults', reenter: true, actions: 'applySort' },
          APPLY_FILTERS: { target: 'fetchingReportResults', reenter: true, actions: 'applyFilters' },
        },
      },
      exportingReportData: {
        invoke: {
          src: 'exportReportData',
          input: ({ context, event }) => ({
            reportId: context.reportId,
            format: event.type === 'EXPORT' ? event.format : 'excel',
            query: queryOf(context, pageFetch(context, 1)),
          }),
          onDone: { target: 'ready', actions: 'exportDone' },
          onError: { target: 'ready', actions: 'exportFailed' },
        },
      },
      fetchingQuickMenuActions: {
        invoke: {
          src: 'fetchQuickMenuActions',
          input: ({ context }) => ({ reportId: context.reportId, selectedIds: [...context.selectedIds] }),
          onDone: { target: 'ready', actions: 'storeQuickMenu' },
          onError: { target: 'ready', actions: 'markQuickMenuFetched' },
        },
        // The grid stays usable while the quick menu is read.
        on: readyTransitions(),
      },
      fetchingPageAndEntityType: {
        invoke: {
          src: 'fetchPageAndEntityType',
          input: ({ context }) => ({ reportId: context.reportId }),
          onDone: { target: 'ready', actions: 'enterInlineEditing' },
          // Without the form every column shows 'No associated form found for this field'.
          onError: { target: 'ready', actions: 'enterInlineEditing' },
        },
      },
      fetchingRowEntity: {
        invoke: {
          src: 'fetchRowEntity',
          input: ({ context }) => ({ eid: context.openRowId ?? 0 }),
          onDone: { target: 'ready', actions: 'navigateToOpenedRow' },
          onError: { target: 'ready', actions: 'navigateToOpenedRow' },
        },
      },
      fetchingEntityForInlineEditDebouncing: {
        after: { inlineEditRowDelay: { target: 'fetchingEntityForInlineEdit' } },
        on: readyTransitions(),
      },
      fetchingEntityForInlineEdit: {
        always: { guard: 'isInlineEditRowCached', target: 'ready' },
        invoke: {
          src: 'fetchEntityForInlineEdit',
          input: ({ context }) => ({ eid: context.inlineEditRowId ?? 0 }),
          onDone: { target: 'ready', actions: 'storeInlineEditEntity' },
          onError: { target: 'ready' },
        },
        on: readyTransitions(),
      },
      savingModifiedEntities: {
        entry: 'startSaving',
        exit: 'stopSaving',
        initial: 'waitingForBehaviour',
        states: {
          waitingForBehaviour: {
            invoke: {
              src: 'waitForPendingBehaviour',
              onDone: [{ guard: 'hasNothingToSave', target: 'settled' }, { target: 'saving' }],
              onError: [{ guard: 'hasNothingToSave', target: 'settled' }, { target: 'saving' }],
            },
          },
          saving: {
            invoke: {
              src: 'saveModifiedEntities',
              input: ({ context }) => ({
                records: recordsToSave(Object.values(context.editedRecords)).toSave,
              }),
              onDone: { target: 'settled', actions: 'storeSaveResults' },
              // A save failure shows an error toast and the grid refreshes (spec 02 §4).
              onError: { target: '#report.fetchingReportResults', actions: 'saveFailed' },
            },
          },
          settled: {
            always: [
              {
                guard: 'saveNeedsRefetch',
                target: '#report.fetchingReportResults',
                actions: ['applySaveOutcome', 'prepareRefetchWithoutMetadata'],
              },
              { target: '#report.ready', actions: 'applySaveOutcome' },
            ],
          },
        },
      },
      confirmingUnsavedChanges: {
        on: {
          STAY: { target: 'ready', actions: 'dropPendingEvent' },
          CANCEL: { target: 'ready', actions: 'dropPendingEvent' },
          LEAVE: { target: 'ready', actions: 'leaveInlineEditing' },
          LEAVE_AND_SAVE: { target: 'savingModifiedEntities' },
        },
      },
      confirmingResetReportView: {
        on: {
          CONFIRM: { target: 'fetchingReportResults', actions: 'resetView' },
          CANCEL: { target: 'ready' },
        },
      },
      // The delete flow of spec 01 §4, the machine the runner's record pages run too: what it
      // takes, the confirmation naming it, then the delete of exactly what was shown (decision
      // 0033); cancelled or failed at any step. The flow says how it went in its own toasts.
      confirmingDelete: {
        entry: 'startDeleteFlow',
        exit: 'stopDeleteFlow',
        on: {
          CONFIRM: { actions: 'confirmDeleteFlow' },
          CANCEL: { actions: 'cancelDeleteFlow' },
          DELETE_FLOW_NOTICE: { actions: 'showDeleteFlowNotice' },
          DELETE_FLOW_DETAILS: { actions: 'storeDeleteDetails' },
          DELETE_FLOW_FINISHED: [
            { guard: 'wasDeleted', target: 'fetchingReportResults', actions: 'deleteDone' },
            { target: 'ready', actions: 'dropDeleteIds' },
          ],
        },
      },
    },
  });

/** Paging: with unsaved inline edits it asks first; with none it leaves inline editing (spec 02 §4). */
function pagingTransition() {
  return [
    {
      guard: 'isEditingWithChanges' as const,
      target: '#report.confirmingUnsavedChanges',
      actions: 'holdEvent' as const,
    },
    {
      target: '#report.fetchingReportResults',
      actions: ['leaveInlineEditing' as const, 'preparePage' as const],
    },
  ];
}

/**
 * What ready takes — and the short fetches that keep the grid usable (quick menu, inline-edit row):
 * every target is absolute so the same transitions serve each of them.
 */
function readyTransitions() {
  return {
    LOAD: { target: '#report.fetchingReportInfo', actions: 'prepareLoad' },
    REFRESH: {
      guard: 'isNotInlineEditing',
      target: '#report.fetchingReportResults',
      actions: 'prepareRefresh',
    },
    GOTO_PAGE: pagingTransition(),
    NEXT_PAGE: pagingTransition(),
    PREVIOUS_PAGE: pagingTransition(),
    FIRST_PAGE: pagingTransition(),
    LOAD_NEXT_PAGE: {
      guard: 'hasMore',
      target: '#report.fetchingReportResults',
      actions: 'prepareNextPageAppend',
    },
    LOAD_MORE_IN_GROUP: {
      guard: 'groupHasMore',
      target: '#report.fetchingReportResults',
      actions: 'prepareGroupLoadMore',
    },
    SEARCH: { target: '#report.ready.searchDebouncing', reenter: true, actions: 'assignSearch' },
    APPLY_SORT: { target: '#report.fetchingReportResults', actions: 'applySort' },
    APPLY_FILTERS: { target: '#report.fetchingReportResults', actions: 'applyFilters' },
    // A new selection (re)starts the quick-menu fetch: an earlier answer is stale and discarded.
    SELECT_ROWS: { target: '#report.fetchingQuickMenuActions', reenter: true, actions: 'selectRows' },
    RUN_ACTION: { actions: 'runAction' },
    OPEN_ROW: { guard: 'isNotInlineEditing', target: '#report.fetchingRowEntity', actions: 'openRow' },
    EXPORT: { target: '#report.exportingReportData' },
    DELETE: { guard: 'canDelete', target: '#report.confirmingDelete', actions: 'holdDeleteIds' },
    RESET_VIEW: { guard: 'isNotInlineEditing', target: '#report.confirmingResetReportView' },
    EDIT_INLINE: { guard: 'isNotInlineEditing', target: '#report.fetchingPageAndEntityType' },
    START_ROW_EDIT: {
      guard: 'isInlineEditing',
      target: '#report.fetchingEntityForInlineEditDebouncing',
      reenter: true,
      actions: 'startRowEdit',
    },
    SAVE: { guard: 'isSaveEnabled', target: '#report.savingModifiedEntities' },
    DISCARD: [
      {
        guard: 'isDiscardingOutdatedRows',
        target: '#report.fetchingReportResults',
        actions: ['leaveInlineEditing', 'prepareRefetchWithoutMetadata'],
      },
      { guard: 'isInlineEditing', target: '#report.ready.idle', actions: 'leaveInlineEditing' },
    ],
    REQUEST_LEAVE: [
      { guard: 'isEditingWithChanges', target: '#report.confirmingUnsavedChanges', actions: 'holdEvent' },
      { actions: ['leaveInlineEditing', 'leave'] },
    ],
  } as const;
}

/** One part of fetchingReportInfo: call, keep the answer, and finish either way. */
function infoPart(
  src:
    | 'fetchQuickMenuActions'
    | 'fetchReportEntity'
    | 'fetchIsOfTypeRelationshipId'
    | 'fetchPersonDerivedTypes',
  store: 'storeQuickMenu' | 'storeReportEntity' | 'storeIsOfTypeRelationshipId' | 'storePersonDerivedTypes',
  onFailure?: 'markQuickMenuFetched',
) {
  return {
    initial: 'loading' as const,
    states: {
      loading: {
        invoke: {
          src,
          input: ({ context }: { context: ReportContext }) => ({
            reportId: context.reportId,
            selectedIds: [...context.selectedIds],
          }),
          onDone: { target: 'done' as const, actions: store },
          onError: { target: 'done' as const, ...(onFailure ? { actions: onFailure } : {}) },
        },
      },
      done: { type: 'final' as const },
    },
  };
}
