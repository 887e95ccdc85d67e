import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Executor } from '../data/executor.js';
import { systemQuery } from '../data/systemQuery.js';
import type { Db } from '../db/tables.js';
import type { JobData, SendOptions } from './jobQueue.js';
import {
  defaultRules,
  type HeldJob,
  type JobQueueOptions,
  type JobStore,
  LeasedJobQueue,
  type QueueRules,
} from './leasedJobQueue.js';

export interface PgBossJobQueueOptions extends JobQueueOptions {
  /** pg-boss's schema in the database (`pgboss`). */
  schema?: string;
}

/**
 * pg-boss's own SQL runs through a Kysely handle: the pool of the app, or an open transaction.
 * Some of its commands are scripts with their own BEGIN and COMMIT, and it expects some to fail
 * (two processes installing its schema at once; a migration already made). A script that fails
 * after its BEGIN leaves the connection in an aborted transaction: on the pool it is rolled back
 * before the connection goes back, or the app's next request on it would fail.
 */
export function pgBossExecutor(db: Executor): PgBoss.Db {
  const run = async (on: Executor, text: string, values: unknown[] | undefined) => {
    const result = await on.executeQuery(CompiledQuery.raw(text, values ?? []));
    return { rows: [...result.rows] };
  };
  if (db.isTransaction) return { executeSql: (text, values) => run(db, text, values) };
  return {
    executeSql: (text, values) =>
      db.connection().execute(async (connection) => {
        try {
          return await run(connection, text, values);
        } catch (error) {
          await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
          throw error;
        }
      }),
  };
}

/** A hold is pg-boss's start time of the try, to the millisecond (JavaScript's precision). */
const heldBy = (startedOn: Date) =>
  sql`started_on >= ${startedOn} AND started_on < ${startedOn}::timestamptz + interval '1 millisecond'`;

/**
 * The jobs of PostgreSQL, kept by pg-boss 10 in its own schema of the app's database and run on
 * the app's connection pool, so a send in a transaction is part of it. pg-boss creates the queue,
 * inserts (a queue of the `short` policy: one untaken job per singleton key), takes (`fetch`, with
 * SKIP LOCKED), retries with backoff and expires: its upkeep fails a job active past `expire_in`
 * (the lease), which is then retried. Its `work` neither renews a lease nor lets a handler outlive
 * it, so the loop is ours (LeasedJobQueue) and the heartbeat moves `expire_in` on (decision 0127).
 */
export class PgBossJobStore implements JobStore {
  readonly #db: Db;
  readonly #boss: PgBoss;
  readonly #schema: string;
  readonly #defaults: QueueRules;
  /** Queues made ready by this process: pg-boss drops a job sent to a queue it does not know. */
  readonly #queues = new Map<string, Promise<void>>();
  #started: Promise<void> | undefined;

  constructor(db: Db, defaults: QueueRules, options: PgBossJobQueueOptions = {}) {
    this.#db = db;
    this.#defaults = defaults;
    this.#schema = options.schema ?? 'pgboss';
    this.#boss = new PgBoss({
      db: pgBossExecutor(db),
      schema: this.#schema,
      // A lease that ran out is noticed by the next upkeep: look twice a lease, at least every second.
      maintenanceIntervalSeconds: Math.min(120, Math.max(1, Math.round(defaults.leaseMs / 2000))),
      schedule: false,
    });
    const onError = options.onError ?? ((error) => process.emitWarning(`Job queue: ${String(error)}`));
    this.#boss.on('error', (error) => onError(error));
  }

  /** Installs or migrates pg-boss's schema once, on first use (a test app that sends nothing pays nothing). */
  #start(): Promise<void> {
    if (!this.#started) {
      const started = this.#boss.start().then(() => undefined);
      // A failed start (the database away) is tried again by the next use.
      started.catch(() => {
        if (this.#started === started) this.#started = undefined;
      });
      this.#started = started;
    }
    return this.#started;
  }

  /**
   * Makes a queue ready in pg-boss. Processes that start together make the same queues at once,
   * and PostgreSQL may end one of two such makes as a deadlock: that one is made again. A queue
   * that could not be made is tried again by the next use.
   */
  #ready(queue: string, rules: QueueRules, update: boolean): Promise<void> {
    const ready = (async () => {
      await this.#start();
      await againOnDeadlock(() => this.#boss.createQueue(queue, queueOptions(queue, rules)));
      // A queue made before keeps its jobs; its rules are this worker's from now on.
      if (update) await againOnDeadlock(() => this.#boss.updateQueue(queue, queueOptions(queue, rules)));
    })();
    ready.catch(() => {
      if (this.#queues.get(queue) === ready) this.#queues.delete(queue);
    });
    this.#queues.set(queue, ready);
    return ready;
  }

  #table() {
    return sql.table(`${this.#schema}.job`);
  }

  prepare(queue: string, rules: QueueRules): Promise<void> {
    return this.#ready(queue, rules, true);
  }

  async insert(queue: string, data: JobData, options: SendOptions): Promise<void> {
    await (this.#queues.get(queue) ?? this.#ready(queue, this.#defaults, false));
    await this.#boss.send(queue, data, {
      // The `short` policy allows one untaken job per key, and a job without one counts as key '':
      // each such job gets a key of its own.
      singletonKey: options.singletonKey ?? `job-${randomUUID()}`,
      ...(options.startAfterMs ? { startAfter: options.startAfterMs / 1000 } : {}),
      ...(options.db ? { db: pgBossExecutor(systemQuery(options.db, 'write integrity')) } : {}),
    });
  }

  async take(queue: string, count: number): Promise<HeldJob[]> {
    await this.#start();
    const jobs = await this.#boss.fetch<JobData>(queue, { batchSize: count, includeMetadata: true });
    return jobs.map((job) => ({
      id: job.id,
      queue,
      data: job.data,
      attempt: job.retryCount + 1,
      hold: job.startedOn,
    }));
  }

  async renew(job: HeldJob, rules: QueueRules): Promise<boolean> {
    const { rows } = await sql`
      UPDATE ${this.#table()}
      SET expire_in = (now() - started_on) + ${rules.leaseMs} * interval '1 millisecond'
      WHERE name = ${job.queue} AND id = ${job.id} AND state = 'active' AND ${heldBy(job.hold as Date)}
      RETURNING id`.execute(this.#db);
    return rows.length > 0;
  }

  async complete(job: HeldJob): Promise<void> {
    // pg-boss's complete, but only while this try still holds the job.
    await sql`
      UPDATE ${this.#table()} SET completed_on = now(), state = 'completed'
      WHERE name = ${job.queue} AND id = ${job.id} AND state = 'active' AND ${heldBy(job.hold as Date)}`.execute(
      this.#db,
    );
  }

  async fail(job: HeldJob, error: string): Promise<void> {
    // pg-boss's fail has no hold to check: a try whose lease ran out leaves the job to its new holder.
    const { rows } = await sql`
      SELECT id FROM ${this.#table()}
      WHERE name = ${job.queue} AND id = ${job.id} AND state = 'active' AND ${heldBy(job.hold as Date)}`.execute(
      this.#db,
    );
    if (rows.length) await this.#boss.fail(job.queue, job.id, { message: error });
  }

  async busy(queues: string[]): Promise<number> {
    await this.#start();
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${this.#table()}
      WHERE name = ANY(${queues}) AND ((state < 'active' AND start_after < now()) OR state = 'active')`.execute(
      this.#db,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async close(): Promise<void> {
    if (!this.#started) return;
    await this.#started.catch(() => undefined);
    // Our loops ended before this: pg-boss has no worker of its own to wait for.
    await this.#boss.stop({ graceful: false, close: false });
  }
}

const DEADLOCK = '40P01';

/** `make()`, made again (up to four times) while PostgreSQL ends it as one side of a deadlock. */
async function againOnDeadlock(make: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await make();
    } catch (error) {
      if (attempt >= 4 || (error as { code?: string }).code !== DEADLOCK) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}

/** A queue's pg-boss settings from its rules: pg-boss counts retries after the first try, in seconds. */
function queueOptions(name: string, rules: QueueRules): PgBoss.Queue {
  const retryDelay = Math.round(rules.retryDelayMs / 1000);
  return {
    name,
    policy: 'short',
    retryLimit: rules.tries - 1,
    // Under a second, pg-boss cannot wait: the retry is at once.
    retryDelay,
    retryBackoff: retryDelay > 0,
    expireInSeconds: Math.max(1, Math.ceil(rules.leaseMs / 1000)),
  };
}

/** The job queue of PostgreSQL (decision 0127). */
export function pgBossJobQueue(db: Db, options: PgBossJobQueueOptions = {}): LeasedJobQueue {
  return new LeasedJobQueue(new PgBossJobStore(db, defaultRules(options), options), options);
}
