import { type EntityId, nextStepIndex, type WorkflowRunStatus } from '@plinth/schema';
import { contextFor } from '../auth/contextFor.js';
import type { RequestContext } from '../context.js';
import { afterCommit, inTransaction } from '../entities/transaction.js';
import { AppError } from '../http/errors.js';
import type { Services } from '../services.js';
import type { CompiledWorkflow } from './compileWorkflow.js';
import { engineContext } from './engineContext.js';
import { type RunRecord, readRun, readTasks, stampTaskCompleted, writeRun } from './runRecords.js';
import { appendLog, maxStepsPerRun, type RunState } from './runState.js';
import { type Notifier, runStep, StepError } from './stepRunners.js';
import { compiledWorkflow } from './workflowCache.js';
import { workflowMessages } from './workflowMessages.js';

/** Times in a row a run may be found moved on by another process before the job gives up (and retries). */
const maxConflicts = 20;

/** The queue of runs to move on: one job per run and wake-up (start, a task completed). */
export const workflowQueue = 'workflow-run';

/** A job of the workflow queue: the run, and the user who started it (whose rights its steps have). */
export interface RunJob {
  tenantId: number;
  runId: EntityId;
  userId: EntityId;
}

/**
 * Queues a run to move on, in the caller's transaction when there is one. A wake-up is never merged
 * with another job of the run: one still being worked may already have passed the point that needs
 * waking, and a spare job finds the run stopped or moved on and ends at once.
 */
export async function queueRun(ctx: RequestContext, job: RunJob): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) throw new AppError('unavailable', workflowMessages.noQueue);
  await jobs.send(workflowQueue, { ...job }, { db: ctx.db });
  // The queue's look at the send cannot see the job before the transaction commits: look again then.
  await afterCommit(ctx, () => jobs.wake(workflowQueue));
}

/**
 * Moves a run on until it stops: finished, failed, or waiting for a task (decision 0126). Each step
 * is one transaction with the run's new place, so a process killed between steps resumes after the
 * last step that committed, and a step is never half-written or done twice. A step that fails rolls
 * back and fails the run with its message.
 */
export async function advanceRun(services: Services, notify: Notifier, job: RunJob): Promise<void> {
  let runner: RequestContext;
  try {
    runner = await contextFor(services, job.tenantId, job.userId);
  } catch (error) {
    // The user who started it is gone: nothing can run with their rights, so the run stays put.
    console.error(`workflows: run ${job.runId} cannot go on without its user ${job.userId}`, error);
    return;
  }
  let compiled: CompiledWorkflow | undefined;
  let conflicts = 0;
  for (;;) {
    let failed: { run: RunRecord; stepName: string; message: string } | undefined;
    let stopped: boolean;
    try {
      stopped = await inTransaction(runner, async (tx) => {
        const engine = await engineContext(tx);
        const run = await readRun(engine, job.runId);
        if (!run || run.status === 'Completed' || run.status === 'Failed') return true;
        const state = run.state;
        const log = (name: string, description: string) =>
          appendLog(state, {
            logEventTime: engine.clock.now().toISOString(),
            workflowRunTraceStep: run.stepCounter,
            name,
            description,
          });
        if (run.status === 'WaitingForTask') {
          const [task] = await readTasks(
            engine,
            state.waitingTaskId === undefined ? [] : [state.waitingTaskId],
          );
          if (task && !task.complete) return true;
          if (task) {
            await stampTaskCompleted(engine, task);
            log(task.name ?? 'Task', workflowMessages.taskCompleted(task.name ?? ''));
          }
          delete state.waitingTaskId;
        }
        const index = state.nextStep;
        if (index < 0 || index >= state.definition.steps.length) {
          log(workflowMessages.completed, '');
          await writeRun(engine, run, { status: 'Completed', stepCounter: run.stepCounter, state });
          return true;
        }
        const stepName = state.definition.steps[index]!.name;
        const fail = (message: string) => {
          failed = { run, stepName, message };
          return true;
        };
        if (run.stepCounter >= maxStepsPerRun) return fail(workflowMessages.loop(run.stepCounter));
        if (!compiled) {
          const result = compiledWorkflow(runner.schema, state.definition);
          if (!result.ok) return fail(workflowMessages.broken(result.problems[0]!));
          compiled = result.workflow;
        }
        let outcome: Awaited<ReturnType<typeof runStep>>;
        try {
          outcome = await runStep(
            compiled.steps[index]!,
            { runner: tx, engine, runId: run.id, values: state.values, trace: state.trace },
            notify,
          );
        } catch (error) {
          if (
            error instanceof StepError ||
            (error instanceof AppError && error.code !== 'precondition_failed')
          )
            throw new FailedStep(run, stepName, messageOf(error));
          throw error;
        }
        if (outcome.saved) state.values[outcome.saved.name] = outcome.saved.ref;
        log(stepName, outcome.description);
        state.nextStep = nextStepIndex(state.definition, index, outcome.branch);
        let status: WorkflowRunStatus = 'Running';
        if (outcome.waitFor !== undefined) {
          status = 'WaitingForTask';
          state.waitingTaskId = outcome.waitFor;
        } else if (state.nextStep < 0) {
          status = 'Completed';
          log(workflowMessages.completed, '');
        }
        await writeRun(engine, run, { status, stepCounter: run.stepCounter + 1, state });
        return status !== 'Running';
      });
    } catch (error) {
      if (error instanceof FailedStep) {
        failed = error.failure;
        stopped = true;
      } else if (
        error instanceof AppError &&
        error.code === 'precondition_failed' &&
        ++conflicts <= maxConflicts
      ) {
        // Another process moved the run on meanwhile: read it again.
        continue;
      } else throw error;
    }
    if (failed) await failRun(runner, failed);
    if (stopped) return;
  }
}

/** A step's failure, carried out of its transaction so that its writes roll back. */
class FailedStep extends Error {
  constructor(
    run: RunRecord,
    stepName: string,
    message: string,
    readonly failure = { run, stepName, message },
  ) {
    super(message);
  }
}

/** Stops a run as failed, with the step and message in its error and log. */
async function failRun(
  runner: RequestContext,
  failed: { run: RunRecord; stepName: string; message: string },
) {
  await inTransaction(runner, async (tx) => {
    const engine = await engineContext(tx);
    const run = await readRun(engine, failed.run.id);
    if (!run || run.status === 'Completed' || run.status === 'Failed') return;
    const state: RunState = run.state;
    state.error = { name: failed.stepName, description: failed.message };
    appendLog(state, {
      logEventTime: engine.clock.now().toISOString(),
      workflowRunTraceStep: run.stepCounter,
      name: failed.stepName,
      description: failed.message,
    });
    await writeRun(engine, run, { status: 'Failed', stepCounter: run.stepCounter, state });
  });
}

/** A failure as the run log says it: a refused write's messages included. */
function messageOf(error: Error): string {
  const details =
    error instanceof AppError ? (error.details as { errors?: { message: string }[] } | undefined) : undefined;
  const more = details?.errors?.map((e) => e.message) ?? [];
  return [error.message, ...more].join(' ').slice(0, 2000);
}
