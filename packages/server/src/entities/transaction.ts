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

/**
 * Runs work in one transaction (joining the caller's when there is one). A transaction PostgreSQL
 * aborts for a deadlock or a serialization failure — two writers taking the same rows in opposite
 * orders, e.g. change markers (decision 0021) — runs again, up to three times in all; the work
 * must not have effects outside the database that a second run would repeat.
 */
export async function inTransaction<T>(
  ctx: RequestContext,
  work: (tx: RequestContext) => Promise<T>,
): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx }));
    } catch (error) {
      if (attempt >= maxAttempts || !isRetryable(error)) throw error;
    }
  }
}
