import type { CallerHandle } from '../data/executor.js';

/** What a job carries: JSON, always with the tenant it works for. */
export interface JobData {
  tenantId: number;
  [key: string]: unknown;
}

/** A job handed to its queue's handler. */
export interface Job {
  id: string;
  queue: string;
  data: JobData;
  /** 1 on the first try. */
  attempt: number;
}

export interface SendOptions {
  /**
   * While a job of the same queue and key is queued (not yet taken), another is not queued: one
   * run's "go on" queued twice is one job. A job already being worked does not block a new one.
   */
  singletonKey?: string;
  /** Not before this many milliseconds from now. */
  startAfterMs?: number;
  /**
   * Queue it in this open transaction: the job exists exactly when the transaction commits, so a
   * step's writes and the job that goes on from them are never split by a crash.
   */
  db?: CallerHandle;
}

export interface WorkOptions {
  /** Jobs of this queue one process works at once (default 1). */
  concurrency?: number;
  /** Tries before a failing job is kept as failed (default 3); a job is retried with a backoff. */
  retryLimit?: number;
}

/**
 * The durable job queue of background work (design §2): workflow runs, notification emails.
 * A job survives a crash of the process working it: once its lease runs out, any process takes it
 * again, so a handler must be safe to run twice (the workflow engine keeps its place in the run).
 * PostgreSQL and SQLite each have an implementation behind this interface (decision 0127).
 */
export interface JobQueue {
  send(queue: string, data: JobData, options?: SendOptions): Promise<void>;
  /** Runs `handler` for every job of `queue` until stop; a handler that throws fails the try. */
  work(queue: string, handler: (job: Job) => Promise<void>, options?: WorkOptions): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the handlers working; their jobs are done or left to retry. */
  stop(): Promise<void>;
  /**
   * Looks for due jobs of the queue at once: for a job sent in a transaction, once it committed
   * (the look at the send ran before the job could be seen).
   */
  wake(queue: string): void;
  /** Resolves once no job of this process's queues is queued or being worked (tests, benches). */
  drained(): Promise<void>;
}
