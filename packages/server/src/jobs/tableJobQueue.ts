import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { systemQuery } from '../data/systemQuery.js';
import { durableMark } from '../db/groupCommit.js';
import type { Db } from '../db/tables.js';
import type { JobData, SendOptions } from './jobQueue.js';
import {
  type HeldJob,
  type JobQueueOptions,
  type JobStore,
  LeasedJobQueue,
  type QueueRules,
} from './leasedJobQueue.js';

/** Failed jobs are kept this long for a look at their error, then removed. */
const KEEP_FAILED_MS = 14 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;
/** A retry's delay doubles at most this many times. */
const MAX_DOUBLINGS = 16;

export const LEASE_RAN_OUT = 'The process working the job stopped before it ended (its lease ran out).';

interface TakenRow {
  id: string;
  queue: string;
  data: string;
  attempt: number;
}

/**
 * The jobs of the embedded database, in its `jobs` table (migration 020). Times are the process's
 * own clock, in milliseconds: one process holds a SQLite database (decision 0006), so no two
 * clocks meet here. Every statement is one atomic write, so queue instances of one process (tests)
 * never take the same job twice.
 */
export class TableJobStore implements JobStore {
  readonly #db: Db;
  /** This store's leases carry its id: a lease that ran out and was taken again is not ours. */
  readonly #owner = randomUUID();
  #prunedAt = 0;

  constructor(db: Db) {
    this.#db = db;
  }

  async prepare(): Promise<void> {}

  async insert(queue: string, data: JobData, options: SendOptions): Promise<void> {
    const now = Date.now();
    const runAfter = now + Math.max(0, options.startAfterMs ?? 0);
    await sql`
      INSERT INTO jobs (id, queue, tenant_id, data, state, singleton_key, attempt, run_after, created_at)
      VALUES (${randomUUID()}, ${queue}, ${data.tenantId}, ${JSON.stringify(data)}, 'created',
        ${options.singletonKey ?? null}, 0, ${runAfter}, ${now})
      ON CONFLICT DO NOTHING`.execute(options.db ? systemQuery(options.db, 'write integrity') : this.#db);
  }

  async take(queue: string, count: number, rules: QueueRules): Promise<HeldJob[]> {
    const now = Date.now();
    await this.#prune(now);
    // A job whose lease ran out on its last try is kept as failed, as pg-boss's expiry does.
    await sql`
      UPDATE jobs SET state = 'failed', failed_at = ${now}, last_error = ${LEASE_RAN_OUT},
        locked_by = NULL, locked_until = NULL
      WHERE queue = ${queue} AND state = 'active' AND locked_until < ${now} AND attempt >= ${rules.tries}`.execute(
      this.#db,
    );
    const mark = durableMark(this.#db);
    const { rows } = await sql<TakenRow>`
      UPDATE jobs SET state = 'active', attempt = attempt + 1, locked_until = ${now + rules.leaseMs},
        locked_by = ${this.#owner}
      WHERE id IN (
        SELECT id FROM jobs
        WHERE queue = ${queue} AND (
          (state IN ('created', 'retry') AND run_after <= ${now})
          OR (state = 'active' AND locked_until < ${now}))
        ORDER BY run_after, created_at
        LIMIT ${count})
      RETURNING id, queue, data, attempt`.execute(this.#db);
    // The take may have read a job sent in a group not yet committed: none runs before it is
    // durable, and none at all if its group fails (decision 0149).
    await mark.durable();
    return rows.map((row) => ({
      id: row.id,
      queue: row.queue,
      data: JSON.parse(row.data) as JobData,
      attempt: row.attempt,
      hold: this.#owner,
    }));
  }

  async renew(job: HeldJob, rules: QueueRules): Promise<boolean> {
    const { rows } = await sql`
      UPDATE jobs SET locked_until = ${Date.now() + rules.leaseMs}
      WHERE id = ${job.id} AND locked_by = ${this.#owner} AND state = 'active'
      RETURNING id`.execute(this.#db);
    return rows.length > 0;
  }

  async complete(job: HeldJob): Promise<void> {
    await sql`DELETE FROM jobs WHERE id = ${job.id} AND locked_by = ${this.#owner} AND state = 'active'`.execute(
      this.#db,
    );
  }

  async fail(job: HeldJob, error: string, rules: QueueRules): Promise<void> {
    const now = Date.now();
    const isLast = job.attempt >= rules.tries;
    const delay = rules.retryDelayMs * 2 ** Math.min(MAX_DOUBLINGS, job.attempt - 1);
    await sql`
      UPDATE jobs SET state = ${isLast ? 'failed' : 'retry'}, run_after = ${now + delay},
        failed_at = ${isLast ? now : null}, last_error = ${error.slice(0, 4000)},
        locked_by = NULL, locked_until = NULL
      WHERE id = ${job.id} AND locked_by = ${this.#owner} AND state = 'active'`.execute(this.#db);
  }

  async busy(queues: string[]): Promise<number> {
    const now = Date.now();
    const { rows } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM jobs
      WHERE queue IN (${sql.join(queues)}) AND (
        (state IN ('created', 'retry') AND run_after <= ${now}) OR state = 'active')`.execute(this.#db);
    return Number(rows[0]?.n ?? 0);
  }

  async close(): Promise<void> {}

  async #prune(now: number): Promise<void> {
    if (now - this.#prunedAt < PRUNE_EVERY_MS) return;
    this.#prunedAt = now;
    await sql`DELETE FROM jobs WHERE state = 'failed' AND failed_at < ${now - KEEP_FAILED_MS}`.execute(
      this.#db,
    );
  }
}

/** The job queue of the embedded database (decision 0127). */
export function tableJobQueue(db: Db, options: JobQueueOptions = {}): LeasedJobQueue {
  return new LeasedJobQueue(new TableJobStore(db), options);
}
