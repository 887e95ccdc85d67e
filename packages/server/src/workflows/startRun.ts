import type { EntityId, RunWorkflowRequest, WorkflowDefinition, WorkflowInputArgument } from '@plinth/schema';
import type { Actor } from '../access/Permissions.js';
import type { RequestContext } from '../context.js';
import { tenantScope } from '../data/tenantScope.js';
import { resolveIds } from '../entities/readEntities.js';
import { inTransaction } from '../entities/transaction.js';
import { AppError, badRequest, forbidden, notFound } from '../http/errors.js';
import { engineContext } from './engineContext.js';
import { queueRun } from './runEngine.js';
import { createRun, readWorkflow, type WorkflowRecord } from './runRecords.js';
import type { RunState } from './runState.js';
import { compiledWorkflow } from './workflowCache.js';
import { workflowMessages as M } from './workflowMessages.js';

/** Whether the user may run the workflow: administrators, and members of a role it names (any, when none). */
export function mayRun(actor: Actor, workflow: Pick<WorkflowRecord, 'runnableBy'>): boolean {
  return (
    actor.isAdmin || workflow.runnableBy.length === 0 || workflow.runnableBy.some((r) => actor.roleIds.has(r))
  );
}

/**
 * Starts a run of a workflow for the caller (spec 03 §7 `POST …/workflow/run/{id}`): checks the
 * caller may run it, that it still compiles against today's schema, and its input arguments; then
 * writes the queued run and its job in one transaction. Answers the run's id.
 */
export async function startRun(
  ctx: RequestContext,
  workflowId: EntityId,
  req: RunWorkflowRequest,
): Promise<EntityId> {
  if (!ctx.jobs) throw new AppError('unavailable', M.noQueue);
  return inTransaction(ctx, async (tx) => {
    const engine = await engineContext(tx);
    const workflow = await readWorkflow(engine, workflowId);
    if (!workflow) throw notFound(M.notFound);
    if (!mayRun(tx.actor, workflow)) throw forbidden(M.mayNotRun);
    const compiled = compiledWorkflow(tx.schema, workflow.definition);
    if (!compiled.ok)
      throw new AppError('conflict', M.broken(compiled.problems[0]!), { problems: compiled.problems });
    const values = await inputValues(tx, workflow.definition, req.inputArguments);
    const state: RunState = {
      definition: workflow.definition,
      values,
      nextStep: workflow.definition.steps.length > 0 ? 0 : -1,
      trace: req.trace === true,
      log: [
        {
          logEventTime: tx.clock.now().toISOString(),
          workflowRunTraceStep: 0,
          name: M.started,
          description: workflow.name ?? '',
        },
      ],
    };
    const runId = await createRun(engine, workflow, state);
    await queueRun(tx, { tenantId: tx.tenantId, runId, userId: tx.actor.userId });
    return runId;
  });
}

/** The run's parameter values from the named input arguments (spec 01 §7); a record must be readable. */
async function inputValues(
  ctx: RequestContext,
  definition: WorkflowDefinition,
  inputs: readonly WorkflowInputArgument[],
): Promise<RunState['values']> {
  const byName = new Map<string, WorkflowInputArgument>();
  for (const input of inputs) {
    const key = input.name.replace(/^\[(.*)\]$/s, '$1').toLowerCase();
    if (!definition.arguments.some((a) => a.name.toLowerCase() === key))
      throw badRequest(M.unknownArgument(input.name));
    if (byName.has(key)) throw badRequest(M.argumentTwice(input.name));
    byName.set(key, input);
  }
  const values: RunState['values'] = {};
  for (const arg of definition.arguments) {
    const value = byName.get(arg.name.toLowerCase())?.value ?? null;
    if (value === null || value === '') {
      if (arg.required) throw badRequest(M.requiredArgument(arg.name));
      values[arg.name] = null;
      continue;
    }
    if (arg.type === 'core:stringArgument') {
      if (typeof value === 'object') throw badRequest(M.notText(arg.name));
      values[arg.name] = String(value);
      continue;
    }
    const ref: unknown = typeof value === 'object' ? (value.id ?? value.alias) : value;
    if (typeof ref !== 'number' && typeof ref !== 'string') throw badRequest(M.notARecord(arg.name));
    let id: EntityId;
    try {
      [id] = (await resolveIds(ctx.db, ctx.tenantId, [ref])) as [EntityId];
    } catch {
      throw notFound();
    }
    const [row] = await tenantScope(ctx).readRecords([id]);
    if (!row) throw notFound();
    const wanted = ctx.schema.type(arg.entityTypeId ?? 0);
    if (wanted && !ctx.schema.isA(row.typeId, wanted.id))
      throw badRequest(M.wrongType(arg.name, wanted.name));
    values[arg.name] = { id: String(row.id), typeId: String(row.typeId) };
  }
  return values;
}
