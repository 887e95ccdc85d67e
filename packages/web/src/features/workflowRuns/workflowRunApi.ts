import {
  hasRunStoppedResponse,
  type WorkflowInputArgument,
  type WorkflowRunResponse,
  workflowRunResponse,
} from '@plinth/schema';
import type { ApiClient } from '../../api/apiClient';

/** Polling a run (spec 03 §9): up to 43 tries, the first after 500 ms, each wait 1.1 times the last. */
export const runPolling = { tries: 43, firstMs: 500, factor: 1.1 } as const;

/** The messages of a run in the browser (spec 01 §8, spec 03 §8), verbatim. */
export const workflowRunMessages = {
  failedToGet: 'Failed to get workflow',
  longRunning: 'The workflow is taking longer than expected to complete, it has been marked as long running.',
} as const;

/** How a run the browser started ended up. */
export type RunOutcome =
  | { kind: 'stopped'; run: WorkflowRunResponse }
  /** Polling ended with the run still going (spec 03 §4). */
  | { kind: 'longRunning'; runId: number };

export interface RunOptions {
  /** The run's input arguments (spec 01 §7): a record by `{ id }`. */
  inputArguments: WorkflowInputArgument[];
  /** Waits for the run to stop before polling (spec 02 §7: true unless embedded). */
  waitForTask?: boolean;
  signal?: AbortSignal;
  /** How to wait between polls (tests pass one that does not). */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts a run of a workflow and polls it until it stops (spec 03 §4 'Workflow run'): finished,
 * failed or waiting for a task. A poll of an invalid run id rejects.
 */
export async function runWorkflow(
  client: Pick<ApiClient, 'call'>,
  workflowId: number,
  options: RunOptions,
): Promise<RunOutcome> {
  const started = await client.call(
    'POST',
    `/spapi/data/v1/workflow/run/${workflowId}`,
    workflowRunResponse,
    { inputArguments: options.inputArguments, waitForTask: options.waitForTask ?? true },
    options.signal,
  );
  if (started.workflowRunStatus.name !== 'Queued' && started.workflowRunStatus.name !== 'Running')
    return { kind: 'stopped', run: started };
  return pollRun(client, started.id, options);
}

/** Polls a run until it stops; answers it then, or long running once the tries run out. */
export async function pollRun(
  client: Pick<ApiClient, 'call'>,
  runId: number,
  options: Pick<RunOptions, 'signal' | 'sleep'> = {},
): Promise<RunOutcome> {
  const sleep = options.sleep ?? realSleep;
  let wait: number = runPolling.firstMs;
  for (let attempt = 0; attempt < runPolling.tries; attempt++) {
    await sleep(wait);
    wait *= runPolling.factor;
    const answer = await client.call(
      'GET',
      `/spapi/data/v1/workflow/hasrunstopped/${runId}`,
      hasRunStoppedResponse,
      undefined,
      options.signal,
    );
    if (answer.stopped) {
      const run = await client.call(
        'GET',
        `/spapi/data/v1/workflow/run/${runId}`,
        workflowRunResponse,
        undefined,
        options.signal,
      );
      return { kind: 'stopped', run };
    }
  }
  return { kind: 'longRunning', runId };
}
