import {
  type LaunchProcessButtonProperties,
  launchProcessButtonAlias,
  type RunWorkflowButtonProperties,
  type WorkflowInputArgument,
} from '@plinth/schema';
import { Button, toast } from '@plinth/ui';
import { useState } from 'react';
import type { ApiClient } from '../../../api/apiClient';
import { useSession } from '../../auth/public';
import { type RunOutcome, runAndAnnounce, workflowRunMessages } from '../../workflowRuns/public';
import { evalBehaviourExpressions } from '../behaviourApi';
import type { PageComponentProps } from '../componentRegistry';
import type { PageRuntime } from '../pageRuntime';
import { pageParams } from '../pageVariables';

type ButtonProperties = RunWorkflowButtonProperties & Partial<LaunchProcessButtonProperties>;

/**
 * The page buttons that run a workflow (spec 01 §3 core:runWorkflowPageButton and
 * core:launchProcessPageButton, decision 0126): the input arguments are evaluated on the page, the
 * run is started and polled until it stops (spec 03 §4), the page hears WORKFLOW_STOP (and
 * PROCESS_STOPPED for a process) and refreshes, and a task waiting for the user opens.
 */
export function WorkflowButtonComponent({
  component,
  properties,
  isReadOnly,
  runtime,
}: PageComponentProps<ButtonProperties>) {
  const { client } = useSession();
  const [running, setRunning] = useState(false);
  const isProcess = component.typeAlias === launchProcessButtonAlias;
  const record = runtime.context.record;
  if (isProcess && properties.primaryResourceAsInput && !record) return null;

  const press = async () => {
    setRunning(true);
    try {
      let inputArguments: WorkflowInputArgument[];
      try {
        inputArguments = await inputsOf(client, runtime, properties, isProcess);
      } catch (error) {
        toast.error(workflowRunMessages.failedToGet, {
          description: error instanceof Error ? error.message : String(error),
        });
        return;
      }
      const ran = await runAndAnnounce(client, properties.workflowId!, inputArguments);
      if (ran) settle(ran.outcome, runtime, component.id, isProcess);
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="pl-page-button">
      <Button
        variant="primary"
        isDisabled={isReadOnly || running}
        onPress={() => void press()}
        aria-busy={running}
      >
        {running ? 'Running…' : properties.text}
      </Button>
    </div>
  );
}

/** The run's named input arguments: the page's record for a process, then each evaluated expression. */
async function inputsOf(
  client: Pick<ApiClient, 'call'>,
  runtime: PageRuntime,
  properties: ButtonProperties,
  isProcess: boolean,
): Promise<WorkflowInputArgument[]> {
  const inputs: WorkflowInputArgument[] = [];
  const record = runtime.context.record;
  if (isProcess && properties.primaryResourceAsInput && record && properties.primaryResourceArgument)
    inputs.push({ name: properties.primaryResourceArgument, value: { id: record.id } });
  const expressions = Object.fromEntries(
    properties.inputArguments.filter((a) => a.expression.trim() !== '').map((a) => [a.name, a.expression]),
  );
  if (Object.keys(expressions).length === 0) return inputs;
  const params = pageParams(
    runtime.context,
    runtime.variables ?? [],
    runtime.bus.variables(),
    Object.values(expressions).map((expression) => ({ expression })),
  );
  const results = await evalBehaviourExpressions(client, {
    contextEntity: record?.id ?? null,
    expressions,
    params,
  });
  for (const [name, result] of Object.entries(results)) {
    if (result.error) throw new Error(`${name}: ${result.error}`);
    inputs.push({ name, value: argumentValue(result.value) });
  }
  return inputs;
}

/** An evaluated value as a run's argument: a record by its id, a list by its first record, else text. */
function argumentValue(value: unknown): WorkflowInputArgument['value'] {
  const one = Array.isArray(value) ? value[0] : value;
  if (one && typeof one === 'object' && 'id' in one) return { id: Number((one as { id: unknown }).id) };
  if (one === null || one === undefined) return null;
  return typeof one === 'number' || typeof one === 'boolean' ? one : String(one);
}

/** What the page does once the run has stopped: it hears so, refreshes, and a waiting task opens. */
function settle(outcome: RunOutcome, runtime: PageRuntime, componentId: string, isProcess: boolean): void {
  if (outcome.kind === 'longRunning') return;
  const { run } = outcome;
  const { bus } = runtime;
  if (isProcess) bus.send({ type: 'PROCESS_STOPPED', componentId, runId: run.id });
  bus.send({ type: 'WORKFLOW_STOP', componentId, runId: run.id });
  bus.send({ type: 'REFRESH' });
  const task = run.pendingTask;
  if (!task) return;
  // The task opens with its Complete button: over the page when it is a popup task, as it says;
  // otherwise on its own, in view mode (decision 0131).
  runtime.onNavigate({
    type: 'NAVIGATE_TO_TASK',
    taskId: task.id,
    ...(task.promptForTaskIsPopup ? { openAs: 'modal' as const } : {}),
  });
}
