import type { CompileResult } from '@plinth/calc';
import { type EntityChange, type EntityId, sysRel as R, sysType as T } from '@plinth/schema';
import { ServerCalcData } from '../calc/calcDataSource.js';
import type { RequestContext } from '../context.js';
import { selectLinks } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { putEntities } from '../entities/putEntities.js';
import type { CompiledAssignment, CompiledStep } from './compileWorkflow.js';
import { createTask } from './runRecords.js';
import type { RunRecordRef } from './runState.js';
import { workflowMessages } from './workflowMessages.js';

/** A step that cannot do its work: the run fails with this message, and the step's writes roll back. */
export class StepError extends Error {}

/** What a step works with: both contexts in the step's one transaction. */
export interface StepContext {
  /** The user who started the run: every write to the tenant's records has their rights. */
  runner: RequestContext;
  /** The engine's context (engineContext.ts) for the tasks and notifications steps make. */
  engine: RequestContext;
  runId: EntityId;
  /** The run's parameter values: its arguments and the records its steps saved. */
  values: Record<string, string | RunRecordRef | null>;
  trace: boolean;
}

export interface StepOutcome {
  /** What the run log says the step did. */
  description: string;
  /** A record the step saved under a name for later steps. */
  saved?: { name: string; ref: RunRecordRef };
  /** A branch's condition. */
  branch?: boolean;
  /** The task the run now waits for. */
  waitFor?: EntityId;
}

/** Sends the notifications of a notify step (the notifications feature; given by the engine's caller). */
export type Notifier = (
  engine: RequestContext,
  request: { recipients: EntityId[]; subject: string; message: string; recordId?: EntityId; email: boolean },
) => Promise<unknown>;

/** Runs one step of a run inside its transaction. */
export async function runStep(
  compiled: CompiledStep,
  sc: StepContext,
  notify: Notifier,
): Promise<StepOutcome> {
  const data = new ServerCalcData(sc.runner);
  const evaluatedWith = async (
    source: ServerCalcData,
    result: CompileResult | undefined,
  ): Promise<unknown> => {
    if (!result) return null;
    const answer = await source.evaluate(result, null, sc.values);
    if (answer.error !== undefined) throw new StepError(answer.error);
    return answer.value;
  };
  const evaluated = (result: CompileResult | undefined) => evaluatedWith(data, result);
  // Who a task or notification is for is read with the engine's rights: a runner who may not read
  // user accounts can still hand a task to a record's owner. Only the choice of user comes of it.
  const engineData = new ServerCalcData(sc.engine);
  const userValue = (result: CompileResult | undefined) => evaluatedWith(engineData, result);
  const recordOf = async (result: CompileResult | undefined): Promise<EntityId | undefined> =>
    idOf(await evaluated(result));
  const { step, expressions } = compiled;
  switch (step.kind) {
    case 'setFields': {
      const id = await recordOf(expressions.Record);
      if (id === undefined) throw new StepError(workflowMessages.noRecord);
      const change = await changeOf(compiled.assignments, evaluated);
      await putEntities(sc.runner, { entities: [{ id, ...change }], deleted: [] });
      return { description: describe(sc, `Record ${id}`, change) };
    }
    case 'createRecord': {
      const change = await changeOf(compiled.assignments, evaluated);
      const answer = await putEntities(sc.runner, {
        entities: [{ id: 'new:record', typeId: step.typeId, ...change }],
        deleted: [],
      });
      const id = answer.ids['new:record']!;
      return {
        description: describe(sc, `Created record ${id}`, change),
        ...(step.saveAs
          ? { saved: { name: step.saveAs, ref: { id: String(id), typeId: String(step.typeId) } } }
          : {}),
      };
    }
    case 'link':
    case 'unlink': {
      const from = await recordOf(expressions.From);
      const to = await recordOf(expressions.To);
      if (from === undefined || to === undefined) throw new StepError(workflowMessages.noRecord);
      const change = { [step.kind === 'link' ? 'add' : 'remove']: [to] };
      await putEntities(sc.runner, {
        entities: [{ id: from, relationships: { [`#${step.relationshipId}:fwd`]: change } }],
        deleted: [],
      });
      return { description: `${step.kind === 'link' ? 'Linked' : 'Unlinked'} ${from} and ${to}` };
    }
    case 'notify': {
      const recipients = await usersOf(sc.engine, await userValue(expressions.Recipient));
      const subject = text(await evaluated(expressions.Subject));
      const message = text(await evaluated(expressions.Message));
      const recordId = step.record ? await recordOf(expressions.Record) : undefined;
      if (recordId !== undefined) await mustRead(sc.runner, recordId);
      if (recipients.length > 0)
        await notify(sc.engine, {
          recipients,
          subject,
          message,
          ...(recordId !== undefined ? { recordId } : {}),
          email: step.email,
        });
      return {
        description: `Notified ${recipients.length} user${recipients.length === 1 ? '' : 's'}: ${subject}`,
      };
    }
    case 'assignTask': {
      const [assigneeId] = await usersOf(sc.engine, await userValue(expressions.Assignee));
      if (assigneeId === undefined) throw new StepError(workflowMessages.noUser);
      const title = text(await evaluated(expressions.Title));
      const recordId = step.record ? await recordOf(expressions.Record) : undefined;
      if (recordId !== undefined) await mustRead(sc.runner, recordId);
      const taskId = await createTask(sc.engine, {
        runId: sc.runId,
        title,
        assigneeId,
        ...(recordId !== undefined ? { recordId } : {}),
        ...(step.formPageId !== undefined ? { formPageId: step.formPageId } : {}),
        ...(step.dueInDays !== undefined ? { dueDate: await dueDate(data, step.dueInDays) } : {}),
        popup: step.popup,
        editMode: step.editMode,
      });
      return {
        description: `Assigned '${title}' to user ${assigneeId}`,
        ...(step.saveAs
          ? { saved: { name: step.saveAs, ref: { id: String(taskId), typeId: String(T.userTask) } } }
          : {}),
        ...(step.wait ? { waitFor: taskId } : {}),
      };
    }
    case 'branch': {
      const taken = (await evaluated(expressions.Condition)) === true;
      return { description: `Condition is ${taken ? 'true' : 'false'}`, branch: taken };
    }
  }
}

/** A put's fields and relationship changes from a step's assignments. */
async function changeOf(
  assignments: readonly CompiledAssignment[],
  evaluated: (result: CompileResult) => Promise<unknown>,
): Promise<Pick<EntityChange, 'fields' | 'relationships'>> {
  const fields: Record<string, unknown> = {};
  const relationships: NonNullable<EntityChange['relationships']> = {};
  for (const { target, compiled } of assignments) {
    const value = await evaluated(compiled);
    if (target.kind === 'field') fields[`#${target.field.id}`] = value;
    else {
      const id = idOf(value);
      relationships[`#${target.rel.id}:${target.reverse ? 'rev' : 'fwd'}`] = {
        set: id === undefined ? [] : [id],
      };
    }
  }
  return { fields, relationships };
}

function describe(
  sc: StepContext,
  what: string,
  change: Pick<EntityChange, 'fields' | 'relationships'>,
): string {
  if (!sc.trace) return what;
  return `${what}: ${JSON.stringify({ ...change.fields, ...change.relationships })}`.slice(0, 2000);
}

function idOf(value: unknown): EntityId | undefined {
  const id =
    value && typeof value === 'object' && 'id' in value ? Number((value as { id: unknown }).id) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The runner must be able to read a record a task or notification points at. */
async function mustRead(runner: RequestContext, id: EntityId): Promise<void> {
  const [row] = await tenantScope(runner).readRecords([id]);
  if (!row) throw new StepError(workflowMessages.noRecord);
}

/** The user accounts a value names: accounts themselves, or the accounts of people. */
async function usersOf(engine: RequestContext, value: unknown): Promise<EntityId[]> {
  const ids = (Array.isArray(value) ? value : [value])
    .map(idOf)
    .filter((id): id is EntityId => id !== undefined);
  if (ids.length === 0) return [];
  const rows = await tenantScope(engine).readRecords(ids);
  const accounts = rows.filter((r) => engine.schema.isA(r.typeId, T.userAccount)).map((r) => r.id);
  const people = rows.filter((r) => engine.schema.isA(r.typeId, T.person)).map((r) => r.id);
  if (people.length > 0) {
    const links = await selectLinks(engine.db, engine.tenantId, R.accountHolder, 'rev', people);
    accounts.push(...links.map((l) => l.fromId));
  }
  return [...new Set(accounts)];
}

/** Today in the tenant's time zone plus `days`, as a date. */
async function dueDate(data: ServerCalcData, days: number): Promise<string> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: await data.timeZone() }).format(
    data.ctx.clock.now(),
  );
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
