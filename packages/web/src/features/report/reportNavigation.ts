import type { NavigationIntent } from '@plinth/grid';

/**
 * Where a report's navigation intent leads in the runner (spec 01 §2 routes and query
 * parameters; spec 02 §2 intents). Task and process-run records open in the record view until
 * their own pages exist; documents generated from a template and workflow runs have no page.
 */
export function intentUrl(appSlug: string, intent: NavigationIntent): string | null {
  const app = `/apps/${encodeURIComponent(appSlug)}`;
  switch (intent.kind) {
    case 'viewForm':
      return `${app}/_viewRecord?cid=${intent.recordId}&formMode=view`;
    case 'editForm':
      return `${app}/_editRecord?cid=${intent.recordId}&formMode=edit`;
    case 'createForm':
      // The intent's form id names a form definition, not a page: the type's own new-record page opens.
      return `${app}/_createRecord?cid=${intent.typeId}`;
    case 'task':
      return `${app}/_viewRecord?cid=${intent.taskId}&formMode=view`;
    case 'processRun':
      return `${app}/_viewRecord?cid=${intent.runId}&formMode=view`;
    case 'documentExport':
    case 'workflowRun':
      return null;
  }
}
