import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { EntityChange } from '@plinth/schema';
import { contextFor } from '../src/auth/contextFor.js';
import { openDatabase } from '../src/db/openDatabase.js';
import type { Engine } from '../src/db/tables.js';
import { putEntities } from '../src/entities/putEntities.js';
import { TenantMetaCache } from '../src/metamodel/tenantMetaCache.js';
import { registerSystemTypes } from '../src/registerSystemTypes.js';
import type { Services } from '../src/services.js';
import { saveRole, saveRule } from '../src/users/roleAdmin.js';
import { createUser } from '../src/users/userAdmin.js';
import { systemClock } from '../src/util/clock.js';
import { createBenchDatabase } from './benchDatabase.js';
import { benchListDefinition, createBenchReports } from './benchReports.js';
import type { FloodOrders, FloodReport } from './publicLoadFlood.js';
import { type BenchData, seedBench } from './seedBench.js';

export interface PublicLoadOptions {
  records: number;
  seconds: number;
  /** Anonymous connections calling the public report. */
  connections: number;
  /** Signed-in users, each reading the list report in a loop of its own. */
  users: number;
  /** Above 1: the anonymous connections come from this many addresses (X-Forwarded-For, TRUST_PROXY). */
  addresses: number;
  engine: Engine;
  log: (m: string) => void;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The signed-in users' target: their p99 under load stays below this (issue 14). */
const SIGNED_IN_P99_LIMIT_MS = 100;
/** A signed-in user's calls are bounded in number as well as in time. */
const MAX_CALLS_PER_USER = 100_000;
const PAGE = 50;

/**
 * `npm run bench -- public-load`: issue 14's load check. Seeds a small dataset with a public report
 * and a few users, starts the real server (src/main.ts) as a process of its own on loopback, signs
 * the users in as the browser does, then for `seconds` floods the public report from `connections`
 * anonymous connections while each user reads pages of the list report; before the flood the users
 * read alone for a few seconds, as the baseline. Writes bench-results/public-load.json.
 */
export async function publicLoad(options: PublicLoadOptions) {
  const { log } = options;
  const loadBefore = os.loadavg();
  const store = await freshStore(options.engine);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    log(`seeding ${options.records} records on ${options.engine}…`);
    const seeded = await seed(store, options.records, options.users);
    server = await startServer(store, options.addresses > 1, log);
    const users = await Promise.all(seeded.users.map((u) => signIn(server!.base, u)));
    const readPage = (user: SignedIn) => {
      const startIndex = PAGE * Math.floor(Math.random() * Math.max(1, Math.floor(options.records / PAGE)));
      return fetch(`${server!.base}/spapi/data/v1/report/${seeded.listReportId}`, {
        method: 'POST',
        headers: user.headers,
        body: JSON.stringify({ startIndex, pageSize: PAGE }),
      });
    };
    // Warm-up: the first calls compile and cache what every later call reuses.
    for (const u of users)
      for (let i = 0; i < 5; i++) {
        const res = await readPage(u);
        if (res.status !== 200)
          throw new Error(`a signed-in read answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      }

    const baselineSeconds = Math.min(10, Math.max(2, Math.round(options.seconds / 6)));
    log(`baseline: ${users.length} signed-in users alone for ${baselineSeconds} s…`);
    const cpu0 = server.cpuSeconds();
    const baseline = await readLoops(users, readPage, baselineSeconds);
    const cpu1 = server.cpuSeconds();
    log(`  ${describe(baseline)}`);

    const publicUrl = `${server.base}/spapi/data/v1/public/bench/report/${seeded.publicReportId}`;
    log(
      `load: ${options.connections} anonymous connections${options.addresses > 1 ? ` from ${options.addresses} addresses` : ''} on the public report and ${users.length} signed-in users for ${options.seconds} s…`,
    );
    const flooder = await floodProcess();
    const flooding = flooder.start({
      url: publicUrl,
      connections: options.connections,
      seconds: options.seconds,
      addresses: options.addresses,
    });
    const loaded = await readLoops(users, readPage, options.seconds);
    const flood = await flooding;
    const cpu2 = server.cpuSeconds();
    // How busy the server's process was: near 1 (or above, with its helper threads) it was saturated.
    const busy = (from: number | null, to: number | null, seconds: number) =>
      from === null || to === null ? null : Number(((to - from) / seconds).toFixed(2));
    const serverCpu = { baseline: busy(cpu0, cpu1, baseline.seconds), load: busy(cpu1, cpu2, flood.seconds) };
    const serverAlive = (await fetch(`${server.base}/health`)).status === 200;

    const result = summarise(options, baseline, loaded, flood, serverAlive, serverCpu, loadBefore);
    log(`  signed-in: ${describe(loaded)}`);
    log(
      `  anonymous: ${flood.requests} calls (${Math.round(flood.requests / flood.seconds)}/s): ${JSON.stringify(flood.byStatus)}, ${flood.failed} failed; 429 p50/p99/max ${result.anonymous.ms_429.p50} / ${result.anonymous.ms_429.p99} / ${result.anonymous.ms_429.max} ms`,
    );
    fs.mkdirSync('bench-results', { recursive: true });
    fs.writeFileSync(path.join('bench-results', 'public-load.json'), `${JSON.stringify(result, null, 2)}\n`);
    printTable(result);
    return result;
  } finally {
    await server?.stop();
    await store.dispose();
  }
}

interface SignedIn {
  headers: Record<string, string>;
}

interface Loops {
  times: number[];
  /** When each answered read started, in seconds from the start of the loops. */
  startedAt: number[];
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
}

/** Each user reads a page of the list report, one after another, until `seconds` have passed. */
async function readLoops(
  users: SignedIn[],
  readPage: (u: SignedIn) => Promise<Response>,
  seconds: number,
): Promise<Loops> {
  const loops: Loops = { times: [], startedAt: [], errors: 0, statuses: {}, seconds: 0 };
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    users.map(async (u) => {
      for (let i = 0; i < MAX_CALLS_PER_USER && performance.now() < end; i++) {
        const t = performance.now();
        try {
          const res = await readPage(u);
          await res.arrayBuffer();
          loops.statuses[res.status] = (loops.statuses[res.status] ?? 0) + 1;
          if (res.status === 200) {
            loops.times.push(performance.now() - t);
            loops.startedAt.push((t - start) / 1000);
          } else loops.errors++;
        } catch {
          loops.errors++;
        }
      }
    }),
  );
  loops.seconds = (performance.now() - start) / 1000;
  return loops;
}

/**
 * Starts the anonymous flood's process (publicLoadFlood.ts) and answers once it is loaded: `start`
 * sets it off and answers what it saw. Loading first keeps its start-up out of the measured time.
 */
async function floodProcess(): Promise<{ start: (orders: FloodOrders) => Promise<FloodReport> }> {
  const child = fork(fileURLToPath(new URL('./publicLoadFlood.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
  });
  const next = () =>
    new Promise<{ ready?: true; report?: FloodReport; error?: string }>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the flood's process exited with ${code}`));
      child.once('exit', exited);
      child.once('error', reject);
      child.once('message', (m: { ready?: true; report?: FloodReport; error?: string }) => {
        child.off('exit', exited);
        child.off('error', reject);
        resolve(m);
      });
    });
  await next();
  return {
    start: async (orders) => {
      const answer = next();
      child.send(orders);
      const m = await answer;
      if (!m.report) throw new Error(m.error);
      return m.report;
    },
  };
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(1));
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

function slices(l: Loops, seconds: number) {
  const out: Array<{ from_s: number } & ReturnType<typeof percentiles>> = [];
  for (let from = 0; from < l.seconds; from += seconds) {
    const inSlice = l.times.filter((_, i) => l.startedAt[i]! >= from && l.startedAt[i]! < from + seconds);
    if (inSlice.length > 0) out.push({ from_s: from, ...percentiles(inSlice) });
  }
  return out;
}

function describe(l: Loops) {
  const p = percentiles(l.times);
  return `${p.count} reads, ${(p.count / l.seconds).toFixed(0)}/s, p50 ${p.p50} ms, p95 ${p.p95} ms, p99 ${p.p99} ms, max ${p.max} ms${l.errors ? `, ${l.errors} not 200 ${JSON.stringify(l.statuses)}` : ''}`;
}

function summarise(
  options: PublicLoadOptions,
  baseline: Loops,
  loaded: Loops,
  flood: FloodReport,
  serverAlive: boolean,
  serverCpu: { baseline: number | null; load: number | null },
  loadBefore: number[],
) {
  const signedIn = {
    ...percentiles(loaded.times),
    rps: Number((loaded.times.length / loaded.seconds).toFixed(1)),
  };
  const refused = flood.byStatus['429'] ?? 0;
  const other = flood.requests - flood.failed - refused - (flood.byStatus['200'] ?? 0);
  const checks = {
    signed_in_p99_under_100_ms: signedIn.p99 < SIGNED_IN_P99_LIMIT_MS && loaded.errors === 0,
    anonymous_get_429s: refused > 0 && flood.retryAfterMissing === 0,
    no_stall: flood.failed === 0 && other === 0 && serverAlive,
  };
  return {
    engine: options.engine,
    records: options.records,
    seconds: options.seconds,
    connections: options.connections,
    addresses: options.addresses,
    users: options.users,
    limits: `120 a minute per address, 1200 a minute per report, ${process.env.PLINTH_PUBLIC_CONCURRENCY || 2} anonymous calls at once`,
    signed_in_baseline: {
      ...percentiles(baseline.times),
      rps: Number((baseline.times.length / baseline.seconds).toFixed(1)),
      not_200: baseline.errors,
    },
    signed_in: { ...signedIn, not_200: loaded.errors, statuses: loaded.statuses },
    /** The signed-in reads by the 5 s of the flood they started in: when the flood hurt them. */
    signed_in_by_5_s: slices(loaded, 5),
    anonymous: {
      requests: flood.requests,
      rps: Math.round(flood.requests / flood.seconds),
      by_status: { '200': flood.byStatus['200'] ?? 0, '429': refused, other },
      statuses: flood.byStatus,
      failed: flood.failed,
      ...(flood.firstError ? { first_error: flood.firstError } : {}),
      retry_after: {
        present: flood.retryAfterPresent,
        missing: flood.retryAfterMissing,
        min_s: flood.retryAfterMin,
        max_s: flood.retryAfterMax,
      },
      ms_200: percentiles(flood.ms200),
      ms_429: percentiles(flood.ms429),
    },
    server_alive_after: serverAlive,
    /** The server process's CPU seconds per second of the phase. */
    server_cpu_share: serverCpu,
    /** The anonymous flood's own CPU seconds per second (it shares the machine with the server). */
    flood_cpu_share: flood.cpuShare,
    checks,
    pass: Object.values(checks).every(Boolean),
    machine: {
      cores: os.cpus().length,
      node: process.version,
      load_before: loadBefore.map((n) => Number(n.toFixed(2))),
      load_after: os.loadavg().map((n) => Number(n.toFixed(2))),
    },
  };
}

function printTable(r: ReturnType<typeof summarise>) {
  const a = r.anonymous;
  console.log(
    `\n| public-load | ${r.engine} | ${r.connections} anonymous connections${r.addresses > 1 ? ` from ${r.addresses} addresses` : ''}, ${r.users} signed-in users, ${r.seconds} s |\n|---|---|---|`,
  );
  console.log(
    `| signed-in reads (alone) | p50 / p95 / p99 ms | ${r.signed_in_baseline.p50} / ${r.signed_in_baseline.p95} / ${r.signed_in_baseline.p99} (${r.signed_in_baseline.rps}/s) |`,
  );
  console.log(
    `| signed-in reads (under load) | p50 / p95 / p99 ms | ${r.signed_in.p50} / ${r.signed_in.p95} / ${r.signed_in.p99} (${r.signed_in.rps}/s) |`,
  );
  console.log(
    `| anonymous calls | 200 / 429 / other / failed | ${a.by_status['200']} / ${a.by_status['429']} / ${a.by_status.other} / ${a.failed} (${a.rps}/s) |`,
  );
  console.log(
    `| 429 answers | p50 / p99 / max ms; Retry-After | ${a.ms_429.p50} / ${a.ms_429.p99} / ${a.ms_429.max}; on ${a.retry_after.present}, missing on ${a.retry_after.missing} (${a.retry_after.min_s}–${a.retry_after.max_s} s) |`,
  );
  console.log(
    `\nsigned-in p50 / p99 ms by 5 s of the flood: ${r.signed_in_by_5_s.map((x) => `${x.p50}/${x.p99}`).join('  ')}`,
  );
  console.log(
    `signed-in p99 < ${SIGNED_IN_P99_LIMIT_MS} ms: ${r.checks.signed_in_p99_under_100_ms ? 'pass' : 'FAIL'}; anonymous callers get 429s with Retry-After: ${r.checks.anonymous_get_429s ? 'pass' : 'FAIL'}; no stall (every call answered, server up): ${r.checks.no_stall ? 'pass' : 'FAIL'}`,
  );
  console.log(
    `server CPU share: ${r.server_cpu_share.baseline} alone, ${r.server_cpu_share.load} under load (the flood's own: ${r.flood_cpu_share}); written to bench-results/public-load.json (${r.machine.cores} cores, load ${r.machine.load_before[0]} before, ${r.machine.load_after[0]} after, Node ${r.machine.node})`,
  );
}

/** A fresh database: a temporary SQLite folder, or a new PostgreSQL database dropped afterwards. */
async function freshStore(engine: Engine) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-bench-public-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') return { dataDir, databaseUrl: undefined, dispose: async () => removeDir() };
  const database = await createBenchDatabase('plinth_bench_public');
  return {
    dataDir,
    databaseUrl: database.url,
    dispose: async () => {
      await database.drop();
      removeDir();
    },
  };
}

type Store = Awaited<ReturnType<typeof freshStore>>;

interface SeededUser {
  username: string;
  password: string;
}

/**
 * The bench's opportunities and list report (seedBench, benchReports), a public copy of the list,
 * and `users` readers: a Readers role that may read opportunities, their accounts and stages, and
 * the reports.
 */
async function seed(store: Store, records: number, userCount: number) {
  const database = await openDatabase(store);
  try {
    const services: Services = {
      db: database.db,
      engine: database.engine,
      clock: systemClock,
      metaCache: new TenantMetaCache(),
      systemTypes: registerSystemTypes(),
    };
    const data: BenchData = await seedBench(services, records, () => {});
    await database.upkeep.runNow();
    const reports = await createBenchReports(services, data);
    const ctx = await contextFor(services, data.tenantId, data.adminId);
    const shared: EntityChange = {
      id: 'new:public',
      typeId: 'core:report',
      fields: {
        name: 'Public opportunities',
        reportDefinition: JSON.stringify({ ...benchListDefinition(data), isPublic: true }),
      },
    };
    const publicReportId = (await putEntities(ctx, { entities: [shared], deleted: [] })).ids['new:public']!;

    const roleId = await saveRole(ctx, undefined, { name: 'Readers' });
    for (const alias of ['bench:opportunity', 'bench:account', 'bench:stage', 'core:report'])
      await saveRule(ctx, roleId, undefined, { typeId: ctx.schema.typeOrThrow(alias).id, canRead: true });
    const users: SeededUser[] = [];
    for (let i = 1; i <= userCount; i++) {
      const user = { username: `reader${i}`, password: `first-pass-${i}-bench` };
      await createUser(await contextFor(services, data.tenantId, data.adminId), {
        ...user,
        roleIds: [roleId],
      });
      users.push(user);
    }
    return { listReportId: reports.list, publicReportId, users };
  } finally {
    await database.close();
  }
}

/**
 * Signs a user in as the browser does (the sign-in call, then the session cookie and the CSRF
 * token on every call) and sets the new password their administrator-given one asks for.
 */
async function signIn(base: string, user: SeededUser): Promise<SignedIn> {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant: 'bench', username: user.username, password: user.password }),
  });
  if (login.status !== 200)
    throw new Error(`sign-in of ${user.username}: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const csrf = ((await login.json()) as { csrfToken: string }).csrfToken;
  const headers = { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf };
  const changed = await fetch(`${base}/auth/password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ currentPassword: user.password, newPassword: `${user.password}-changed` }),
  });
  if (changed.status !== 200)
    throw new Error(`password change of ${user.username}: ${changed.status} ${await changed.text()}`);
  return { headers };
}

/**
 * Starts the server from its source (src/main.ts, as `npm run dev` would but without watching) on
 * a free loopback port, with the default rate limits (PLINTH_PUBLIC_CONCURRENCY as the bench was
 * given it, else its default), and answers its address once it listens.
 */
async function startServer(store: Store, trustProxy: boolean, log: (m: string) => void) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@plinth/source', '--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: store.dataDir,
        ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
        PORT: '0',
        HOST: '127.0.0.1',
        PLINTH_DEMO: 'false',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: trustProxy ? 'true' : 'false',
        PLINTH_PUBLIC_RATE_PER_ADDRESS: '',
        PLINTH_PUBLIC_RATE_PER_REPORT: '',
        PLINTH_PUBLIC_RATE_WINDOW_SECONDS: '',
        PLINTH_WORKERS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr?.on('data', (d: Buffer) => log(`  server: ${d.toString().trimEnd()}`));
  // Whatever way the bench ends, its server ends with it.
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error('the server did not start within 120 s'));
    }, 120_000);
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at http:\/\/localhost:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before it listened`));
    });
  });
  log(`server at ${base} (pid ${child.pid})`);
  return {
    base,
    /** The server process's CPU time so far in seconds (user and system; Linux only, else null). */
    cpuSeconds: (): number | null => {
      try {
        const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        // utime and stime, fields 14 and 15 of the line, in clock ticks of 1/100 s.
        return (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        return null;
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', kill);
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
