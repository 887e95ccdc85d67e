import type { WorkflowDefinition, WorkflowRunLogEntry, WorkflowRunStatus } from '@plinth/schema';

/** A record a run holds as a calculation value: as `paramValues` gives records. */
export interface RunRecordRef {
  id: string;
  typeId: string;
}

/**
 * What a run keeps in its `workflowRunState` (decision 0126): the definition it started with, so a
 * workflow saved while it runs does not move its steps under it; its inputs and the records its
 * steps saved, as calculation parameters; where it is; its log and error.
 */
export interface RunState {
  definition: WorkflowDefinition;
  /** Parameter values by name: text, or a record. */
  values: Record<string, string | RunRecordRef | null>;
  /** The index of the step to run next; -1 once finished. */
  nextStep: number;
  /** The task the run waits for. */
  waitingTaskId?: number;
  /** Log every step's values, not only its name. */
  trace: boolean;
  log: WorkflowRunLogEntry[];
  error?: { name: string; description: string };
}

/** The most steps one run takes: a branch that loops forever is stopped here. */
export const maxStepsPerRun = 1000;

/** The most log entries a run keeps: the first ones and the last ones. */
const maxLogEntries = 200;

export function appendLog(state: RunState, entry: WorkflowRunLogEntry): void {
  state.log.push(entry);
  if (state.log.length > maxLogEntries) state.log.splice(maxLogEntries / 2, 1);
}

export const stoppedStatuses: ReadonlySet<WorkflowRunStatus> = new Set([
  'WaitingForTask',
  'Completed',
  'Failed',
]);
