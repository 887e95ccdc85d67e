import { z } from 'zod';
import { entityId, maxStartIndex } from './common.js';

/**
 * The lists of "My tasks" (issue 21, decision 0131): open (not complete), due (open and due on or
 * before today in the tenant's time zone) and done (complete, newest first).
 */
export const taskStates = ['open', 'due', 'done'] as const;
export type TaskState = (typeof taskStates)[number];

/** The tasks one call lists at most; the default is fewer. */
export const taskListMax = 100;
export const taskListDefault = 50;

/** `GET /spapi/data/v1/tasks?state=&limit=&offset=`: which list, and which part of it. */
export const listTasksQuery = z
  .object({
    state: z.enum(taskStates).default('open'),
    /** Clamped to taskListMax (and echoed). */
    limit: z.coerce.number().int().min(1).max(1_000_000).default(taskListDefault),
    offset: z.coerce.number().int().min(0).max(maxStartIndex).default(0),
  })
  .strict();
export type ListTasksQuery = z.input<typeof listTasksQuery>;

/** One user task as the person it is for sees it (spec 03 §3 "Task within a run"). */
export const taskItem = z.object({
  id: entityId,
  name: z.string().nullable(),
  /** The task's version: completing it sends it as If-Match. */
  version: z.number().int(),
  /** yyyy-MM-dd, or null when the task has no due date. */
  dueDate: z.string().nullable(),
  /** Open, and due before today (in the tenant's time zone). */
  isOverdue: z.boolean(),
  isComplete: z.boolean(),
  /** When it was completed (ISO 8601); null while open. */
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  assignedToUser: z.object({ id: entityId, name: z.string().nullable() }).nullable(),
  /** The record the task is about, when there is one the caller may read. */
  record: z.object({ id: entityId, typeId: entityId, name: z.string().nullable() }).nullable(),
  /** The app page (form page) the record opens on; null: the record's own edit page. */
  formToUse: z.object({ id: entityId }).nullable(),
  openInEditMode: z.boolean(),
  promptForTaskIsPopup: z.boolean(),
  /** The runner's address of the task's record form, relative to the app; null without a record. */
  navigateToTaskUrl: z.string().nullable(),
  /** The run the task belongs to, when the caller may read it. */
  runId: entityId.nullable(),
  /** Whether the caller may complete it (change it). */
  canComplete: z.boolean(),
});
export type TaskItem = z.infer<typeof taskItem>;

/** The caller's own tasks of one list, with how many each list holds. */
export const listTasksResponse = z.object({
  state: z.enum(taskStates),
  tasks: z.array(taskItem),
  counts: z.object({
    open: z.number().int().nonnegative(),
    due: z.number().int().nonnegative(),
    done: z.number().int().nonnegative(),
  }),
  /** Today in the tenant's time zone (yyyy-MM-dd): what due and overdue were measured against. */
  today: z.string(),
  /** The limit applied (the query's, clamped) and the offset. */
  limit: z.number().int(),
  offset: z.number().int(),
});
export type ListTasksResponse = z.infer<typeof listTasksResponse>;

/** `GET /spapi/data/v1/tasks/{id}`: one task the caller may read. */
export const taskResponse = z.object({ task: taskItem, today: z.string() });
export type TaskResponse = z.infer<typeof taskResponse>;
