import { z } from 'zod';
import { entityId } from './common.js';

/** The statuses of a workflow run (spec 03 §3 workflowRunStatus.name). */
export const workflowRunStatuses = ['Queued', 'Running', 'WaitingForTask', 'Completed', 'Failed'] as const;
export type WorkflowRunStatus = (typeof workflowRunStatuses)[number];

/** A run has stopped once it finished, failed or waits for a person. */
export const runHasStopped = (status: WorkflowRunStatus): boolean =>
  status !== 'Queued' && status !== 'Running';

/**
 * One named input argument of a run (spec 01 §7): text by its value, a record by its id or alias
 * (`{ id }`, `{ alias }` or the bare id).
 */
export const workflowInputArgument = z
  .object({
    name: z.string().min(1).max(100),
    value: z.union([
      z.string().max(10_000),
      z.number(),
      z.boolean(),
      z.null(),
      z.object({ id: entityId }).loose(),
      z.object({ alias: z.string().min(1).max(200) }).loose(),
    ]),
    typeName: z.string().max(100).optional(),
  })
  .strict();
export type WorkflowInputArgument = z.infer<typeof workflowInputArgument>;

/** `POST /spapi/data/v1/workflow/run/{workflowId}`: starts a run. */
export const runWorkflowRequest = z
  .object({
    inputArguments: z.array(workflowInputArgument).max(20).default([]),
    /** Log every step's values in the run log, not only its name. */
    trace: z.boolean().optional(),
    /** Answer once the run has stopped (finished, failed or waiting for a task), up to a few seconds. */
    waitForTask: z.boolean().optional(),
  })
  .strict();
export type RunWorkflowRequest = z.infer<typeof runWorkflowRequest>;

/** One entry of a run's log (spec 03 §3 runLog). */
export const workflowRunLogEntry = z.object({
  logEventTime: z.string(),
  workflowRunTraceStep: z.number().int(),
  name: z.string(),
  description: z.string(),
});
export type WorkflowRunLogEntry = z.infer<typeof workflowRunLogEntry>;

/** The task a run waits for (spec 03 §3 task within a run). */
export const pendingTask = z.object({
  id: entityId,
  name: z.string().nullable(),
  assignedToUser: z.object({ id: entityId }).nullable(),
  taskReferencesRecord: z.object({ id: entityId, typeId: entityId }).nullable(),
  formToUse: z.object({ id: entityId }).nullable(),
  userTaskIsComplete: z.boolean(),
  openInEditMode: z.boolean(),
  promptForTaskIsPopup: z.boolean(),
  /** The runner's address of the task's record form (NAVIGATE_TO_TASK). */
  navigateToTaskUrl: z.string().nullable(),
});
export type PendingTask = z.infer<typeof pendingTask>;

/** `GET /spapi/data/v1/workflow/run/{runId}` and the answer of a run's start. */
export const workflowRunResponse = z.object({
  id: entityId,
  name: z.string().nullable(),
  workflowId: entityId.nullable(),
  runCompletedAt: z.string().nullable(),
  workflowRunStatus: z.object({ name: z.enum(workflowRunStatuses) }),
  runStepCounter: z.number().int(),
  errorLogEntry: z.object({ name: z.string(), description: z.string() }).nullable(),
  runLog: z.array(workflowRunLogEntry),
  /** The first task of the run that is not complete, when the caller is its assignee. */
  pendingTask: pendingTask.nullable(),
});
export type WorkflowRunResponse = z.infer<typeof workflowRunResponse>;

/** `GET /spapi/data/v1/workflow/hasrunstopped/{runId}`. */
export const hasRunStoppedResponse = z.object({ stopped: z.boolean(), status: z.enum(workflowRunStatuses) });
export type HasRunStoppedResponse = z.infer<typeof hasRunStoppedResponse>;
