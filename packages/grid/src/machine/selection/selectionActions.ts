import { assign, enqueueActions } from 'xstate';
import { applySelection, selectionAfterMultiSelect } from '../../query/selection.js';
import type { ReportActorOutputs as Out } from '../reportMachineTypes.js';
import { type ReportGuards, reportSetup } from '../reportSetup.js';
import { routeAction, rowOpenIntent } from './routeAction.js';

const isQuickMenu = (value: unknown): value is Out['fetchQuickMenuActions'] =>
  typeof value === 'object' && value !== null && Array.isArray((value as { actions?: unknown }).actions);

/**
 * The selection feature's actions: selecting rows, multi-select, the quick menu, running its
 * actions and opening a row.
 */
export const selectionActions = {
  selectRows: reportSetup.createAction(
    enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'SELECT_ROWS') return;
      const result = applySelection({
        requested: Array.isArray(event.ids) ? event.ids.filter((id) => Number.isFinite(id)) : [],
        mode: context.mode,
        usage: context.usage,
        actions: context.quickMenu?.actions ?? [],
      });
      enqueue.assign({ selectedIds: result.selectedIds, mode: result.mode, isQuickMenuStale: true });
      if (result.warning) enqueue({ type: 'notify', params: { kind: 'warning', title: result.warning } });
    }),
  ),
  enterMultiSelect: reportSetup.createAction(
    assign(({ context }) => (context.mode === 'default' ? { mode: 'multiSelect' as const } : {})),
  ),
  exitMultiSelect: reportSetup.createAction(
    enqueueActions(({ context, enqueue }) => {
      if (context.mode !== 'multiSelect') return;
      enqueue({ type: 'reportSelection', params: [...context.selectedIds] });
      enqueue.assign({
        mode: 'default',
        selectedIds: selectionAfterMultiSelect(context.selectedIds),
        isQuickMenuStale: true,
      });
    }),
  ),
  storeQuickMenu: reportSetup.createAction(
    assign(({ event }) =>
      'output' in event && isQuickMenu(event.output)
        ? { quickMenu: event.output, isQuickMenuStale: false }
        : { isQuickMenuStale: false },
    ),
  ),
  markQuickMenuFetched: reportSetup.createAction(assign({ isQuickMenuStale: false })),
  runAction: reportSetup.createAction(
    enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'RUN_ACTION' || typeof event.action !== 'object' || event.action === null) return;
      const step = routeAction(context, event.action);
      if (step.kind === 'event') enqueue.raise(step.event);
      else if (step.kind === 'navigate') enqueue({ type: 'navigate', params: step.intent });
      else if (step.kind === 'host')
        enqueue({
          type: 'runHostAction',
          params: { action: event.action, selectedIds: [...context.selectedIds] },
        });
    }),
  ),
  openRow: reportSetup.createAction(
    assign(({ event }) => (event.type === 'OPEN_ROW' ? { openRowId: event.eid } : {})),
  ),
  navigateToOpenedRow: reportSetup.createAction(
    enqueueActions(({ context, event, enqueue }) => {
      if (context.openRowId === undefined) return;
      const entity = 'output' in event ? (event.output as Out['fetchRowEntity']) : undefined;
      enqueue({ type: 'navigate', params: rowOpenIntent(context, context.openRowId, entity) });
      enqueue.assign({ openRowId: undefined });
    }),
  ),
};

/** The selection feature's guards. */
export const selectionGuards = {
  isQuickMenuStale: ({ context }) => context.isQuickMenuStale,
} satisfies ReportGuards;
