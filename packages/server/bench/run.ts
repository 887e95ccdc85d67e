import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type ReportQuery, reportQuery } from '@plinth/schema';
import { buildApp } from '../src/app.js';
import { loadPageById } from '../src/apps/public.js';
import { contextFor } from '../src/auth/contextFor.js';
import { bandSpreadTask } from '../src/data/search/bandSpread.js';
import { openDatabase } from '../src/db/openDatabase.js';
import type { Engine } from '../src/db/tables.js';
import { putEntities } from '../src/entities/putEntities.js';
import { TenantMetaCache } from '../src/metamodel/tenantMetaCache.js';
import { registerSystemTypes } from '../src/registerSystemTypes.js';
import { loadReport, runReport } from '../src/reports/runReport.js';
import type { Services } from '../src/services.js';
import { systemClock } from '../src/util/clock.js';
import { createBenchDatabase } from './benchDatabase.js';
import { type BenchAnswer, benchClient } from './benchHttp.js';
import { createBenchPage } from './benchPages.js';
import { benchQueries } from './benchQueries.js';
import { createBenchReports } from './benchReports.js';
import { calcBench } from './calcBench.js';
import { publicLoad } from './publicLoad.js';
import { reportUiBench } from './reportUiBench.js';
import { type BenchData, seedBench, signInAsBenchAdmin, writeBenchRecords } from './seedBench.js';
import { serverNodeOptions } from './serverProcess.js';

/**
 * `npm run bench -- reports --records N [--engine sqlite|postgres] [--requests N] [--warmups N] [--data-dir DIR]
 *   [--scenarios a,b] [--server-process [--workers N] [--port P] [--settle S] [--profile]] [--idle S]`,
 * `npm run bench -- report-ui --records N [--runs N] [--data-dir DIR] [--throttle]`,
 * `npm run bench -- public-load [--records N] [--seconds S] [--connections C] [--users U] [--addresses A] [--engine sqlite|postgres]`,
 * `npm run bench -- calc-compile [--requests N] [--engine sqlite|postgres] [--port P]`,
 * `npm run bench -- csv-import [--records N] [--engine sqlite|postgres] [--port P]`,
 * `npm run bench -- builder [--runs N] [--engine sqlite|postgres] [--port P] [--skip-drag]`,
 * `npm run bench -- workflows [--runs N] [--engine sqlite|postgres] [--port P] [--profile]`,
 * `npm run bench -- workflow-kill [--trials N] [--items N] [--engine sqlite|postgres] [--port P]`,
 * `npm run bench -- instructions --data-dir DIR [--root CHECKOUT] [--warmups N] [--requests N] [--scenarios a,b]
 *   [--keep-dumps DIR]`,
 * or `npm run bench -- calc`
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    /** 100000 for reports and report-ui, 2000 for public-load. */
    records: { type: 'string' },
    engine: { type: 'string', default: 'sqlite' },
    requests: { type: 'string', default: '200' },
    runs: { type: 'string', default: '7' },
    'data-dir': { type: 'string' },
    scenarios: { type: 'string' },
    throttle: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    users: { type: 'string', default: '3' },
    addresses: { type: 'string', default: '1' },
    /** reports: run the server as `npm start` does, in processes of its own (`--workers N`, `--port P`). */
    'server-process': { type: 'boolean', default: false },
    workers: { type: 'string', default: '1' },
    port: { type: 'string', default: '3201' },
    /** reports with --server-process: seconds left to the server's idle upkeep after the records are written. */
    settle: { type: 'string', default: '30' },
    idle: { type: 'string', default: '40' },
    /** builder: measure the saves only, without the browser's drags. */
    'skip-drag': { type: 'boolean', default: false },
    /** workflows, and reports with --server-process: the server started with --cpu-prof, its profile in bench-results/. */
    profile: { type: 'boolean', default: false },
    /** workflow-kill: kills and restarts (20), and turns of the run's three-step loop (60). */
    trials: { type: 'string', default: '20' },
    items: { type: 'string', default: '60' },
    /**
     * instructions: the checkout whose built server is counted (this one by default), and its
     * warm-up calls (100); reports: the warm-up calls before each run of a scenario (10).
     */
    root: { type: 'string' },
    warmups: { type: 'string', default: '100' },
    /** instructions: a folder to keep each scenario's callgrind dump in, for callgrind_annotate. */
    'keep-dumps': { type: 'string' },
  },
});
if (positionals[0] === 'calc') {
  await calcBench(Number(values.requests) * 10);
  process.exit(0);
}
if (positionals[0] === 'calc-compile') {
  // Issue 18: the expression editor's compile call over HTTP, under 2 ms p50 (calcCompileBench.ts).
  const { calcCompileBench } = await import('./calcCompileBench.js');
  await calcCompileBench({
    requests: Number(values.requests) * 10,
    engine: values.engine as Engine,
    port: process.argv.includes('--port') ? Number(values.port) : 3320,
    log: (m) => console.error(m),
  });
  process.exit(0);
}
if (positionals[0] === 'forms') {
  // Issue 17: opening a 30-control record form and saving one field over HTTP (formBench.ts).
  const { formBench } = await import('./formBench.js');
  await formBench({
    runs: process.argv.includes('--runs') ? Number(values.runs) : 400,
    engine: values.engine as Engine,
    port: process.argv.includes('--port') ? Number(values.port) : 3420,
    log: (m) => console.error(m),
  });
  process.exit(0);
}
if (positionals[0] === 'builder') {
  // Issue 20: saving a page of 200 components over HTTP and dragging one in the builder (builderBench.ts).
  const { builderBench } = await import('./builderBench.js');
  await builderBench({
    runs: process.argv.includes('--runs') ? Number(values.runs) : 50,
    engine: values.engine as Engine,
    port: process.argv.includes('--port') ? Number(values.port) : 3331,
    skipDrag: values['skip-drag'],
    log: (m) => console.error(m),
  });
  process.exit(0);
}
if (positionals[0] === 'instructions') {
  // Issue 13: instructions a call of the built server executes, under callgrind (instructionBench.ts).
  const { instructionBench } = await import('./instructionBench.js');
  if (!values['data-dir'])
    throw new Error('instructions: --data-dir DIR, a database the reports bench seeded');
  const results = await instructionBench({
    dataDir: values['data-dir'],
    root: values.root,
    warmups: Number(values.warmups),
    calls: process.argv.includes('--requests') ? Number(values.requests) : 60,
    port: process.argv.includes('--port') ? Number(values.port) : 3341,
    only: values.scenarios?.split(',').map((s) => s.trim().toLowerCase()),
    keepDumps: values['keep-dumps'],
    log: (m) => console.error(m),
  });
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(path.join('bench-results', 'instructions.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\n| scenario | M instructions a call, main thread | all threads |\n|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.scenario} | ${(r.main_thread / 1e6).toFixed(2)} | ${(r.all_threads / 1e6).toFixed(2)} |`,
    );
  process.exit(0);
}
if (positionals[0] === 'workflows') {
  // Issue 21: a three-step workflow run from request to stopped, and runs per second at 10 clients.
  const { workflowBench } = await import('./workflowBench.js');
  await workflowBench({
    runs: process.argv.includes('--runs') ? Number(values.runs) : 300,
    engine: values.engine as Engine,
    port: process.argv.includes('--port') ? Number(values.port) : 4315,
    profile: values.profile,
    log: (m) => console.error(m),
  });
  process.exit(0);
}
if (positionals[0] === 'workflow-kill') {
  // Issue 21: a run whose server is killed mid-run resumes after a restart, no step twice or half-done.
  const { workflowKillBench } = await import('./workflowKillBench.js');
  const summary = await workflowKillBench({
    trials: Number(values.trials),
    items: Number(values.items),
    engine: values.engine as Engine,
    port: process.argv.includes('--port') ? Number(values.port) : 4315,
    log: (m) => console.error(m),
  });
  process.exit(summary.passed === summary.trials ? 0 : 1);
}
if (positionals[0] === 'csv-import') {
  // Issue 19: a 100,000-row CSV import through the HTTP calls, rows per second and peak RSS.
  const { csvImportBench } = await import('./csvImportBench.js');
  await csvImportBench({
    records: Number(values.records ?? '100000'),
    engine: values.engine as Engine,
    port: process.argv.includes('--port') ? Number(values.port) : 4201,
    log: (m) => console.error(m),
  });
  process.exit(0);
}
if (positionals[0] === 'report-ui') {
  await reportUiBench({
    records: Number(values.records ?? '100000'),
    runs: Number(values.runs),
    dataDir: values['data-dir'],
    throttle: values.throttle,
    log: (m) => console.error(m),
  });
  process.exit(0);
}
if (positionals[0] === 'runner-ui') {
  // Issue 16: the CRM app's Home page, its chart and rows in headless Chromium (runnerUiBench.ts).
  const { runnerUiBench } = await import('./runnerUiBench.js');
  await runnerUiBench({
    records: Number(values.records ?? '100000'),
    runs: Number(values.runs),
    port: process.argv.includes('--port') ? Number(values.port) : 3260,
    dataDir: values['data-dir'],
    log: (m) => console.error(m),
  });
  process.exit(0);
}
if (positionals[0] === 'public-load') {
  const bounded = (
    name: 'records' | 'seconds' | 'connections' | 'users' | 'addresses',
    min: number,
    max: number,
  ) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max) {
      console.error(`--${name} must be a whole number from ${min} to ${max}`);
      process.exit(2);
    }
    return n;
  };
  const result = await publicLoad({
    // Small by default: the check is about the flood, not the size of the data.
    records: values.records === undefined ? 2000 : bounded('records', 100, 1_000_000),
    seconds: bounded('seconds', 1, 600),
    connections: bounded('connections', 1, 500),
    users: bounded('users', 1, 20),
    addresses: bounded('addresses', 1, 250),
    engine: values.engine as Engine,
    log: (m) => console.error(m),
  });
  process.exit(result.pass ? 0 : 1);
}
if (positionals[0] !== 'reports') {
  console.error(
    'Usage: npm run bench -- reports --records N [--engine sqlite|postgres] [--requests N] | report-ui --records N [--runs N] [--data-dir DIR] [--throttle] | public-load [--records N] [--seconds S] [--connections C] [--users U] [--addresses A] [--engine sqlite|postgres] | calc | calc-compile [--engine sqlite|postgres] | builder [--runs N] [--engine sqlite|postgres] | workflows [--runs N] [--engine sqlite|postgres] [--profile] | workflow-kill [--trials N] [--items N] [--engine sqlite|postgres]',
  );
  process.exit(2);
}
const records = Number(values.records ?? '100000');
const engine = values.engine as Engine;
const requests = Number(values.requests);
/** reports: untimed calls before each scenario's timed ones at each concurrency. */
const warmups = process.argv.includes('--warmups') ? Number(values.warmups) : 10;
/** `--scenarios`: run only the scenarios whose names contain one of these (comma-separated). */
const only = values.scenarios?.split(',').map((s) => s.trim().toLowerCase());
const log = (m: string) => console.error(m);
/** The server in processes of its own, fed its records over HTTP (issue 15's targets, decision 0060). */
const serverProcess = values['server-process'];
const workers = Number(values.workers);
if (!Number.isInteger(workers) || workers < 1 || workers > 64 || (workers > 1 && !serverProcess)) {
  console.error('--workers must be a whole number from 1 to 64, with --server-process');
  process.exit(2);
}
if (serverProcess && values['data-dir']) {
  console.error('--server-process seeds a fresh database: --data-dir is not used with it');
  process.exit(2);
}

interface Result {
  scenario: string;
  records: number;
  concurrency: number;
  p50_ms: number;
  p95_ms: number;
  rps: number;
  /** In process, without HTTP; null when the server runs in processes of its own. */
  baseline_p50_ms: number | null;
  /** With the server in processes of its own: their CPU time per call, whatever the machine's load. */
  server_cpu_ms_per_call?: number;
  failed_requests?: number;
}

/** The `export` scenario: the whole list report as CSV over HTTP, once per record count. */
interface ExportResult {
  scenario: 'export';
  records: number;
  rows: number;
  bytes: number;
  time_ms: number;
  /** Time to the export call's answer, to the download's headers and to its first bytes. */
  export_call_ms: number;
  download_headers_ms: number;
  first_byte_ms: number;
  /** From the header to the middle row, and from it to the last: about equal when each page costs the same. */
  first_half_ms: number;
  second_half_ms: number;
  rows_per_s: number;
  /** Highest resident set and heap used during the export, above what they were before it. */
  peak_rss_delta_mb: number;
  peak_heap_used_delta_mb: number;
}

async function main() {
  const { database, dispose, seeded, where } = await open(engine);
  const services: Services = {
    db: database.db,
    engine,
    clock: systemClock,
    metaCache: new TenantMetaCache(),
    systemTypes: registerSystemTypes(),
  };
  let data: BenchData;
  if (seeded) {
    data = seeded;
    log(`using the ${data.recordIds.count} records seeded in ${values['data-dir']}`);
  } else {
    log(`seeding ${serverProcess ? 'the schema' : `${records} records`} on ${engine}…`);
    const t0 = performance.now();
    data = await seedBench(services, serverProcess ? 0 : records, log);
    log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (values['data-dir'])
      fs.writeFileSync(path.join(values['data-dir'], 'bench.json'), JSON.stringify(data));
  }

  if (!serverProcess) {
    // The server's idle upkeep, as its next look after the writes would run it: the search indexes
    // merged (decision 0031), the statistics kept (0044). The bench runs no ANALYZE of its own.
    const t0 = performance.now();
    await database.upkeep.runNow();
    log(`idle upkeep done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const ctx = await contextFor(services, data.tenantId, data.adminId);
  const reportIds = await createBenchReports(services, data);
  const pageId = await createBenchPage(services, data, reportIds);
  let base: string;
  let server: ServerProcesses | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  if (serverProcess) {
    // The database is the server's from here on (SQLite's is held by one process).
    await database.close();
    server = await startServer(where, workers, Number(values.port));
    base = server.base;
  } else {
    app = await buildApp(services);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }
  const headers = await signInAsBenchAdmin(base);
  const client = benchClient(base, headers);
  if (server) {
    // The records are written through the API, a thousand a put, as an import sends them; then
    // the server is left idle for its upkeep (search indexes merged, statistics kept).
    log(`writing ${records} records through the API…`);
    const t0 = performance.now();
    await writeBenchRecords(
      data,
      records,
      async (entities) => {
        const res = await post('/spapi/data/v1/entity/put', { entities });
        const text = res.text();
        if (res.status !== 200) throw new Error(`put: ${res.status} ${text.slice(0, 300)}`);
        return (JSON.parse(text) as { ids: Record<string, number> }).ids;
      },
      log,
    );
    log(`written in ${((performance.now() - t0) / 1000).toFixed(1)} s; idle for ${values.settle} s`);
    await new Promise((resolve) => setTimeout(resolve, Number(values.settle) * 1000));
  }

  const { sorted, filtered, searched, grouped, freshSearch, nameContains, newOpportunity, update } =
    benchQueries(data);
  const report = async (id: number, q: Partial<ReportQuery>) =>
    runReport(ctx, await loadReport(ctx, { reportId: id }), reportQuery.parse(q));

  const scenarios: Array<{
    name: string;
    /** Runs before each timed call, untimed. */
    before?: () => Promise<unknown>;
    http: () => Promise<BenchAnswer>;
    direct: () => Promise<unknown>;
  }> = [
    {
      // The runner loading a page of 30 components by id (issue 16: under 5 ms p50).
      name: 'page definition of 30 components',
      http: () => client.get(`/spapi/data/v1/pages/${pageId}`),
      direct: () => loadPageById(ctx, pageId, false),
    },
    {
      name: 'page of 50 sorted',
      http: () => post(`/spapi/data/v1/report/${reportIds.list}`, sorted),
      direct: () => report(reportIds.list, sorted),
    },
    {
      // The first page after a write: its kept answer is stale, so the page is read again
      // (decision 0144).
      name: 'page of 50 sorted after a write',
      before: () => writeOne(),
      http: () => post(`/spapi/data/v1/report/${reportIds.list}`, sorted),
      direct: () => report(reportIds.list, sorted),
    },
    {
      name: 'filter choice and amount, sorted',
      http: () => post(`/spapi/data/v1/report/${reportIds.list}`, filtered),
      direct: () => report(reportIds.list, filtered),
    },
    {
      name: 'quick search',
      http: () => post(`/spapi/data/v1/report/${reportIds.list}`, searched),
      direct: () => report(reportIds.list, searched),
    },
    {
      name: 'quick search, a new term',
      http: () => post(`/spapi/data/v1/report/${reportIds.list}`, freshSearch()),
      direct: () => report(reportIds.list, freshSearch()),
    },
    {
      // A report filter on the name, a new term each time, sorted by name (decision 0044).
      name: 'name contains a term',
      http: () => post(`/spapi/data/v1/report/${reportIds.list}`, nameContains()),
      direct: () => report(reportIds.list, nameContains()),
    },
    {
      // The first search after a write: its kept first rows are stale, so the index is read again.
      name: 'quick search after a write',
      before: () => writeOne(),
      http: () => post(`/spapi/data/v1/report/${reportIds.list}`, searched),
      direct: () => report(reportIds.list, searched),
    },
    {
      name: 'group by choice with sum',
      http: () => post(`/spapi/data/v1/report/${reportIds.grouped}`, grouped),
      direct: () => report(reportIds.grouped, grouped),
    },
    {
      // The first grouped read after a write: a write to opportunities moves their change
      // markers, so the groups cannot come from the cache as they were (decisions 0021, 0025).
      name: 'group by choice with sum after a write',
      before: () => writeOne(),
      http: () => post(`/spapi/data/v1/report/${reportIds.grouped}`, grouped),
      direct: () => report(reportIds.grouped, grouped),
    },
    {
      name: 'create one record',
      http: () => post('/spapi/data/v1/entity/put', { entities: [newOpportunity()] }),
      direct: () => putEntities(ctx, { entities: [newOpportunity()], deleted: [] }),
    },
    {
      name: 'update one record',
      http: () => post('/spapi/data/v1/entity/put', { entities: [update()] }),
      direct: () => putEntities(ctx, { entities: [update()], deleted: [] }),
    },
  ];
  function post(url: string, body: unknown) {
    return client.post(url, body);
  }
  /** An update of one record, untimed, before a read that must not come from what was kept. */
  async function writeOne() {
    if (!server) return putEntities(ctx, { entities: [update()], deleted: [] });
    const res = await post('/spapi/data/v1/entity/put', { entities: [update()] });
    if (res.status !== 200) throw new Error(`update: ${res.status}`);
  }

  const results: Array<Result | ExportResult | RssResult> = [];
  for (const s of scenarios) {
    if (only && !only.some((o) => s.name.toLowerCase().includes(o))) continue;
    const runs = [];
    const call = async () => {
      const res = await s.http();
      if (res.status !== 200) throw new Error(`${s.name}: ${res.status} ${res.text().slice(0, 300)}`);
    };
    for (const concurrency of [1, 10]) {
      await warmUp(warmups, call, s.before);
      const cpuBefore = server?.cpuMs();
      const m = await measure(requests, concurrency, call, s.before);
      // The server processes' CPU time per timed call, the untimed writes before them included.
      const cpu =
        server && cpuBefore !== undefined
          ? Number(((server.cpuMs() - cpuBefore) / requests).toFixed(2))
          : undefined;
      runs.push({ concurrency, m, cpu });
    }
    // The same call in process, taken after the HTTP runs: their calls warm its code, where ten
    // warm-ups alone leave a path the earlier scenarios did not take partly unoptimised.
    const baseline = server
      ? undefined
      : await warmUp(warmups, s.direct, s.before).then(() =>
          measure(Math.min(requests, 100), 1, async () => void (await s.direct()), s.before),
        );
    for (const { concurrency, m, cpu } of runs) {
      results.push({
        scenario: s.name,
        records,
        concurrency,
        p50_ms: m.p50,
        p95_ms: m.p95,
        rps: m.rps,
        baseline_p50_ms: baseline?.p50 ?? null,
        ...(cpu !== undefined ? { server_cpu_ms_per_call: cpu } : {}),
        ...(m.errors > 0 ? { failed_requests: m.errors } : {}),
      });
      log(
        `  ${s.name.padEnd(34)} c=${String(concurrency).padEnd(2)} p50 ${m.p50.toFixed(2)} ms  p95 ${m.p95.toFixed(2)} ms  ${m.rps.toFixed(0)} req/s  (${baseline ? `in-process p50 ${baseline.p50.toFixed(2)} ms` : `server CPU ${cpu} ms a call`})${m.errors > 0 ? `  ${m.errors} failed` : ''}`,
      );
    }
  }
  const exported = await exportCsv(base, headers, reportIds.list, records);
  results.push(exported);
  log(
    `  export CSV: ${exported.rows} rows, ${(exported.bytes / 1e6).toFixed(1)} MB in ${exported.time_ms} ms (export call ${exported.export_call_ms} ms, headers ${exported.download_headers_ms} ms, first byte ${exported.first_byte_ms} ms, halves ${exported.first_half_ms} / ${exported.second_half_ms} ms), peak RSS +${exported.peak_rss_delta_mb} MB, heap +${exported.peak_heap_used_delta_mb} MB`,
  );
  // The server's resident memory after the bench: its processes' (the primary and each worker),
  // or with the server in the bench's process, that process's (bench and server together). Then
  // once more after `--idle` seconds without calls, when V8's memory reducer has had its turn:
  // it collects and gives back the heap the load left grown some 20–30 s after the calls stop.
  const rssNow = () =>
    server ? server.rssMb() : { total: mb(process.memoryUsage().rss), each: [] as number[] };
  const rss = rssNow();
  await new Promise((resolve) => setTimeout(resolve, Number(values.idle) * 1000));
  const idle = rssNow();
  results.push({
    scenario: 'server RSS after the bench',
    records,
    rss_mb: rss.total,
    processes_mb: rss.each,
    idle_s: Number(values.idle),
    idle_rss_mb: idle.total,
  });
  const each = (r: typeof rss) =>
    r.each.length ? ` (${r.each.join(' + ')})` : ' (bench and server in one process)';
  log(`  server RSS after the bench: ${rss.total} MB${each(rss)}`);
  log(`  server RSS after ${values.idle} s idle: ${idle.total} MB${each(idle)}`);
  client.close();
  if (server) await server.stop();
  else {
    await app?.close();
    await database.close();
  }
  await dispose();

  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(path.join('bench-results', 'reports.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `\n| scenario | records | concurrency | p50 ms | p95 ms | req/s | in-process p50 ms |\n|---|---|---|---|---|---|---|`,
  );
  for (const r of results) {
    if (!('p50_ms' in r)) continue;
    console.log(
      `| ${r.scenario} | ${r.records} | ${r.concurrency} | ${r.p50_ms} | ${r.p95_ms} | ${r.rps} | ${r.baseline_p50_ms} |`,
    );
  }
  for (const r of results) {
    if ('rss_mb' in r)
      console.log(
        `\nserver RSS after the bench: ${r.rss_mb} MB, after ${r.idle_s} s idle ${r.idle_rss_mb} MB`,
      );
    if (!('rows' in r)) continue;
    console.log(
      `\n| export CSV | records | rows | MB | ms | first / second half ms | rows/s | peak RSS + MB | heap + MB |\n|---|---|---|---|---|---|---|---|---|\n| over HTTP | ${r.records} | ${r.rows} | ${(r.bytes / 1e6).toFixed(1)} | ${r.time_ms} | ${r.first_half_ms} / ${r.second_half_ms} | ${r.rows_per_s} | ${r.peak_rss_delta_mb} | ${r.peak_heap_used_delta_mb} |`,
    );
  }
  console.log(
    `\nwritten to bench-results/reports.json (${os.cpus().length} cores, ${engine}, ${serverProcess ? `${workers} server process${workers > 1 ? 'es' : ''}` : 'server in the bench process'}, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
}

/** The server's resident memory after the bench, in all and per process. */
interface RssResult {
  scenario: 'server RSS after the bench';
  records: number;
  rss_mb: number;
  processes_mb: number[];
  /** The same after `idle_s` seconds without calls. */
  idle_s: number;
  idle_rss_mb: number;
}

const mb = (n: number) => Number((n / 1024 / 1024).toFixed(1));

/** Where the bench's database is: SQLite's data directory, or PostgreSQL's URL. */
type Where = { dataDir: string } | { databaseUrl: string };

/** The server started as `npm start` starts it, in processes of its own. */
interface ServerProcesses {
  base: string;
  /** The resident memory of the server's processes (the primary and each worker), in MB. */
  rssMb(): { total: number; each: number[] };
  /** The CPU time (user and system) the primary and every worker have used so far, in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * Starts the server on the bench's database as `npm start` does (no demo, `workers` processes on
 * `port`) and waits for it to answer /health (at most 120 s).
 */
async function startServer(where: Where, workers: number, port: number): Promise<ServerProcesses> {
  // The built server, as `npm start` runs it (after `npm run build`): from source, tsx's compiler
  // would add some 70 MB to each process.
  const entry = 'packages/server/dist/main.js';
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-bench-server-'));
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  const profileDir = path.resolve('bench-results', 'reports-profile');
  if (values.profile) {
    fs.mkdirSync(profileDir, { recursive: true });
    log(`the server's CPU profile goes to ${profileDir} when it stops`);
  }
  const nodeArgs = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...serverNodeOptions, ...nodeArgs, entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PLINTH_DEMO: 'false',
      PLINTH_WORKERS: String(workers),
      LOG_LEVEL: 'warn',
      // On PostgreSQL a folder of the bench's own for the server's files, never the project's ./data.
      DATA_DIR: 'dataDir' in where ? where.dataDir : scratch,
      DATABASE_URL: 'databaseUrl' in where ? where.databaseUrl : '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      fs.rmSync(scratch, { recursive: true, force: true });
      resolve();
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped with exit code ${child.exitCode}`);
    const up = await fetch(`${base}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (Date.now() > until) throw new Error('the server did not answer in 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // The primary and its workers (Linux: the primary's children).
  const pids = () => {
    const children = fs
      .readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return [child.pid!, ...children];
  };
  const rssOf = (pid: number) => {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  };
  return {
    base,
    cpuMs() {
      // utime and stime, fields 14 and 15 of /proc/PID/stat, in clock ticks (100 a second).
      return pids().reduce((sum, pid) => {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      }, 0);
    },
    rssMb() {
      const each = pids().map((pid) => Number(rssOf(pid).toFixed(1)));
      return { total: Number(each.reduce((a, b) => a + b, 0).toFixed(1)), each };
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Exports the list report as CSV over HTTP, as the browser does (export call, then download), and
 * reads the file as it streams: the time, the time at the middle row, and the peak memory of the
 * process (server and reader) above its level before, sampled every 20 ms.
 */
async function exportCsv(
  base: string,
  headers: Record<string, string>,
  reportId: number,
  records: number,
): Promise<ExportResult> {
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const start = performance.now();
  const started = await fetch(`${base}/spapi/data/v2/report/export/${reportId}/csv`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  if (started.status !== 200) throw new Error(`export: ${started.status} ${await started.text()}`);
  const { fileHash } = (await started.json()) as { fileHash: string };
  const called = performance.now() - start;
  const file = await fetch(`${base}/spapi/data/v2/report/export/download/${encodeURIComponent(fileHash)}`, {
    headers: { cookie: headers.cookie! },
  });
  const answered = performance.now() - start;
  if (file.status !== 200 || !file.body)
    throw new Error(`export download: ${file.status} ${await file.text()}`);
  // Line ends counted as they arrive (the CSV's text fields hold no line breaks): [lines, ms].
  const marks: Array<[number, number]> = [];
  let lines = 0;
  let bytes = 0;
  for await (const chunk of file.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
    marks.push([lines, performance.now() - start]);
  }
  const time = performance.now() - start;
  clearInterval(sampler);
  const rows = lines - 1;
  const firstByte = marks[0]?.[1] ?? time;
  const half = (marks.find(([n]) => n - 1 >= rows / 2) ?? [0, time])[1];
  return {
    scenario: 'export',
    records,
    rows,
    bytes,
    time_ms: Math.round(time),
    export_call_ms: Math.round(called),
    download_headers_ms: Math.round(answered),
    first_byte_ms: Math.round(firstByte),
    first_half_ms: Math.round(half - firstByte),
    second_half_ms: Math.round(time - half),
    rows_per_s: Math.round(rows / (time / 1000)),
    peak_rss_delta_mb: mb(peakRss - before.rss),
    peak_heap_used_delta_mb: mb(peakHeap - before.heapUsed),
  };
}

/**
 * Makes `count` calls one at a time, untimed, each after `before`. V8 optimises a function only once
 * it is hot: a path the earlier scenarios did not take (a create's) is still being compiled, on
 * the core the bench's client and the server share, hundreds of calls in. A failure here shows in
 * the measured calls.
 */
async function warmUp(count: number, call: () => Promise<unknown>, before?: () => Promise<unknown>) {
  for (let i = 0; i < count; i++) {
    await before?.();
    await call().catch(() => undefined);
  }
}

/**
 * Runs `count` calls with `concurrency` in flight and answers latency percentiles and throughput;
 * `before` runs ahead of each call, outside its time (throughput counts it).
 */
async function measure(
  count: number,
  concurrency: number,
  call: () => Promise<void>,
  before?: () => Promise<unknown>,
) {
  const times: number[] = [];
  let next = 0;
  let errors = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        await before?.();
        const t = performance.now();
        try {
          await call();
          times.push(performance.now() - t);
        } catch {
          // A request that fails (e.g. the server dropped it after a long queue) is counted, not timed.
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    Number((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(2));
  return {
    p50: pct(0.5),
    p95: pct(0.95),
    rps: Number(((count - errors) / elapsed).toFixed(1)),
    errors,
  };
}

/** The server's idle upkeep spreads packed search bands (decision 0151): so does the bench's. */
function withBandSpread(database: Awaited<ReturnType<typeof openDatabase>>) {
  database.upkeep.add(bandSpreadTask(database.db));
  return database;
}

/**
 * The database to measure: a fresh one, or with `--data-dir` (SQLite) the one kept there, seeded
 * on its first use (its `bench.json` says what was seeded; reportsProfile.ts seeds the same).
 * `where` says where it is, for a server started in processes of its own.
 */
async function open(kind: Engine): Promise<{
  database: Awaited<ReturnType<typeof openDatabase>>;
  dispose: () => Promise<void>;
  seeded?: BenchData;
  where: Where;
}> {
  if (kind === 'sqlite') {
    const kept = values['data-dir'];
    if (kept) {
      fs.mkdirSync(kept, { recursive: true });
      const info = path.join(kept, 'bench.json');
      const seeded = fs.existsSync(info)
        ? (JSON.parse(fs.readFileSync(info, 'utf8')) as BenchData)
        : undefined;
      return {
        database: withBandSpread(await openDatabase({ dataDir: kept })),
        dispose: async () => {},
        seeded,
        where: { dataDir: kept },
      };
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-bench-'));
    const database = withBandSpread(await openDatabase({ dataDir }));
    return {
      database,
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      where: { dataDir },
    };
  }
  const created = await createBenchDatabase('plinth_bench');
  const database = await openDatabase({ dataDir: '', databaseUrl: created.url });
  return {
    database,
    where: { databaseUrl: created.url },
    dispose: created.drop,
  };
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
