import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobQueue } from '../../src/jobs/jobQueue.js';
import type { JobQueueOptions } from '../../src/jobs/leasedJobQueue.js';
import { openJobQueue } from '../../src/jobs/openJobQueue.js';
import { LEASE_RAN_OUT } from '../../src/jobs/tableJobQueue.js';
import { waitFor } from '../support/gates.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';

/** A promise the test lets go of. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

// Waits are on conditions with generous limits: the suite shares two loaded cores.
const SLOW = 30_000;

describe.each(engines)('the durable job queue on %s', (engine) => {
  let t: TestApp;
  let opened: JobQueue[] = [];
  let named = 0;
  /** Failed tries and queue errors the queues report, kept out of the test output. */
  let reported: { error: unknown; job?: Job }[] = [];

  beforeAll(async () => {
    t = await startTestApp(engine);
  }, SLOW);
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    const stopping = opened.map((q) => q.stop());
    opened = [];
    await Promise.all(stopping);
    reported = [];
  }, SLOW);

  /** A queue instance on the test app's database, as another process would have one. */
  const open = async (options: JobQueueOptions = {}) => {
    const queue = await openJobQueue(t.services, {
      pollMs: 50,
      onError: (error, job) => reported.push({ error, ...(job ? { job } : {}) }),
      ...options,
    });
    opened.push(queue);
    return queue;
  };
  const queueName = () => `test-${++named}`;
  const data = (extra: Record<string, unknown> = {}) => ({ tenantId: t.tenantId, ...extra });

  /** The jobs kept of a queue (pg-boss keeps completed jobs a while: those are left out). */
  const kept = async (queue: string) => {
    const { rows } =
      engine === 'sqlite'
        ? await sql<{ state: string; error: string | null; attempt: number }>`
            SELECT state, last_error AS error, attempt FROM jobs WHERE queue = ${queue}`.execute(
            t.services.db,
          )
        : await sql<{ state: string; error: string | null; attempt: number }>`
            SELECT state::text AS state, retry_count + 1 AS attempt,
              COALESCE(output->>'message', output->'value'->>'message') AS error
            FROM pgboss.job WHERE name = ${queue} AND state <> 'completed'`.execute(t.services.db);
    return rows;
  };

  it(
    'runs a sent job with its data, once, and keeps nothing of it',
    async () => {
      const name = queueName();
      const queue = await open();
      const seen: Job[] = [];
      queue.work(name, async (job) => {
        seen.push(job);
      });
      await queue.start();
      await queue.send(name, data({ note: 'hello', nested: { ids: [1, 2] } }));
      await waitFor(() => seen.length === 1, SLOW);
      await queue.drained();
      expect(seen).toEqual([
        {
          id: expect.any(String),
          queue: name,
          data: { tenantId: t.tenantId, note: 'hello', nested: { ids: [1, 2] } },
          attempt: 1,
        },
      ]);
      expect(await kept(name)).toEqual([]);
    },
    SLOW,
  );

  it(
    'wakes at once for a send of this process, without waiting for its next look',
    async () => {
      const name = queueName();
      // It looks once on start and then not for an hour: only the send can wake it.
      const queue = await open({ pollMs: 3_600_000 });
      const seen: number[] = [];
      queue.work(name, async (job) => {
        seen.push(job.data.n as number);
      });
      await queue.start();
      await queue.send(name, data({ n: 1 }));
      await waitFor(() => seen.length === 1, SLOW);
      await queue.send(name, data({ n: 2 }));
      await waitFor(() => seen.length === 2, SLOW);
      expect(seen).toEqual([1, 2]);
    },
    SLOW,
  );

  it(
    'skips a send while a job of the same key waits untaken, not while one is worked',
    async () => {
      const name = queueName();
      const queue = await open();
      await queue.send(name, data({ n: 1 }), { singletonKey: 'run-1' });
      await queue.send(name, data({ n: 2 }), { singletonKey: 'run-1' });
      await queue.send(name, data({ n: 3 }), { singletonKey: 'run-2' });
      await queue.send(name, data({ n: 4 }));
      await queue.send(name, data({ n: 5 }));
      const seen: number[] = [];
      const held = gate();
      // One at a time: while run-1's job is held, nothing else is taken.
      queue.work(name, async (job) => {
        seen.push(job.data.n as number);
        if (job.data.n === 1) await held.opened;
      });
      await queue.start();
      await waitFor(() => seen.includes(1), SLOW);
      // run-1 is being worked: its key queues one job again, and only one.
      await queue.send(name, data({ n: 6 }), { singletonKey: 'run-1' });
      await queue.send(name, data({ n: 7 }), { singletonKey: 'run-1' });
      held.open();
      await waitFor(() => seen.length === 5, SLOW);
      await queue.drained();
      expect([...seen].sort()).toEqual([1, 3, 4, 5, 6]);
      expect(await kept(name)).toEqual([]);
    },
    SLOW,
  );

  it(
    'queues a job sent in a transaction when it commits, and drops it when it rolls back',
    async () => {
      const name = queueName();
      const queue = await open();
      const seen: string[] = [];
      queue.work(name, async (job) => {
        seen.push(job.data.step as string);
      });
      await queue.start();
      await expect(
        t.services.db.transaction().execute(async (tx) => {
          await queue.send(name, data({ step: 'rolled back' }), { db: tx });
          throw new Error('the step failed');
        }),
      ).rejects.toThrow('the step failed');
      await t.services.db.transaction().execute(async (tx) => {
        await queue.send(name, data({ step: 'committed' }), { db: tx });
      });
      await queue.send(name, data({ step: 'after' }));
      await waitFor(() => seen.length >= 2, SLOW);
      await queue.drained();
      expect([...seen].sort()).toEqual(['after', 'committed']);
      expect(await kept(name)).toEqual([]);
    },
    SLOW,
  );

  it(
    'tries a failing job again after a backoff, then keeps it as failed with its error',
    async () => {
      const name = queueName();
      const queue = await open({ retryDelayMs: 1000 });
      const tries: number[] = [];
      queue.work(
        name,
        async (job) => {
          tries.push(job.attempt);
          throw new Error(`no mail server (try ${job.attempt})`);
        },
        { retryLimit: 3 },
      );
      await queue.start();
      await queue.send(name, data());
      await waitFor(async () => (await kept(name)).some((job) => job.state === 'failed'), SLOW);
      await queue.drained();
      expect(tries).toEqual([1, 2, 3]);
      expect(await kept(name)).toEqual([{ state: 'failed', error: 'no mail server (try 3)', attempt: 3 }]);
      expect(reported.map((r) => r.job?.attempt)).toEqual([1, 2, 3]);
    },
    SLOW,
  );

  it(
    'ends a job that fails once and then succeeds',
    async () => {
      const name = queueName();
      const queue = await open({ retryDelayMs: 0 });
      const tries: number[] = [];
      queue.work(name, async (job) => {
        tries.push(job.attempt);
        if (job.attempt === 1) throw new Error('busy');
      });
      await queue.start();
      await queue.send(name, data());
      await waitFor(() => tries.length === 2, SLOW);
      await queue.drained();
      expect(tries).toEqual([1, 2]);
      expect(await kept(name)).toEqual([]);
    },
    SLOW,
  );

  it(
    'gives a job whose holder stopped renewing its lease to another instance, as try 2',
    async () => {
      const name = queueName();
      // A holds the job but never renews its lease: a process that died or froze.
      const dead = await open({ leaseMs: 1000, heartbeatMs: 3_600_000, retryDelayMs: 0 });
      const deadHeld = gate();
      const deadTook = gate();
      dead.work(name, async () => {
        deadTook.open();
        await deadHeld.opened;
      });
      await dead.start();
      await dead.send(name, data({ run: 7 }));
      await deadTook.opened;

      // A long lease of its own: a loaded machine's pause does not hand the job back to A.
      const alive = await open({ leaseMs: 10_000, heartbeatMs: 100, retryDelayMs: 0 });
      const aliveHeld = gate();
      const seen: Job[] = [];
      alive.work(name, async (job) => {
        seen.push(job);
        await aliveHeld.opened;
      });
      await alive.start();
      await waitFor(() => seen.length === 1, SLOW);
      expect(seen[0]).toMatchObject({ attempt: 2, data: { tenantId: t.tenantId, run: 7 } });

      // The first holder ends late: the job is the second holder's, and stays until it ends.
      deadHeld.open();
      await dead.stop();
      // (pg-boss keeps the expiry's message on the job until it ends.)
      expect(await kept(name)).toMatchObject([{ state: 'active', attempt: 2 }]);
      aliveHeld.open();
      await alive.drained();
      expect(await kept(name)).toEqual([]);
      expect(seen).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'keeps a job as failed when its lease runs out on its last try',
    async () => {
      const name = queueName();
      const dead = await open({ leaseMs: 1000, heartbeatMs: 3_600_000 });
      const held = gate();
      const took = gate();
      dead.work(
        name,
        async () => {
          took.open();
          await held.opened;
        },
        { retryLimit: 1 },
      );
      await dead.start();
      await dead.send(name, data());
      await took.opened;
      const other = await open();
      const seen: Job[] = [];
      other.work(name, async (job) => void seen.push(job), { retryLimit: 1 });
      await other.start();
      await waitFor(async () => (await kept(name))[0]?.state === 'failed', SLOW);
      held.open();
      const error = engine === 'sqlite' ? LEASE_RAN_OUT : 'job failed by timeout in active state';
      expect(await kept(name)).toEqual([{ state: 'failed', error, attempt: 1 }]);
      expect(seen).toEqual([]);
    },
    SLOW,
  );

  it(
    'runs a job sent for later no sooner than asked, and drained does not wait for it',
    async () => {
      const name = queueName();
      const queue = await open();
      const ran: { n: number; at: number }[] = [];
      queue.work(name, async (job) => {
        ran.push({ n: job.data.n as number, at: Date.now() });
      });
      await queue.start();
      const sentAt = Date.now();
      await queue.send(name, data({ n: 1 }), { startAfterMs: 1500 });
      await queue.send(name, data({ n: 2 }), { startAfterMs: 3_600_000 });
      await queue.send(name, data({ n: 3 }));
      await waitFor(() => ran.length === 2, SLOW);
      expect(ran.map((r) => r.n)).toEqual([3, 1]);
      // Clocks tick in whole milliseconds: allow one.
      expect(ran[1]!.at - sentAt).toBeGreaterThanOrEqual(1499);
      await queue.drained();
      expect(ran).toHaveLength(2);
      expect(await kept(name)).toEqual([
        { state: 'created', error: null, attempt: engine === 'sqlite' ? 0 : 1 },
      ]);
    },
    SLOW,
  );

  it(
    'stops taking jobs, and stop waits for the handler at work',
    async () => {
      const name = queueName();
      const queue = await open();
      const held = gate();
      const took = gate();
      let ended = false;
      queue.work(name, async () => {
        took.open();
        await held.opened;
        ended = true;
      });
      await queue.start();
      await queue.send(name, data());
      await took.opened;
      let stopped = false;
      const stopping = queue.stop().then(() => {
        stopped = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stopped).toBe(false);
      held.open();
      await stopping;
      expect(ended).toBe(true);
      expect(await kept(name)).toEqual([]);
      // A stopped queue takes nothing: the job waits for a process that works the queue.
      await queue.send(name, data());
      const next = await open();
      const seen: Job[] = [];
      next.work(name, async (job) => void seen.push(job));
      await next.start();
      await waitFor(() => seen.length === 1, SLOW);
    },
    SLOW,
  );

  it(
    'works up to its concurrency at once, and drained waits for every due job',
    async () => {
      const name = queueName();
      const queue = await open();
      let running = 0;
      let most = 0;
      const done: number[] = [];
      queue.work(
        name,
        async (job) => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 20));
          running--;
          done.push(job.data.n as number);
        },
        { concurrency: 2 },
      );
      for (let n = 1; n <= 6; n++) await queue.send(name, data({ n }));
      await queue.start();
      await queue.drained();
      expect([...done].sort()).toEqual([1, 2, 3, 4, 5, 6]);
      expect(most).toBeLessThanOrEqual(2);
      expect(await kept(name)).toEqual([]);
    },
    SLOW,
  );

  it('refuses a job without its tenant, and a queue worked twice', async () => {
    const queue = await open();
    await expect(queue.send('test-refused', { tenantId: Number.NaN })).rejects.toThrow(
      'A job needs the id of its tenant.',
    );
    queue.work('test-twice', async () => {});
    expect(() => queue.work('test-twice', async () => {})).toThrow('The queue test-twice is already worked.');
  });
});
