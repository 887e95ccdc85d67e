import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.js';
import { contextFor } from '../src/auth/contextFor.js';
import { compileForEditor } from '../src/calc/calcService.js';
import { openDatabase } from '../src/db/openDatabase.js';
import type { Engine } from '../src/db/tables.js';
import { TenantMetaCache } from '../src/metamodel/tenantMetaCache.js';
import { registerSystemTypes } from '../src/registerSystemTypes.js';
import type { Services } from '../src/services.js';
import { systemClock } from '../src/util/clock.js';
import { createBenchDatabase } from './benchDatabase.js';
import { seedBench } from './seedBench.js';

const COMPILE = '/spapi/data/v1/calceditor/compile';

/** What the editor sends while a builder types a calculated field on an opportunity. */
const editorExpressions = [
  "iif([Amount] > 10000, 'Large', 'Small')",
  "[Account].Name & ' (' & [Region] & ')'",
  'datediff(day, getdate(), [Close Date])',
  'round([Amount] * [Probability] / 100, 2)',
  "case when [Won] then 'Won' when [Probability] >= 50 then 'Likely' else 'Open' end",
  'let weighted = [Amount] * [Probability] / 100 select iif(weighted > 5000, weighted, 0)',
];

interface Result {
  scenario: string;
  engine: Engine;
  requests: number;
  p50_ms: number;
  p95_ms: number;
  rps: number;
  /** The compile itself in process, without HTTP or the cache (null for the floor). */
  baseline_p50_ms: number | null;
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!.toFixed(3));
};
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * `npm run bench -- calc-compile [--requests N] [--engine sqlite|postgres] [--port P]`: the
 * expression editor's compile call over HTTP on loopback, one call at a time as one editor makes
 * them (issue 18: under 2 ms p50). Two scenarios: the same bodies again (the builder pauses, the
 * debounced compile repeats: the 30-second cache answers), and a new expression every call (each
 * keystroke: a real compile), beside a signed-in call that does nothing (the floor). Prints p50/p95 with the load average and writes
 * bench-results/calc-compile.json.
 */
export async function calcCompileBench(options: {
  requests: number;
  engine: Engine;
  port: number;
  log: (m: string) => void;
}) {
  const { log } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-calc-compile-'));
  const created =
    options.engine === 'postgres' ? await createBenchDatabase('plinth_calc_compile') : undefined;
  const database = await openDatabase(created ? { dataDir: '', databaseUrl: created.url } : { dataDir });
  const services: Services = {
    db: database.db,
    engine: options.engine,
    clock: systemClock,
    metaCache: new TenantMetaCache(),
    systemTypes: registerSystemTypes(),
  };
  const data = await seedBench(services, 0, log);
  const app = await buildApp(services);
  await app.listen({ port: options.port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${options.port}`;
  try {
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenant: 'bench', username: 'admin', password: 'bench-password' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const csrf = ((await login.json()) as { csrfToken: string }).csrfToken;
    const headers = { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf };
    const body = (expr: string) => ({ expr, context: data.opportunityTypeId, host: 'Evaluate' });
    const compileOverHttp = async (expr: string) => {
      const res = await fetch(`${base}${COMPILE}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body(expr)),
      });
      const answer = (await res.json()) as { error: string | null };
      if (res.status !== 200 || answer.error)
        throw new Error(`${expr}: ${res.status} ${JSON.stringify(answer)}`);
    };
    const ctx = await contextFor(services, data.tenantId, data.adminId);
    let fresh = 0;
    /** A new expression each call: the typed text grows, as it does under the builder's keys. */
    const freshExpression = () => `${editorExpressions[fresh % editorExpressions.length]} + 0 * ${++fresh}`;
    /** A signed-in call that does no work: the floor every call stands on (sign-in check, HTTP, JSON). */
    const signedInFloor = async () => {
      const res = await fetch(`${base}/spapi/data/v1/featureFlags`, { headers });
      if (res.status !== 200) throw new Error(`featureFlags: ${res.status}`);
      await res.arrayBuffer();
    };
    const scenarios: Array<{ name: string; next: (i: number) => string; call?: () => Promise<void> }> = [
      {
        name: 'compile, same bodies again (cache)',
        next: (i: number) => editorExpressions[i % editorExpressions.length]!,
      },
      { name: 'compile, a new expression every call', next: () => freshExpression() },
      { name: 'floor: a signed-in call doing nothing', next: () => '', call: signedInFloor },
    ];
    const run = (s: (typeof scenarios)[number], i: number) =>
      s.call ? s.call() : compileOverHttp(s.next(i));
    const results: Result[] = [];
    log(`load average before: ${loadAverage()}`);
    for (const s of scenarios) for (let i = 0; i < 100; i++) await run(s, i); // warm-up
    // In rounds that take turns, so a change in the machine's load weighs on both alike.
    const rounds = 4;
    const times = scenarios.map(() => [] as number[]);
    const elapsed = scenarios.map(() => 0);
    for (let round = 0; round < rounds; round++) {
      for (const [k, s] of scenarios.entries()) {
        const t0 = performance.now();
        for (let i = 0; i < Math.ceil(options.requests / rounds); i++) {
          const t = performance.now();
          await run(s, i);
          times[k]!.push(performance.now() - t);
        }
        elapsed[k]! += performance.now() - t0;
      }
    }
    for (const [k, s] of scenarios.entries()) {
      const direct: number[] = [];
      for (let i = 0; i < (s.call ? 0 : Math.min(options.requests, 2000)); i++) {
        const expr = s.next(i);
        const t = performance.now();
        compileForEditor(ctx, body(expr));
        direct.push(performance.now() - t);
      }
      results.push({
        scenario: s.name,
        engine: options.engine,
        requests: times[k]!.length,
        p50_ms: quantile(times[k]!, 0.5),
        p95_ms: quantile(times[k]!, 0.95),
        rps: Math.round((times[k]!.length / elapsed[k]!) * 1000),
        baseline_p50_ms: direct.length > 0 ? quantile(direct, 0.5) : null,
      });
    }
    const load = loadAverage();
    log(`load average after: ${load}`);
    fs.mkdirSync('bench-results', { recursive: true });
    fs.writeFileSync(
      path.join('bench-results', 'calc-compile.json'),
      `${JSON.stringify({ loadAverage: load, cpus: os.cpus().length, results }, null, 2)}\n`,
    );
    console.log('\n| scenario | p50 ms | p95 ms | calls/s | in process p50 ms |\n|---|---|---|---|---|');
    for (const r of results)
      console.log(`| ${r.scenario} | ${r.p50_ms} | ${r.p95_ms} | ${r.rps} | ${r.baseline_p50_ms ?? '–'} |`);
    console.log(
      `\nload average ${load} on ${os.cpus().length} CPUs; written to bench-results/calc-compile.json`,
    );
  } finally {
    await app.close();
    await database.close();
    await created?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
