import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Engine } from '../src/db/tables.js';
import { startServerProcess } from './serverProcess.js';
import {
  type BenchClient,
  createDeals,
  dealInput,
  defineDeals,
  freshDatabase,
  hasStoppedUrl,
  type RunAnswer,
  runUrl,
  saveWorkflow,
  signIn,
  threeSteps,
} from './workflowSetup.js';

const targetP50Ms = 20;

interface Result {
  scenario: string;
  engine: Engine;
  concurrency: number;
  runs: number;
  p50_ms: number;
  p95_ms: number;
  runs_per_s: number;
  /** The server process's CPU time per run: the start, the engine's three steps and the polls. */
  server_cpu_ms_per_run: number;
  /** Runs whose start answered before they had stopped, so the client polled. */
  polled: number;
  failed: number;
}

const quantile = (sorted: number[], q: number) =>
  Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0).toFixed(2));
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * `npm run bench -- workflows [--engine sqlite|postgres] [--runs N] [--port P] [--profile]` (issue
 * 21's speed check): the built server in a process of its own on a fresh database, a deal type and
 * issue 21's three-step workflow (mark the deal won, create its follow-up activity, branch on its
 * amount) made through the API, then runs timed from the request to stopped — the start with
 * `waitForTask`, then `hasrunstopped` polled every 2 ms should the answer come before the run
 * stopped — one at a time (target: under 20 ms p50 on SQLite) and by 10 clients at once (runs per
 * second). Each run is on a deal of its own among 200, and must complete. Reports the server's CPU
 * time per run, prints the load average before and after, and writes bench-results/workflows.json.
 * `--profile` starts the server with `--cpu-prof`, its profile written to bench-results/ on stop.
 */
export async function workflowBench(options: {
  runs: number;
  engine: Engine;
  port: number;
  profile?: boolean;
  log: (m: string) => void;
}) {
  const { engine, log } = options;
  const fresh = await freshDatabase(engine);
  const profileDir = path.resolve('bench-results', 'workflows-profile');
  if (options.profile) fs.mkdirSync(profileDir, { recursive: true });
  const server = await startServerProcess({
    database: fresh.database,
    port: options.port,
    nodeArgs: options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    log,
  });
  try {
    const client = await signIn(server.base);
    const schema = await defineDeals(client);
    const deals = await createDeals(client, schema, 200);
    const workflowId = await saveWorkflow(client, 'Three steps', threeSteps(schema));
    log(`server at ${server.base} on ${engine}; workflow ${workflowId}, ${deals.length} deals`);

    let next = 0;
    const runOnce = async (c: BenchClient) => {
      const dealId = deals[next++ % deals.length]!;
      const started = await c.post<RunAnswer>(runUrl(workflowId), {
        inputArguments: dealInput(dealId),
        waitForTask: true,
      });
      if (started.status !== 200) throw new Error(`run: ${started.status} ${JSON.stringify(started.body)}`);
      let status = started.body.workflowRunStatus.name;
      let polled = false;
      while (status === 'Queued' || status === 'Running') {
        polled = true;
        await new Promise((resolve) => setTimeout(resolve, 2));
        const answer = await c.get<{ stopped: boolean; status: string }>(hasStoppedUrl(started.body.id));
        if (answer.status !== 200) throw new Error(`hasrunstopped: ${answer.status}`);
        status = answer.body.status;
      }
      return { completed: status === 'Completed', polled, status };
    };
    // Each client signs in on its own, as ten users' browsers would.
    const clients = [client, ...(await Promise.all(Array.from({ length: 9 }, () => signIn(server.base))))];

    const before = loadAverage();
    log(`load average before: ${before}`);
    for (let i = 0; i < 20; i++) {
      const warm = await runOnce(client);
      if (!warm.completed) throw new Error(`a warm-up run stopped as ${warm.status}`);
    }
    const results: Result[] = [];
    for (const concurrency of [1, 10]) {
      const times: number[] = [];
      let polled = 0;
      let failed = 0;
      let started = 0;
      const cpuBefore = server.cpuMs();
      const t0 = performance.now();
      await Promise.all(
        clients.slice(0, concurrency).map(async (c) => {
          while (started < options.runs) {
            started++;
            const t = performance.now();
            const run = await runOnce(c).catch((error: unknown) => {
              log(`  ${String(error)}`);
              return { completed: false, polled: false, status: 'error' };
            });
            times.push(performance.now() - t);
            if (run.polled) polled++;
            if (!run.completed) failed++;
          }
        }),
      );
      const elapsed = (performance.now() - t0) / 1000;
      const cpu = (server.cpuMs() - cpuBefore) / options.runs;
      times.sort((a, b) => a - b);
      const result: Result = {
        scenario: 'three-step run, request to stopped',
        engine,
        concurrency,
        runs: options.runs,
        p50_ms: quantile(times, 0.5),
        p95_ms: quantile(times, 0.95),
        runs_per_s: Number((options.runs / elapsed).toFixed(1)),
        server_cpu_ms_per_run: Number(cpu.toFixed(2)),
        polled,
        failed,
      };
      results.push(result);
      log(
        `  c=${concurrency}: p50 ${result.p50_ms} ms, p95 ${result.p95_ms} ms, ${result.runs_per_s} runs/s, server CPU ${result.server_cpu_ms_per_run} ms a run, ${polled} polled, ${failed} not completed`,
      );
    }
    const after = loadAverage();
    log(`load average after: ${after}`);
    fs.mkdirSync('bench-results', { recursive: true });
    fs.writeFileSync(
      path.join('bench-results', engine === 'sqlite' ? 'workflows.json' : `workflows-${engine}.json`),
      `${JSON.stringify({ loadAverageBefore: before, loadAverageAfter: after, cpus: os.cpus().length, node: process.version, results }, null, 2)}\n`,
    );
    console.log(
      '\n| scenario | concurrency | p50 ms | p95 ms | runs/s | server CPU ms a run | target p50 ms |\n|---|---|---|---|---|---|---|',
    );
    for (const r of results)
      console.log(
        `| ${r.scenario} | ${r.concurrency} | ${r.p50_ms} | ${r.p95_ms} | ${r.runs_per_s} | ${r.server_cpu_ms_per_run} | ${r.concurrency === 1 && engine === 'sqlite' ? `< ${targetP50Ms}${r.p50_ms < targetP50Ms ? '' : ' (missed)'}` : '–'} |`,
      );
    console.log(
      `\n${engine}, ${options.runs} runs a concurrency, ${results.reduce((n, r) => n + r.failed, 0)} not completed, load average ${before} before and ${after} after on ${os.cpus().length} CPUs`,
    );
    return results;
  } finally {
    await server.stop();
    await fresh.remove();
    if (options.profile) log(`CPU profile written to ${profileDir}`);
  }
}
