import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sysField as F } from '@plinth/schema';
import { sql } from 'kysely';
import { parseData } from '../src/data/entityRepository.js';
import { openDatabase } from '../src/db/openDatabase.js';
import type { Engine } from '../src/db/tables.js';
import { type ServerProcess, startServerProcess } from './serverProcess.js';
import {
  type BenchClient,
  countingLoop,
  createDeals,
  type DealSchema,
  dealInput,
  defineDeals,
  freshDatabase,
  type RunAnswer,
  readRunUrl,
  runUrl,
  saveWorkflow,
  signIn,
} from './workflowSetup.js';

/** One kill and restart, and what was found after. */
interface Trial {
  trial: number;
  /** The run's steps committed when the server was killed (read after the restart). */
  steps_at_kill: number;
  /** From the kill to the server answering again. */
  restart_ms: number;
  /** From the kill to the run's next step committed (the lease ran out, the job was taken again). */
  resume_ms: number;
  /** From the kill to the run completed. */
  finish_ms: number;
  passed: boolean;
  /** What was wrong, when it did not pass. */
  problems: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.floor(sorted.length / 2)]!) : 0;
};

/**
 * `npm run bench -- workflow-kill [--trials N] [--items N] [--engine sqlite|postgres] [--port P]`
 * (issue 21, "a run killed between steps"): N times (20), on a fresh database, the built server is
 * started with a 2 s job lease (PLINTH_JOB_LEASE_MS), a workflow of `items` turns (60) of three
 * steps — the deal's counter and its double moved on in one step, an activity made for the new
 * count (name, number and deal), a branch back — is made through the API and run, and the server
 * is SIGKILLed once the run has passed a step picked at random, a random 0–4 ms later, so the kill
 * lands between steps or inside one. The server is started again on the same database, the run
 * must finish on its own once its lease runs out, and the database is read with the server
 * stopped: the run completed with every step counted once, the counter and its double at `items`,
 * exactly one activity for each count with its name, number and deal (no step done twice, none
 * half-written), and no failed job. Prints each trial and the count that passed, and writes
 * bench-results/workflow-kill.json.
 */
export async function workflowKillBench(options: {
  trials: number;
  items: number;
  engine: Engine;
  port: number;
  leaseMs?: number;
  log: (m: string) => void;
}) {
  const { engine, items, log } = options;
  // A run takes at most 1,000 steps; the kill falls after step 3 and before the last ten.
  if (!Number.isInteger(items) || items < 12 || items > 333)
    throw new Error('--items must be a whole number from 12 to 333');
  if (!Number.isInteger(options.trials) || options.trials < 1 || options.trials > 1000)
    throw new Error('--trials must be a whole number from 1 to 1000');
  const leaseMs = options.leaseMs ?? 2000;
  const steps = items * 3;
  const before = loadAverage();
  log(`load average before: ${before}`);
  const trials: Trial[] = [];
  for (let trial = 1; trial <= options.trials; trial++) {
    const result = await killOnce(trial).catch(
      (error: unknown): Trial => ({
        trial,
        steps_at_kill: -1,
        restart_ms: -1,
        resume_ms: -1,
        finish_ms: -1,
        passed: false,
        problems: [String(error instanceof Error ? (error.stack ?? error.message) : error)],
      }),
    );
    trials.push(result);
    log(
      `  trial ${trial}: ${result.passed ? 'passed' : 'FAILED'}; killed after step ${result.steps_at_kill} of ${steps}, up again in ${result.restart_ms} ms, resumed ${result.resume_ms} ms and finished ${result.finish_ms} ms after the kill${result.problems.length ? `\n    ${result.problems.join('\n    ')}` : ''}`,
    );
  }
  const after = loadAverage();
  log(`load average after: ${after}`);
  const passed = trials.filter((t) => t.passed).length;
  const ok = trials.filter((t) => t.resume_ms >= 0);
  const summary = {
    engine,
    trials: trials.length,
    passed,
    steps_per_run: steps,
    lease_ms: leaseMs,
    restart_ms_median: median(ok.map((t) => t.restart_ms)),
    resume_ms_median: median(ok.map((t) => t.resume_ms)),
    resume_ms_max: Math.round(Math.max(0, ...ok.map((t) => t.resume_ms))),
    finish_ms_median: median(ok.map((t) => t.finish_ms)),
  };
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(
    path.join('bench-results', engine === 'sqlite' ? 'workflow-kill.json' : `workflow-kill-${engine}.json`),
    `${JSON.stringify({ loadAverageBefore: before, loadAverageAfter: after, cpus: os.cpus().length, node: process.version, summary, trials }, null, 2)}\n`,
  );
  console.log(
    `\n| engine | trials | passed | steps a run | lease ms | up again, median ms | resumed after the kill, median / max ms | finished after the kill, median ms |\n|---|---|---|---|---|---|---|---|\n| ${engine} | ${summary.trials} | ${passed} | ${steps} | ${leaseMs} | ${summary.restart_ms_median} | ${summary.resume_ms_median} / ${summary.resume_ms_max} | ${summary.finish_ms_median} |`,
  );
  console.log(
    `\nload average ${before} before and ${after} after on ${os.cpus().length} CPUs; written to bench-results/`,
  );
  return summary;

  async function killOnce(trial: number): Promise<Trial> {
    const fresh = await freshDatabase(engine);
    const start = () =>
      startServerProcess({
        database: fresh.database,
        port: options.port,
        env: { PLINTH_JOB_LEASE_MS: String(leaseMs) },
        log,
      });
    let server: ServerProcess | undefined;
    try {
      server = await start();
      const admin = await signIn(server.base);
      const schema = await defineDeals(admin);
      const [dealId] = (await createDeals(admin, schema, 1)) as [number];
      const workflowId = await saveWorkflow(admin, 'Counting loop', countingLoop(schema, items));
      const started = await admin.post<RunAnswer>(runUrl(workflowId), { inputArguments: dealInput(dealId) });
      if (started.status !== 200) throw new Error(`run: ${started.status} ${JSON.stringify(started.body)}`);
      const runId = started.body.id;

      // Killed once the run has passed a step picked at random (not in its last ten), a moment later.
      const killAfter = 3 + Math.floor(Math.random() * (steps - 33));
      for (;;) {
        const run = await readRun(admin, runId);
        if (run.workflowRunStatus.name !== 'Queued' && run.workflowRunStatus.name !== 'Running')
          throw new Error(`the run stopped (${run.workflowRunStatus.name}) before the kill`);
        if (run.runStepCounter >= killAfter) break;
        await sleep(5);
      }
      await sleep(Math.random() * 4);
      const killedAt = performance.now();
      await server.kill();

      server = await start();
      const upAgain = performance.now() - killedAt;
      const client = await signIn(server.base);
      const atKill = await readRun(client, runId);
      let resumed = -1;
      let finished = -1;
      for (const until = performance.now() + 60_000 + leaseMs; performance.now() < until; ) {
        const run = await readRun(client, runId);
        if (resumed < 0 && run.runStepCounter > atKill.runStepCounter) resumed = performance.now() - killedAt;
        if (run.workflowRunStatus.name !== 'Queued' && run.workflowRunStatus.name !== 'Running') {
          finished = performance.now() - killedAt;
          if (resumed < 0) resumed = finished;
          break;
        }
        await sleep(20);
      }
      await server.stop();
      server = undefined;
      const problems =
        finished < 0
          ? [`the run did not finish within ${60 + leaseMs / 1000} s of the restart`]
          : await check(fresh, schema, runId, dealId);
      return {
        trial,
        steps_at_kill: atKill.runStepCounter,
        restart_ms: Math.round(upAgain),
        resume_ms: Math.round(resumed),
        finish_ms: Math.round(finished),
        passed: problems.length === 0,
        problems,
      };
    } finally {
      await server?.kill();
      await fresh.remove();
    }
  }

  /** What the database holds after the run, read with the server stopped; answers what is wrong. */
  async function check(
    fresh: Awaited<ReturnType<typeof freshDatabase>>,
    s: DealSchema,
    runId: number,
    dealId: number,
  ): Promise<string[]> {
    const problems: string[] = [];
    const { dataDir, databaseUrl } = fresh.database;
    const database = await openDatabase(databaseUrl ? { dataDir: '', databaseUrl } : { dataDir });
    try {
      const { db } = database;
      const records = async (typeId: number) =>
        (
          await db
            .selectFrom('entities')
            .select(['id', 'name', 'data'])
            .where('tenant_id', '=', fresh.tenantId)
            .where('type_id', '=', typeId)
            .execute()
        ).map((r) => ({ id: r.id, name: r.name, data: parseData(r.data) }));
      const runRow = await db
        .selectFrom('entities')
        .select('data')
        .where('tenant_id', '=', fresh.tenantId)
        .where('id', '=', runId)
        .executeTakeFirst();
      if (!runRow) return ['the run is gone'];
      const run = { data: parseData(runRow.data) };
      if (run.data[F.workflowRunStatus] !== 'Completed')
        problems.push(`the run is ${String(run.data[F.workflowRunStatus])}, not Completed`);
      if (run.data[F.runStepCounter] !== steps)
        problems.push(`the run counted ${String(run.data[F.runStepCounter])} steps, not ${steps}`);
      const [deal] = await records(s.deal);
      const counter = deal?.data[s.counter];
      const twice = deal?.data[s.twice];
      if (counter !== items) problems.push(`the deal's counter is ${String(counter)}, not ${items}`);
      if (twice !== 2 * items) problems.push(`the deal's double is ${String(twice)}, not ${2 * items}`);
      const activities = await records(s.activity);
      const links = await db
        .selectFrom('relationships')
        .select(['from_id', 'to_id'])
        .where('tenant_id', '=', fresh.tenantId)
        .where('rel_id', '=', s.dealActivities)
        .execute();
      const dealOf = new Map(
        links.map((l) => (l.from_id === dealId ? [l.to_id, l.from_id] : [l.from_id, l.to_id])),
      );
      const seen = new Map<number, number>();
      for (const a of activities) {
        const seq = a.data[s.seq];
        if (typeof seq !== 'number' || a.name !== `Item ${seq}` || dealOf.get(a.id) !== dealId)
          problems.push(
            `activity ${a.id} is half-written: ${a.name}, number ${String(seq)}, deal ${dealOf.get(a.id)}`,
          );
        if (typeof seq === 'number') seen.set(seq, (seen.get(seq) ?? 0) + 1);
      }
      for (let i = 1; i <= items; i++)
        if (seen.get(i) !== 1) problems.push(`item ${i} was made ${seen.get(i) ?? 0} times`);
      if (activities.length !== items) problems.push(`${activities.length} activities, not ${items}`);
      // No job of the run was left failed (or, on SQLite, left at all: a completed job is removed).
      const { rows } =
        database.engine === 'postgres'
          ? await sql<{
              n: number;
            }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'workflow-run' AND state = 'failed'`.execute(
              db,
            )
          : await sql<{ n: number }>`SELECT count(*) AS n FROM jobs WHERE queue = 'workflow-run'`.execute(db);
      if (Number(rows[0]?.n ?? 0) !== 0)
        problems.push(`${rows[0]?.n} ${database.engine === 'postgres' ? 'failed' : 'left'} workflow jobs`);
    } finally {
      await database.close();
    }
    return problems;
  }
}

async function readRun(client: BenchClient, runId: number): Promise<RunAnswer> {
  const run = await client.get<RunAnswer>(readRunUrl(runId));
  if (run.status !== 200) throw new Error(`run ${runId}: ${run.status} ${JSON.stringify(run.body)}`);
  return run.body;
}
