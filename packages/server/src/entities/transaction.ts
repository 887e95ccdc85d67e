import type { RequestContext } from '../context.js';

/** Runs work in one transaction (joining the caller's when there is one). */
export async function inTransaction<T>(
  ctx: RequestContext,
  work: (tx: RequestContext) => Promise<T>,
): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  return ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx }));
}
