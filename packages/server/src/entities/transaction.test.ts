import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../context.js';
import { inTransaction } from './transaction.js';

/** A context whose database fails its first transactions with the given errors, then runs them. */
function contextFailing(...errors: unknown[]) {
  let runs = 0;
  const db = {
    isTransaction: false,
    transaction: () => ({
      execute: async (work: (trx: unknown) => Promise<unknown>) => {
        runs++;
        const error = errors.shift();
        if (error) throw error;
        return work({ isTransaction: true });
      },
    }),
  };
  return { ctx: { db } as unknown as RequestContext, runs: () => runs };
}

describe('inTransaction', () => {
  it('runs a transaction PostgreSQL aborted for a deadlock or serialization failure again', async () => {
    const { ctx, runs } = contextFailing({ code: '40P01' }, { code: '40001' });
    expect(await inTransaction(ctx, async () => 'done')).toBe('done');
    expect(runs()).toBe(3);
  });

  it('gives up after three runs, and never retries other errors', async () => {
    const deadlocks = contextFailing({ code: '40P01' }, { code: '40P01' }, { code: '40P01' });
    await expect(inTransaction(deadlocks.ctx, async () => 'done')).rejects.toMatchObject({ code: '40P01' });
    expect(deadlocks.runs()).toBe(3);
    const other = contextFailing(new Error('constraint'));
    await expect(inTransaction(other.ctx, async () => 'done')).rejects.toThrow('constraint');
    expect(other.runs()).toBe(1);
  });

  it('joins the caller’s transaction without starting one', async () => {
    const ctx = { db: { isTransaction: true } } as unknown as RequestContext;
    expect(await inTransaction(ctx, async (tx) => tx === ctx)).toBe(true);
  });
});
