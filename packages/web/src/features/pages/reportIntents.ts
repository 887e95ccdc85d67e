import type { NavigationIntent } from '@plinth/grid';
import type { NavigationAction } from '@plinth/schema';

/**
 * The navigation a report on a page asks for, as the runner's actions (spec 01 §2): records open
 * as their form page in a modal, in view or edit mode; tasks always in view; new records on the
 * type's new-record page. Generated documents and workflow runs stay with the report.
 */
export function intentAction(intent: NavigationIntent): NavigationAction | null {
  switch (intent.kind) {
    case 'viewForm':
      return { type: 'NAVIGATE_TO_FORM_PAGE', recordId: intent.recordId, formMode: 'view', openAs: 'modal' };
    case 'editForm':
      return { type: 'NAVIGATE_TO_FORM_PAGE', recordId: intent.recordId, formMode: 'edit', openAs: 'modal' };
    case 'createForm':
      // The intent's form id names a form definition, not a page: the type's own new-record page opens.
      return { type: 'NAVIGATE_TO_NEW_RESOURCE_PAGE', typeId: intent.typeId, openAs: 'modal' };
    case 'task':
      return { type: 'NAVIGATE_TO_TASK', taskId: intent.taskId };
    case 'processRun':
      return { type: 'NAVIGATE_TO_FORM_PAGE', recordId: intent.runId, formMode: 'view', openAs: 'modal' };
    case 'documentExport':
    case 'workflowRun':
      return null;
  }
}

/** The page variable a report's selection is published as: its own setting, else from its id. */
export function selectionVariableName(componentId: string, configured: string | undefined): string {
  const own = configured?.trim();
  if (own) return own;
  const safe = componentId.replace(/\W/g, '_');
  return `${/^[A-Za-z_]/.test(safe) ? '' : '_'}${safe}_SelectedRecords`;
}
