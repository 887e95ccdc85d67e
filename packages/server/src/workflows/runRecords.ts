import {
  type EntityChange,
  type EntityId,
  sysField as F,
  sysRel as R,
  sysType as T,
  type WorkflowDefinition,
  type WorkflowRunStatus,
  workflowRunStatuses,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type EntityRow, selectLinks } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { putEntities } from '../entities/putEntities.js';
import { AppError } from '../http/errors.js';
import type { RunState } from './runState.js';
import { storedDefinition } from './workflowCache.js';

/**
 * The workflow engine's records — workflows, runs and user tasks — read and written with the
 * engine's context (engineContext.ts), never the runner's (decision 0126).
 */

export interface WorkflowRecord {
  id: EntityId;
  name: string | null;
  version: number;
  definition: WorkflowDefinition;
  /** Roles that may run it; empty: everyone. */
  runnableBy: EntityId[];
}

export interface RunRecord {
  id: EntityId;
  name: string | null;
  version: number;
  ownerId: EntityId | null;
  workflowId: EntityId | null;
  status: WorkflowRunStatus;
  stepCounter: number;
  completedAt: string | null;
  state: RunState;
}

const runFields = new Set<EntityId>([
  F.workflowRunStatus,
  F.runStepCounter,
  F.runCompletedAt,
  F.workflowRunState,
]);
const taskFields = new Set<EntityId>([F.openInEditMode, F.promptForTaskIsPopup, F.taskCompletedAt]);

async function readOne(
  engine: RequestContext,
  id: EntityId,
  typeId: EntityId,
): Promise<EntityRow | undefined> {
  const [row] = await tenantScope(engine).readRecords([id]);
  return row && engine.schema.isA(row.typeId, typeId) ? row : undefined;
}

/** A workflow; undefined when there is none with the id. A stored definition that does not parse throws. */
export async function readWorkflow(
  engine: RequestContext,
  id: EntityId,
): Promise<WorkflowRecord | undefined> {
  const row = await readOne(engine, id, T.workflow);
  if (!row) return undefined;
  const links = await selectLinks(engine.db, engine.tenantId, R.workflowRunnableBy, 'fwd', [id]);
  let definition: WorkflowDefinition;
  try {
    definition = storedDefinition(row.data[F.workflowDefinition]);
  } catch {
    throw new AppError('conflict', 'The workflow’s stored definition cannot be read: save it again.');
  }
  return { id, name: row.name, version: row.version, definition, runnableBy: links.map((l) => l.toId) };
}

function statusOf(value: unknown): WorkflowRunStatus {
  return (workflowRunStatuses as readonly unknown[]).includes(value)
    ? (value as WorkflowRunStatus)
    : 'Failed';
}

/** A run; undefined when there is none with the id. */
export async function readRun(engine: RequestContext, id: EntityId): Promise<RunRecord | undefined> {
  const row = await readOne(engine, id, T.workflowRun);
  if (!row) return undefined;
  const [link] = await selectLinks(engine.db, engine.tenantId, R.runOfWorkflow, 'fwd', [id]);
  const raw = row.data[F.workflowRunState];
  return {
    id,
    name: row.name,
    version: row.version,
    ownerId: row.ownerId,
    workflowId: link?.toId ?? null,
    status: statusOf(row.data[F.workflowRunStatus]),
    stepCounter: typeof row.data[F.runStepCounter] === 'number' ? (row.data[F.runStepCounter] as number) : 0,
    completedAt:
      typeof row.data[F.runCompletedAt] === 'string' ? (row.data[F.runCompletedAt] as string) : null,
    state: JSON.parse(typeof raw === 'string' ? raw : '{}') as RunState,
  };
}

/** Creates a queued run of a workflow; answers its id. */
export async function createRun(
  engine: RequestContext,
  workflow: WorkflowRecord,
  state: RunState,
): Promise<EntityId> {
  const answer = await putEntities(
    engine,
    {
      entities: [
        {
          id: 'new:run',
          typeId: T.workflowRun,
          fields: {
            name: workflow.name ?? 'Workflow run',
            [`#${F.workflowRunStatus}`]: 'Queued',
            [`#${F.runStepCounter}`]: 0,
            [`#${F.workflowRunState}`]: JSON.stringify(state),
          },
          relationships: { [`#${R.runOfWorkflow}:fwd`]: { set: [workflow.id] } },
        },
      ],
      deleted: [],
    },
    { serverFields: runFields },
  );
  return answer.ids['new:run']!;
}

/**
 * Writes a run's progress at the version it was read: a run another process moved on meanwhile
 * answers 412 and the caller's transaction rolls back with whatever its step wrote.
 */
export async function writeRun(
  engine: RequestContext,
  run: RunRecord,
  next: { status: WorkflowRunStatus; stepCounter: number; state: RunState },
): Promise<void> {
  const stopped = next.status === 'Completed' || next.status === 'Failed';
  await putEntities(
    engine,
    {
      entities: [
        {
          id: run.id,
          version: run.version,
          fields: {
            [`#${F.workflowRunStatus}`]: next.status,
            [`#${F.runStepCounter}`]: next.stepCounter,
            [`#${F.workflowRunState}`]: JSON.stringify(next.state),
            ...(stopped ? { [`#${F.runCompletedAt}`]: engine.clock.now().toISOString() } : {}),
          },
        },
      ],
      deleted: [],
    },
    { serverFields: runFields },
  );
}

export interface NewTask {
  runId: EntityId;
  title: string;
  assigneeId: EntityId;
  recordId?: EntityId;
  formPageId?: EntityId;
  dueDate?: string;
  popup: boolean;
  editMode: boolean;
}

/** Creates a user task owned by its assignee (who may read and complete it); answers its id. */
export async function createTask(engine: RequestContext, task: NewTask): Promise<EntityId> {
  const rel = (relId: EntityId, id: EntityId | undefined) =>
    id === undefined ? {} : { [`#${relId}:fwd`]: { set: [id] } };
  const change: EntityChange = {
    id: 'new:task',
    typeId: T.userTask,
    fields: {
      name: task.title.slice(0, 1000) || 'Task',
      [`#${F.userTaskIsComplete}`]: false,
      [`#${F.openInEditMode}`]: task.editMode,
      [`#${F.promptForTaskIsPopup}`]: task.popup,
      ...(task.dueDate ? { [`#${F.taskDueDate}`]: task.dueDate } : {}),
    },
    relationships: {
      ...rel(R.taskInRun, task.runId),
      ...rel(R.assignedToUser, task.assigneeId),
      ...rel(R.taskReferencesRecord, task.recordId),
      ...rel(R.formToUse, task.formPageId),
    },
  };
  const answer = await putEntities(
    engine,
    { entities: [change], deleted: [] },
    { serverFields: taskFields, owners: new Map([['new:task', task.assigneeId]]) },
  );
  return answer.ids['new:task']!;
}

export interface TaskRecord {
  id: EntityId;
  name: string | null;
  version: number;
  complete: boolean;
  completedAt: string | null;
  openInEditMode: boolean;
  popup: boolean;
  assigneeId: EntityId | null;
  recordId: EntityId | null;
  recordTypeId: EntityId | null;
  formPageId: EntityId | null;
  runId: EntityId | null;
}

/** User tasks by id, with their links (unknown ids are left out). */
export async function readTasks(engine: RequestContext, ids: readonly EntityId[]): Promise<TaskRecord[]> {
  const rows = (await tenantScope(engine).readRecords(ids)).filter((r) =>
    engine.schema.isA(r.typeId, T.userTask),
  );
  if (rows.length === 0) return [];
  const taskIds = rows.map((r) => r.id);
  const linkOf = async (relId: EntityId) =>
    new Map(
      (await selectLinks(engine.db, engine.tenantId, relId, 'fwd', taskIds)).map((l) => [l.fromId, l.toId]),
    );
  const [assignee, record, form, run] = await Promise.all([
    linkOf(R.assignedToUser),
    linkOf(R.taskReferencesRecord),
    linkOf(R.formToUse),
    linkOf(R.taskInRun),
  ]);
  const recordIds = [...new Set(record.values())];
  const recordTypes = new Map(
    recordIds.length === 0
      ? []
      : (
          await tenantScope(engine).records().select(['id', 'type_id']).where('id', 'in', recordIds).execute()
        ).map((r) => [r.id, r.type_id]),
  );
  return rows
    .sort((a, b) => a.id - b.id)
    .map((r) => ({
      id: r.id,
      name: r.name,
      version: r.version,
      complete: r.data[F.userTaskIsComplete] === true,
      completedAt:
        typeof r.data[F.taskCompletedAt] === 'string' ? (r.data[F.taskCompletedAt] as string) : null,
      openInEditMode: r.data[F.openInEditMode] === true,
      popup: r.data[F.promptForTaskIsPopup] === true,
      assigneeId: assignee.get(r.id) ?? null,
      recordId: record.get(r.id) ?? null,
      recordTypeId: recordTypes.get(record.get(r.id) ?? -1) ?? null,
      formPageId: form.get(r.id) ?? null,
      runId: run.get(r.id) ?? null,
    }));
}

/** The tasks of a run, oldest first. */
export async function tasksOfRun(engine: RequestContext, runId: EntityId): Promise<TaskRecord[]> {
  const links = await selectLinks(engine.db, engine.tenantId, R.taskInRun, 'rev', [runId]);
  return readTasks(
    engine,
    links.map((l) => l.fromId),
  );
}

/** Marks a completed task's completion time (the engine, as the run moves on). */
export async function stampTaskCompleted(engine: RequestContext, task: TaskRecord): Promise<void> {
  if (task.completedAt) return;
  await putEntities(
    engine,
    {
      entities: [{ id: task.id, fields: { [`#${F.taskCompletedAt}`]: engine.clock.now().toISOString() } }],
      deleted: [],
    },
    { serverFields: taskFields },
  );
}
