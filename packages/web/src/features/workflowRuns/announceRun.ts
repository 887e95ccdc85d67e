import type { PendingTask, WorkflowInputArgument } from '@plinth/schema';
import { toast } from '@plinth/ui';
import type { ApiClient } from '../../api/apiClient';
import { type RunOutcome, runWorkflow, workflowRunMessages } from './workflowRunApi';

/**
 * Tells the user how a run they started ended (decision 0126): completed, failed with its step's
 * message, or still going when polling ended (spec 03 §8).
 */
export function announceRun(outcome: RunOutcome): void {
  if (outcome.kind === 'longRunning') {
    toast.info(workflowRunMessages.longRunning);
    return;
  }
  const { run } = outcome;
  if (run.workflowRunStatus.name === 'Failed')
    toast.error(run.errorLogEntry?.name ?? run.name ?? 'Workflow', {
      description: run.errorLogEntry?.description ?? 'The workflow failed.',
    });
  else if (run.workflowRunStatus.name === 'Completed') toast.success(`${run.name ?? 'Workflow'} completed`);
}

/**
 * Runs a workflow from an action menu or a button and tells the user how it went; answers the run's
 * outcome and the task waiting for the user, if any. A run that cannot start says 'Failed to get
 * workflow' with the server's reason and answers undefined.
 */
export async function runAndAnnounce(
  client: Pick<ApiClient, 'call'>,
  workflowId: number,
  inputArguments: WorkflowInputArgument[],
): Promise<{ outcome: RunOutcome; pendingTask: PendingTask | null } | undefined> {
  try {
    const outcome = await runWorkflow(client, workflowId, { inputArguments });
    announceRun(outcome);
    return { outcome, pendingTask: outcome.kind === 'stopped' ? outcome.run.pendingTask : null };
  } catch (error) {
    toast.error(workflowRunMessages.failedToGet, {
      description: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}
