import { isExportFormat } from '@plinth/schema';
import { isActionEnabled, openRecordIntent } from '../../query/actionRules.js';
import type { NavigationIntent, QuickMenuAction, RowId } from '../../types.js';
import { isDocumentReport } from '../reportContext.js';
import type { ReportContext, ReportEvent, RowEntity } from '../reportMachineTypes.js';

/** What running a quick-menu action does: a machine event, a navigation intent, or the host's own work. */
export type ActionStep =
  | { kind: 'event'; event: ReportEvent }
  | { kind: 'navigate'; intent: NavigationIntent }
  | { kind: 'host' }
  | { kind: 'none' };

const customEvents: Record<string, ReportEvent> = {
  enterMultiSelectMode: { type: 'ENTER_MULTI_SELECT' },
  exitMultiSelectMode: { type: 'EXIT_MULTI_SELECT' },
  editInline: { type: 'EDIT_INLINE' },
  resetToDefault: { type: 'RESET_VIEW' },
};

const numberOf = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/**
 * Routes a quick-menu action (spec 02 §2, §3): navigation intents for the host page, delete,
 * export, multi-select, inline editing and reset as machine events; documents, the form panel,
 * relationships and notifications to the host. A disabled action does nothing.
 */
export function routeAction(context: ReportContext, action: QuickMenuAction): ActionStep {
  const selectedIds = context.selectedIds;
  if (!isActionEnabled(action, { selectedIds, areFiles: isDocumentReport(context) })) return { kind: 'none' };
  const first = selectedIds[0];
  switch (action.method) {
    case 'navigate':
      if (action.state === 'createForm') {
        const formId = numberOf(action.data?.TypeDefaultForm);
        return {
          kind: 'navigate',
          intent: { kind: 'createForm', typeId: action.eid, ...(formId !== undefined ? { formId } : {}) },
        };
      }
      if (first === undefined) return { kind: 'none' };
      if (action.state === 'taskView') return { kind: 'navigate', intent: { kind: 'task', taskId: first } };
      if (action.state === 'editForm' || action.state === 'viewForm')
        return {
          kind: 'navigate',
          intent: openRecordIntent(first, action.state, context.quickMenu?.actions ?? []),
        };
      return { kind: 'host' };
    case 'delete':
      return { kind: 'event', event: { type: 'DELETE', ids: [...selectedIds] } };
    case 'export':
      return isExportFormat(action.state)
        ? { kind: 'event', event: { type: 'EXPORT', format: action.state } }
        : { kind: 'none' };
    case 'generate': {
      const templateId = numberOf(action.data?.ReportTemplateId);
      if (first === undefined || templateId === undefined) return { kind: 'none' };
      return { kind: 'navigate', intent: { kind: 'documentExport', recordId: first, templateId } };
    }
    case 'run':
      return {
        kind: 'navigate',
        intent: {
          kind: 'workflowRun',
          workflowId: action.eid,
          ...(selectedIds.length > 0 ? { resourceIds: [...selectedIds] } : {}),
          // The workflow's argument the records go in (the server's run item names it).
          ...(typeof action.data?.WorkflowArgument === 'string'
            ? { argumentName: action.data.WorkflowArgument }
            : {}),
        },
      };
    case 'custom': {
      const event = customEvents[action.state];
      return event ? { kind: 'event', event } : { kind: 'host' };
    }
    default:
      return { kind: 'host' };
  }
}

/**
 * Where a row double-click goes (spec 02 §2): tasks to the task, process runs to the run, other
 * records to the view or edit form by the report's setting, edit falling back to view when the
 * record cannot be modified. Without the row entity the setting alone decides.
 */
export function rowOpenIntent(
  context: ReportContext,
  eid: RowId,
  entity: RowEntity | undefined,
): NavigationIntent {
  if (entity?.isTask) return { kind: 'task', taskId: eid };
  if (entity?.isProcessRun) return { kind: 'processRun', runId: eid };
  if (context.doubleClickOpens === 'editForm' && entity?.canModify !== undefined)
    return entity.canModify ? { kind: 'editForm', recordId: eid } : { kind: 'viewForm', recordId: eid };
  return openRecordIntent(eid, context.doubleClickOpens, context.quickMenu?.actions ?? []);
}
