import { Button, ConfirmDialog, LoadingGrid, toast } from '@plinth/ui';
import { useCallback, useState } from 'react';
import { Link, navigate } from '../../app/router';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { AdminTabs, messageOf, useAdminRead } from '../admin/public';
import type { WorkflowApi, WorkflowRecord } from './workflowApi';

/** How many steps a stored definition has (one that does not read counts none). */
function stepCount(definitionText: string): number {
  try {
    const steps = (JSON.parse(definitionText) as { steps?: unknown })?.steps;
    return Array.isArray(steps) ? steps.length : 0;
  } catch {
    return 0;
  }
}

/**
 * /admin/workflows (decision 0130): the tenant's workflows with how many steps they have and who
 * may run them; a new one, and each one's editor and delete (asked first, by name).
 */
export function WorkflowList({ api }: { api: WorkflowApi }) {
  const read = useCallback((signal?: AbortSignal) => api.list(signal), [api]);
  const { value: workflows, error, reload } = useAdminRead(read);
  const [deleting, setDeleting] = useState<WorkflowRecord | null>(null);
  useDocumentTitle('Workflows');

  const remove = async (workflow: WorkflowRecord) => {
    setDeleting(null);
    try {
      await api.remove(workflow.id);
      toast.success(`'${workflow.name}' was deleted.`);
    } catch (failure) {
      toast.error(messageOf(failure));
    }
    void reload();
  };

  return (
    <section className="pl-page pl-admin pl-workflow" aria-labelledby="workflows-title">
      <AdminTabs />
      <div className="pl-admin__toolbar">
        <h1 id="workflows-title">Workflows</h1>
        <Button variant="primary" onPress={() => navigate('/admin/workflows/new')}>
          New workflow
        </Button>
      </div>
      <p className="pl-admin__muted pl-workflow__intro">
        A workflow does a list of steps when a button runs it: set fields, create and link records, notify
        people, assign them tasks.
      </p>
      {error && <p role="alert">{error}</p>}
      {workflows === null && !error && <LoadingGrid columns={4} rows={4} />}
      {workflows?.length === 0 && <p className="pl-admin__muted">No workflows yet. Create the first one.</p>}
      {workflows && workflows.length > 0 && (
        <table className="pl-admin__table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Steps</th>
              <th scope="col">Who may run it</th>
              <th scope="col">
                <span className="pl-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {workflows.map((w) => (
              <tr key={w.id}>
                <td data-label="Name">
                  <Link to={`/admin/workflows/${w.id}`}>
                    <strong>{w.name || `Workflow ${w.id}`}</strong>
                  </Link>
                  {w.description && <span className="pl-workflow__description">{w.description}</span>}
                </td>
                <td data-label="Steps">{stepCount(w.definitionText)}</td>
                <td data-label="Who may run it">
                  {w.runnableBy.length === 0 ? 'Everyone' : w.runnableBy.map((r) => r.name).join(', ')}
                </td>
                <td>
                  <div className="pl-admin__actions">
                    <Button
                      size="small"
                      variant="outline"
                      aria-label={`Edit ${w.name}`}
                      onPress={() => navigate(`/admin/workflows/${w.id}`)}
                    >
                      Edit
                    </Button>
                    {w.canDelete && (
                      <Button
                        size="small"
                        variant="subtle"
                        aria-label={`Delete ${w.name}`}
                        onPress={() => setDeleting(w)}
                      >
                        Delete
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete workflow"
        message={
          deleting
            ? `Delete the workflow '${deleting.name}'? Buttons and menu items that run it will stop working.`
            : ''
        }
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
