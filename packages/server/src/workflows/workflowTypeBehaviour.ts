import {
  sysField as F,
  parseWorkflowDefinition,
  sysType as T,
  type WorkflowDefinition,
} from '@plinth/schema';
import type { EntityRow } from '../data/entityRepository.js';
import type { SystemTypeBehaviour } from '../entities/systemTypeBehaviour.js';
import { badRequest } from '../http/errors.js';
import { compileWorkflow } from './compileWorkflow.js';
import { engineContext } from './engineContext.js';
import { queueRun } from './runEngine.js';
import { readRun, readTasks } from './runRecords.js';

/** A stored definition as zod reads it; its first problem refuses the write. */
function parseDefinition(row: EntityRow): WorkflowDefinition {
  try {
    return parseWorkflowDefinition(row.data[F.workflowDefinition]);
  } catch (error) {
    const issue = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0];
    if (issue) throw badRequest(`${issue.path.join('.') || 'Definition'}: ${issue.message}`);
    throw badRequest('The definition is not valid JSON.');
  }
}

/**
 * Workflows (decision 0126): a definition is parsed and every expression compiled on every write,
 * so a broken workflow is refused before it runs; the message names the step.
 */
export const workflowTypeBehaviour: SystemTypeBehaviour<WorkflowDefinition> = {
  name: 'workflows',
  typeIds: [T.workflow],
  parse: parseDefinition,
  parsedMember: 'workflowDefinition',
  validate: (ctx, records, refOf) =>
    records.flatMap(({ row, value }) => {
      const compiled = compileWorkflow(ctx.schema, value);
      return compiled.ok
        ? []
        : compiled.problems.map((message) => ({ id: refOf(row.id), member: 'workflowDefinition', message }));
    }),
};

/**
 * User tasks: a task completed in a put wakes the run that waits for it, queued in the same
 * transaction, so the completion and the run's going on are never split by a crash.
 */
export const userTaskTypeBehaviour: SystemTypeBehaviour = {
  name: 'user tasks',
  typeIds: [T.userTask],
  onWritten: async (ctx, rows) => {
    const completed = rows.filter((r) => r.data[F.userTaskIsComplete] === true).map((r) => r.id);
    if (completed.length === 0) return;
    const engine = await engineContext(ctx);
    for (const task of await readTasks(engine, completed)) {
      if (task.runId === null) continue;
      const run = await readRun(engine, task.runId);
      if (run?.status !== 'WaitingForTask' || run.state.waitingTaskId !== task.id || run.ownerId === null)
        continue;
      await queueRun(ctx, { tenantId: ctx.tenantId, runId: run.id, userId: run.ownerId });
    }
  },
};
