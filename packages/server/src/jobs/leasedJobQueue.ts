import type { Job, JobData, JobQueue, SendOptions, WorkOptions } from './jobQueue.js';

/** A job this process holds under a lease. */
export interface HeldJob extends Job {
  /** What proves the hold to its store: the table queue's owner id, pg-boss's start time. */
  hold: unknown;
}

/** How the jobs of one queue are tried. */
export interface QueueRules {
  /** Tries before a failing job is kept as failed. */
  tries: number;
  /** How long a taken job is held without a heartbeat. */
  leaseMs: number;
  /** The first retry's delay; each further one doubles it. */
  retryDelayMs: number;
}

/** Where the jobs are kept: the embedded database's table, or pg-boss on PostgreSQL. */
export interface JobStore {
  /** Readies a queue for its jobs under these rules (pg-boss creates the queue). */
  prepare(queue: string, rules: QueueRules): Promise<void>;
  insert(queue: string, data: JobData, options: SendOptions): Promise<void>;
  /** Takes up to `count` due jobs, or jobs whose lease ran out, under a new lease of this store. */
  take(queue: string, count: number, rules: QueueRules): Promise<HeldJob[]>;
  /** Renews a held job's lease; false once the hold is lost (the lease ran out). */
  renew(job: HeldJob, rules: QueueRules): Promise<boolean>;
  /** Done: a job still held is removed (or marked completed); a lost one is left to its new holder. */
  complete(job: HeldJob): Promise<void>;
  /** A failed try: retried after a backoff, or kept as failed after the last try. */
  fail(job: HeldJob, error: string, rules: QueueRules): Promise<void>;
  /** How many jobs of these queues are due or being worked. */
  busy(queues: string[]): Promise<number>;
  close(): Promise<void>;
}

export interface JobQueueOptions {
  /** How long a taken job is held without a heartbeat before any process may take it (60 s). */
  leaseMs?: number;
  /** How often a working handler renews its lease (a third of the lease). */
  heartbeatMs?: number;
  /** How long an idle queue waits before it looks for due jobs again (500 ms). */
  pollMs?: number;
  /** The first retry's delay, doubled for each further one (1 s; pg-boss counts whole seconds). */
  retryDelayMs?: number;
  /** Told of a failed try and of the queue's own failures (default: a process warning). */
  onError?: (error: unknown, job?: Job) => void;
}

interface Worker {
  queue: string;
  handler: (job: Job) => Promise<void>;
  concurrency: number;
  rules: QueueRules;
  running: Map<string, Promise<void>>;
  loop?: Promise<void>;
  /** Set by a wake that came while the loop was busy: it looks again before sleeping. */
  woken: boolean;
  sleeping?: () => void;
}

/** The rules of a queue worked without options, and of one this process only sends to. */
export function defaultRules(options: JobQueueOptions): QueueRules {
  return { tries: 3, leaseMs: options.leaseMs ?? 60_000, retryDelayMs: options.retryDelayMs ?? 1000 };
}

/**
 * The job queue's own part, the same on both engines (decision 0127): per worked queue, a loop
 * that takes due jobs up to its concurrency and runs each handler while renewing the job's lease.
 * Sends of this process wake the loop at once; otherwise it looks every `pollMs`. Jobs are
 * delivered at least once: a process that dies holding one leaves it for any other once the lease
 * runs out.
 */
export class LeasedJobQueue implements JobQueue {
  readonly #store: JobStore;
  readonly #defaults: QueueRules;
  readonly #heartbeatMs: number;
  readonly #pollMs: number;
  readonly #onError: (error: unknown, job?: Job) => void;
  readonly #workers = new Map<string, Worker>();
  /** Resolved whenever a job ends, for drained(). */
  readonly #onJobEnd = new Set<() => void>();
  #started = false;
  #stopping: Promise<void> | undefined;

  constructor(store: JobStore, options: JobQueueOptions = {}) {
    this.#store = store;
    this.#defaults = defaultRules(options);
    this.#heartbeatMs = options.heartbeatMs ?? Math.max(100, Math.floor(this.#defaults.leaseMs / 3));
    this.#pollMs = options.pollMs ?? 500;
    const onError =
      options.onError ??
      ((error, job) =>
        process.emitWarning(
          `Job ${job ? `${job.queue} ${job.id} (try ${job.attempt})` : 'queue'} failed: ${describe(error)}`,
        ));
    // A report that throws must not end a loop or leave a job's end unhandled.
    this.#onError = (error, job) => {
      try {
        onError(error, job);
      } catch {
        // nothing more to tell
      }
    };
  }

  async send(queue: string, data: JobData, options: SendOptions = {}): Promise<void> {
    if (!queue) throw new Error('A job needs a queue name.');
    if (!Number.isSafeInteger(data.tenantId)) throw new Error('A job needs the id of its tenant.');
    await this.#store.insert(queue, data, options);
    // In a transaction, the job is there once it commits: on SQLite the look waits for the one
    // connection, so it sees it then; on PostgreSQL a look before the commit finds nothing and the
    // next one (pollMs later) takes it.
    if (!options.startAfterMs) this.#wake(this.#workers.get(queue));
  }

  wake(queue: string): void {
    this.#wake(this.#workers.get(queue));
  }

  work(queue: string, handler: (job: Job) => Promise<void>, options: WorkOptions = {}): void {
    if (this.#workers.has(queue)) throw new Error(`The queue ${queue} is already worked.`);
    const worker: Worker = {
      queue,
      handler,
      concurrency: Math.max(1, options.concurrency ?? 1),
      rules: { ...this.#defaults, tries: Math.max(1, options.retryLimit ?? this.#defaults.tries) },
      running: new Map(),
      woken: false,
    };
    this.#workers.set(queue, worker);
    if (this.#started && !this.#stopping) worker.loop = this.#loop(worker);
  }

  /** Starts working the queues given to work(), and any given later. */
  async start(): Promise<void> {
    if (this.#started || this.#stopping) return;
    this.#started = true;
    for (const worker of this.#workers.values()) worker.loop = this.#loop(worker);
  }

  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      for (const worker of this.#workers.values()) this.#wake(worker);
      await Promise.all([...this.#workers.values()].map((w) => w.loop));
      await Promise.all([...this.#workers.values()].flatMap((w) => [...w.running.values()]));
      await this.#store.close();
    })();
    return this.#stopping;
  }

  /**
   * Resolves once no job of the queues this process works is due or being worked (by any
   * process). A job waiting for a later time (startAfterMs, a retry's backoff) does not count.
   * Never resolves while due jobs wait for a queue that is not started.
   */
  async drained(): Promise<void> {
    const queues = [...this.#workers.keys()];
    for (;;) {
      if (this.#runningCount() === 0) {
        const busy = queues.length ? await this.#store.busy(queues) : 0;
        if (busy === 0 && this.#runningCount() === 0) return;
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.#onJobEnd.delete(done);
          resolve();
        };
        const timer = setTimeout(done, 25);
        this.#onJobEnd.add(done);
      });
    }
  }

  #runningCount(): number {
    let count = 0;
    for (const worker of this.#workers.values()) count += worker.running.size;
    return count;
  }

  #wake(worker: Worker | undefined): void {
    if (!worker) return;
    worker.woken = true;
    worker.sleeping?.();
  }

  async #loop(worker: Worker): Promise<void> {
    let prepared = false;
    while (!this.#stopping) {
      worker.woken = false;
      try {
        if (!prepared) {
          await this.#store.prepare(worker.queue, worker.rules);
          prepared = true;
        }
        const free = worker.concurrency - worker.running.size;
        if (free > 0) {
          const jobs = await this.#store.take(worker.queue, free, worker.rules);
          // Stopping while the take ran: the jobs are worked all the same, and stop waits for them.
          for (const job of jobs) this.#begin(worker, job);
        }
      } catch (error) {
        if (!this.#stopping) this.#onError(error);
      }
      if (this.#stopping || worker.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.#pollMs);
        function done() {
          clearTimeout(timer);
          worker.sleeping = undefined;
          resolve();
        }
        worker.sleeping = done;
      });
    }
  }

  #begin(worker: Worker, job: HeldJob): void {
    const run = this.#run(worker, job).finally(() => {
      worker.running.delete(job.id);
      this.#wake(worker);
      for (const done of [...this.#onJobEnd]) done();
    });
    worker.running.set(job.id, run);
  }

  async #run(worker: Worker, job: HeldJob): Promise<void> {
    const heartbeat = setInterval(() => {
      this.#store.renew(job, worker.rules).then(
        (held) => {
          if (!held) clearInterval(heartbeat);
        },
        (error: unknown) => this.#onError(error, job),
      );
    }, this.#heartbeatMs);
    heartbeat.unref();
    let failure: { error: unknown } | undefined;
    try {
      await worker.handler({ id: job.id, queue: job.queue, data: job.data, attempt: job.attempt });
    } catch (error) {
      failure = { error };
    } finally {
      clearInterval(heartbeat);
    }
    try {
      if (failure) {
        this.#onError(failure.error, job);
        await this.#store.fail(job, describe(failure.error), worker.rules);
      } else {
        await this.#store.complete(job);
      }
    } catch (error) {
      // The job stays active until its lease runs out, then is tried again.
      this.#onError(error, job);
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
