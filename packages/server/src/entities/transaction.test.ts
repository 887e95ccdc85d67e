import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../context.js';
import { afterCommit, inTransaction } from './transaction.js';

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

  it('runs what afterCommit queued once the work has committed, and drops it with a rollback or a retry', async () => {
    const done: string[] = [];
    // A database whose first transaction runs the work and is then aborted for a deadlock.
    let runs = 0;
    const db = {
      isTransaction: false,
      transaction: () => ({
        execute: async (work: (trx: unknown) => Promise<unknown>) => {
          const result = await work({ isTransaction: true });
          if (++runs === 1) throw { code: '40P01' };
          return result;
        },
      }),
    };
    let attempt = 0;
    await inTransaction({ db } as unknown as RequestContext, async (tx) => {
      attempt++;
      await afterCommit(tx, () => done.push(`attempt ${attempt}`));
      expect(done).toEqual([]);
    });
    expect(done).toEqual(['attempt 2']);

    await expect(
      inTransaction(contextFailing().ctx, async (tx) => {
        await afterCommit(tx, () => done.push('rolled back'));
        throw new Error('a later check failed');
      }),
    ).rejects.toThrow('a later check failed');
    expect(done).toEqual(['attempt 2']);
  });

  it('runs an afterCommit task at once outside a transaction', async () => {
    const done: string[] = [];
    await afterCommit(contextFailing().ctx, () => done.push('now'));
    expect(done).toEqual(['now']);
  });
});
