import type { RequestContext } from '../context.js';

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction may simply run again. */
const retryableCodes = new Set(['40P01', '40001']);
const maxAttempts = 3;

function isRetryable(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    retryableCodes.has(String((error as { code?: unknown }).code))
  );
}

/** Work to do once a transaction has committed; it gets the context outside the transaction. */
export type AfterCommitTask = (ctx: RequestContext) => unknown;

/** Tasks of the open transactions started by inTransaction, by transaction handle. */
const pendingTasks = new WeakMap<object, AfterCommitTask[]>();

/**
 * Runs `task` once the caller's transaction has committed (at once when there is none): for effects
 * outside the database, such as removing a file, that a rollback could not undo. A transaction that
 * rolls back, or runs again, drops the tasks it queued. Inside a transaction inTransaction did not
 * start, the end cannot be seen, so the task is dropped: use it only for work that may be skipped.
 * A failing task is the task's own business: it must catch and log, as inTransaction has already
 * committed the work.
 */
export async function afterCommit(ctx: RequestContext, task: AfterCommitTask): Promise<void> {
  if (!ctx.db.isTransaction) await task(ctx);
  else pendingTasks.get(ctx.db)?.push(task);
}

/**
 * Runs work in one transaction (joining the caller's when there is one). A transaction PostgreSQL
 * aborts for a deadlock or a serialization failure — two writers taking the same rows in opposite
 * orders, e.g. change markers (decision 0021) — runs again, up to three times in all; the work
 * must not have effects outside the database that a second run would repeat (queue them with
 * afterCommit: they run once, after the commit, before this returns).
 */
export async function inTransaction<T>(
  ctx: RequestContext,
  work: (tx: RequestContext) => Promise<T>,
): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  for (let attempt = 1; ; attempt++) {
    const tasks: AfterCommitTask[] = [];
    let result: T;
    try {
      result = await ctx.db.transaction().execute((trx) => {
        pendingTasks.set(trx, tasks);
        return work({ ...ctx, db: trx });
      });
    } catch (error) {
      if (attempt >= maxAttempts || !isRetryable(error)) throw error;
      continue;
    }
    for (const task of tasks) await task(ctx);
    return result;
  }
}
