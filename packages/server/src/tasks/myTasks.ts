import {
  type EntityId,
  sysField as F,
  type ListTasksResponse,
  sysRel as R,
  sysType as T,
  type TaskItem,
  type TaskResponse,
  type TaskState,
  taskListMax,
} from '@plinth/schema';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { permittedIds } from '../access/rowChecks.js';
import type { RequestContext } from '../context.js';
import { type EntityRow, toEntityRow } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import type { Engine } from '../db/tables.js';
import { notFound } from '../http/errors.js';
import { readTenantSettings, todayIn } from '../settings/tenantSettings.js';
import { taskAnswer } from '../workflows/runReads.js';
import { readTasks } from '../workflows/runRecords.js';

export const taskNotFound = 'The task was not found.';

/** A field's stored value on `entities` as text (dates and times are stored as ISO text). */
function textOf(engine: Engine, fieldId: number): RawBuilder<string | null> {
  const key = String(fieldId);
  return engine === 'postgres'
    ? sql<string | null>`(entities.data ->> ${sql.lit(key)})`
    : sql<string | null>`json_extract(entities.data, ${sql.lit(`$."${key}"`)})`;
}

/** Complete: its Complete field is true (a missing value is open). */
function completeSql(engine: Engine): RawBuilder<SqlBool> {
  return engine === 'postgres'
    ? sql<SqlBool>`COALESCE((entities.data -> ${sql.lit(String(F.userTaskIsComplete))}) = 'true'::jsonb, FALSE)`
    : sql<SqlBool>`COALESCE(json_extract(entities.data, ${sql.lit(`$."${F.userTaskIsComplete}"`)}) = 1, 0)`;
}

/** Open and due on or before `today` (yyyy-MM-dd: text order is date order). */
function dueSql(engine: Engine, today: string): RawBuilder<SqlBool> {
  const due = textOf(engine, F.taskDueDate);
  return sql<SqlBool>`(NOT ${completeSql(engine)} AND ${due} IS NOT NULL AND ${due} <= ${today})`;
}

/**
 * When a done task was completed: the engine stamps `taskCompletedAt` as the run it held moves on;
 * a task no run waited for keeps the time it was last written, its completion (decision 0131).
 */
function completedAtSql(engine: Engine): RawBuilder<string> {
  return sql<string>`COALESCE(${textOf(engine, F.taskCompletedAt)}, entities.modified_at)`;
}

/**
 * The caller's tasks: user tasks assigned to them that they may read (their own, by the built-in
 * rule). An administrator's list is theirs too, not everyone's.
 */
function mine(ctx: RequestContext) {
  return tenantScope(ctx)
    .records()
    .where('entities.type_id', '=', T.userTask)
    .where(
      'entities.id',
      'in',
      tenantScope(ctx)
        .selectFrom('relationships')
        .select('relationships.from_id')
        .where('relationships.rel_id', '=', R.assignedToUser)
        .where('relationships.to_id', '=', ctx.actor.userId),
    );
}

async function today(ctx: RequestContext): Promise<string> {
  const { timeZone } = await readTenantSettings(ctx.db, ctx.tenantId);
  return todayIn(timeZone, ctx.clock.now());
}

/** How many of the caller's tasks each list holds, in one query. */
async function countsOf(ctx: RequestContext, date: string): Promise<ListTasksResponse['counts']> {
  const complete = completeSql(ctx.engine);
  const row = await mine(ctx)
    .select([
      sql<number | string>`COALESCE(SUM(CASE WHEN ${complete} THEN 0 ELSE 1 END), 0)`.as('open'),
      sql<number | string>`COALESCE(SUM(CASE WHEN ${dueSql(ctx.engine, date)} THEN 1 ELSE 0 END), 0)`.as(
        'due',
      ),
      sql<number | string>`COALESCE(SUM(CASE WHEN ${complete} THEN 1 ELSE 0 END), 0)`.as('done'),
    ])
    .executeTakeFirst();
  return { open: Number(row?.open ?? 0), due: Number(row?.due ?? 0), done: Number(row?.done ?? 0) };
}

/**
 * `GET /spapi/data/v1/tasks`: one list of the caller's tasks — open and due ones soonest due first
 * (those without a due date last, then oldest first), done ones last completed first.
 */
export async function listTasks(
  ctx: RequestContext,
  state: TaskState,
  limit: number,
  offset: number,
): Promise<ListTasksResponse> {
  const applied = Math.min(limit, taskListMax);
  const date = await today(ctx);
  const { engine } = ctx;
  let query = mine(ctx).selectAll('entities');
  if (state === 'done')
    query = query
      .where(completeSql(engine))
      .orderBy(completedAtSql(engine), 'desc')
      .orderBy('entities.id', 'desc');
  else {
    const due = textOf(engine, F.taskDueDate);
    query = query
      .where(state === 'due' ? dueSql(engine, date) : sql<SqlBool>`NOT ${completeSql(engine)}`)
      .orderBy(sql`CASE WHEN ${due} IS NULL THEN 1 ELSE 0 END`)
      .orderBy(due)
      .orderBy('entities.created_at')
      .orderBy('entities.id');
  }
  const rows = (await query.limit(applied).offset(offset).execute()).map(toEntityRow);
  return {
    state,
    tasks: await items(ctx, rows, date),
    counts: await countsOf(ctx, date),
    today: date,
    limit: applied,
    offset,
  };
}

/** `GET /spapi/data/v1/tasks/{id}`: a task the caller may read (theirs; any for administrators). */
export async function readTask(ctx: RequestContext, id: EntityId): Promise<TaskResponse> {
  const found = await tenantScope(ctx)
    .records()
    .where('entities.type_id', '=', T.userTask)
    .where('entities.id', '=', id)
    .selectAll('entities')
    .executeTakeFirst();
  if (!found) throw notFound(taskNotFound);
  const date = await today(ctx);
  const [task] = await items(ctx, [toEntityRow(found)], date);
  return { task: task!, today: date };
}

/** The rows as the caller sees them: the record, account and run each names, when readable. */
async function items(ctx: RequestContext, rows: readonly EntityRow[], date: string): Promise<TaskItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const tasks = new Map((await readTasks(ctx, ids)).map((t) => [t.id, t]));
  const named = new Set<EntityId>();
  for (const task of tasks.values()) {
    if (task.recordId !== null) named.add(task.recordId);
    if (task.assigneeId !== null) named.add(task.assigneeId);
    if (task.runId !== null) named.add(task.runId);
  }
  const readable = new Map((await tenantScope(ctx).readRecords([...named])).map((r) => [r.id, r]));
  const modifiable = await permittedIds(ctx, 'modify', rows);
  return rows.map((row) => {
    const task = tasks.get(row.id)!;
    const record = task.recordId === null ? undefined : readable.get(task.recordId);
    const assignee = task.assigneeId === null ? undefined : readable.get(task.assigneeId);
    const due = row.data[F.taskDueDate];
    const dueDate = typeof due === 'string' && due !== '' ? due.slice(0, 10) : null;
    return {
      id: row.id,
      name: row.name,
      version: row.version,
      dueDate,
      isOverdue: !task.complete && dueDate !== null && dueDate < date,
      isComplete: task.complete,
      completedAt: task.complete ? (task.completedAt ?? row.modifiedAt) : null,
      createdAt: row.createdAt,
      assignedToUser: task.assigneeId === null ? null : { id: task.assigneeId, name: assignee?.name ?? null },
      record: record ? { id: record.id, typeId: record.typeId, name: record.name } : null,
      formToUse: task.formPageId === null ? null : { id: task.formPageId },
      openInEditMode: task.openInEditMode,
      promptForTaskIsPopup: task.popup,
      // Its address names the record: only for a record the caller may read.
      navigateToTaskUrl: record ? taskAnswer(task).navigateToTaskUrl : null,
      runId: task.runId !== null && readable.has(task.runId) ? task.runId : null,
      canComplete: modifiable.has(row.id),
    };
  });
}
