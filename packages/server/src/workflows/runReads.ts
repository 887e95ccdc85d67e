import {
  type EntityId,
  type HasRunStoppedResponse,
  runHasStopped,
  sysType as T,
  type WorkflowRunResponse,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { tenantScope } from '../data/tenantScope.js';
import { notFound } from '../http/errors.js';
import { engineContext } from './engineContext.js';
import { type RunRecord, readRun, type TaskRecord, tasksOfRun } from './runRecords.js';
import { workflowMessages as M } from './workflowMessages.js';

/** A run the caller may read (their own, or any for administrators); else 404, whether or not it exists. */
async function readableRun(
  ctx: RequestContext,
  runId: EntityId,
): Promise<{ run: RunRecord; engine: RequestContext }> {
  const [row] = await tenantScope(ctx).readRecords([runId]);
  if (!row || !ctx.schema.isA(row.typeId, T.workflowRun)) throw notFound(M.runNotFound);
  const engine = await engineContext(ctx);
  const run = await readRun(engine, runId);
  if (!run) throw notFound(M.runNotFound);
  return { run, engine };
}

/** `GET /spapi/data/v1/workflow/run/{runId}` (spec 03 §3 workflow run, with its pending task). */
export async function runAnswer(ctx: RequestContext, runId: EntityId): Promise<WorkflowRunResponse> {
  const { run, engine } = await readableRun(ctx, runId);
  const tasks = await tasksOfRun(engine, runId);
  // The pending task is the first of the run that is not complete (spec 03 §4), shown to its assignee.
  const pending = tasks.find((t) => !t.complete);
  return {
    id: run.id,
    name: run.name,
    workflowId: run.workflowId,
    runCompletedAt: run.completedAt,
    workflowRunStatus: { name: run.status },
    runStepCounter: run.stepCounter,
    errorLogEntry: run.state.error ?? null,
    runLog: run.state.log ?? [],
    pendingTask: pending && pending.assigneeId === ctx.actor.userId ? taskAnswer(pending) : null,
  };
}

/** A task as a run's answer gives it, with the runner address that opens it (relative to the app). */
export function taskAnswer(task: TaskRecord): NonNullable<WorkflowRunResponse['pendingTask']> {
  return {
    id: task.id,
    name: task.name,
    assignedToUser: task.assigneeId === null ? null : { id: task.assigneeId },
    taskReferencesRecord:
      task.recordId === null || task.recordTypeId === null
        ? null
        : { id: task.recordId, typeId: task.recordTypeId },
    formToUse: task.formPageId === null ? null : { id: task.formPageId },
    userTaskIsComplete: task.complete,
    openInEditMode: task.openInEditMode,
    promptForTaskIsPopup: task.popup,
    navigateToTaskUrl: task.recordId === null ? null : taskUrl(task),
  };
}

function taskUrl(task: TaskRecord): string {
  const params = new URLSearchParams({ cid: String(task.recordId), taskId: String(task.id) });
  if (!task.openInEditMode) params.set('formMode', 'view');
  return `${task.openInEditMode ? '_editRecord' : '_viewRecord'}?${params}`;
}

/** `GET /spapi/data/v1/workflow/hasrunstopped/{runId}`. */
export async function hasRunStopped(ctx: RequestContext, runId: EntityId): Promise<HasRunStoppedResponse> {
  const { run } = await readableRun(ctx, runId);
  return { stopped: runHasStopped(run.status), status: run.status };
}
