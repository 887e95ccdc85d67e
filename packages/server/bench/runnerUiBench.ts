import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, pct, signInOnce, snapshotWebApp, startBuiltServer } from './browserBench.js';
import { seedDemoBulk, seededDemo } from './seedDemoBulk.js';

/**
 * `npm run bench -- runner-ui --records N [--runs N] [--port P] [--data-dir DIR]`: the Sales CRM
 * app's Home page (the app's default page, `/apps/crm`) as a person meets it, in headless Chromium
 * against the built server (issue 16: its first chart and rows visible within one second of
 * navigation with 1,000,000 records). Measures, from navigation start, the first bar of the
 * pipeline chart and the first row of the report on screen (the frame after each entered the
 * page), and the hero counters' numbers; cold (a new browser context each run, the first one also
 * the server's first read) and warm (the same tab again). Each run keeps the calls' resource
 * timings, so a slow run says whether the page, the scripts or a data call held it back.
 */
export interface RunnerUiOptions {
  records: number;
  /** Navigations measured per kind (cold, warm). */
  runs: number;
  /** The server's port (issue 16's bench: 3260). */
  port: number;
  /** A folder seeded by an earlier run with the same record count is reused. */
  dataDir?: string | undefined;
  log: (m: string) => void;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const homePath = '/apps/crm';
const viewport = { width: 1280, height: 800 };
/** Within this of navigation start, the chart and the rows count as fast enough (issue 16). */
const targetMs = 1000;
const barSelector = '.pl-chart svg rect';
const rowSelector = '[role="grid"] [role="row"][data-eid]';
const counterSelector = '.pl-hero-counter[aria-busy="false"] .pl-hero-counter__value';

/** The page's globals the measuring code uses (the bench compiles without the DOM library). */
interface PageGlobals {
  document: {
    querySelector(selector: string): { textContent: string | null } | null;
    querySelectorAll(selector: string): { length: number };
  };
  requestAnimationFrame(callback: (time: number) => void): number;
  MutationObserver: new (
    callback: () => void,
  ) => {
    observe(target: unknown, options: { childList: boolean; subtree: boolean; attributes: boolean }): void;
    disconnect(): void;
  };
  PerformanceObserver: new (
    callback: (list: { getEntries(): Array<{ startTime: number; duration: number }> }) => void,
  ) => { observe(options: { type: string; buffered: boolean }): void };
  performance: {
    now(): number;
    getEntriesByType(type: string): Array<Record<string, number | string>>;
    getEntriesByName(name: string): Array<{ startTime: number }>;
  };
  __bench: {
    /** When each mark's element entered the page, and the frame after (first painted). */
    dom: Record<string, number>;
    frame: Record<string, number>;
    longTasks: Array<{ start_ms: number; duration_ms: number }>;
  };
}

/** What the bench waits for, by name, with the selector whose first match marks it. */
const marks = {
  bar: barSelector,
  row: rowSelector,
  counters: counterSelector,
} as const;

interface Call {
  url: string;
  start_ms: number;
  end_ms: number;
  /** Request sent to first byte: the server's time plus loopback. */
  wait_ms: number;
}

interface Timing {
  /** From navigation start until the frame after the chart's first bar entered the page. */
  firstBar_ms: number;
  /** The same for the report's first data row. */
  firstRow_ms: number;
  /** The same for both hero counters showing their numbers. */
  counters_ms: number;
  /** The later of bar and row: the issue's measure. */
  chartAndRows_ms: number;
  /** From navigation start until the harness saw bar and row visible (includes its polling). */
  observed_ms: number;
  firstContentfulPaint_ms: number | null;
  domContentLoaded_ms: number;
  /**
   * The app's scripts and styles: how many, the end of the last asked for before the chart and rows
   * were on screen (those after, such as the editors' code, do not hold them back), bytes over the
   * wire, each one's times.
   */
  assets: {
    files: number;
    lastEnd_ms: number;
    transferred_kB: number;
    each: Array<{ file: string; start_ms: number; end_ms: number }>;
  };
  /** The page definition call, the chart's aggregate call, and the report's first rows call. */
  pageCall: Call | null;
  chartCall: Call | null;
  reportCall: Call | null;
  /** Main-thread tasks over 50 ms before both were on screen, in all. */
  longTasks_ms: number;
  calls: Call[];
}

export async function runnerUiBench(options: RunnerUiOptions) {
  const { records, runs, port, log } = options;
  if (!fs.existsSync(path.join(root, 'packages/server/dist/main.js')))
    throw new Error('packages/server/dist/main.js is missing: run `npm run build` first.');
  const dataDir = path.resolve(options.dataDir ?? path.join(os.tmpdir(), `b16-runner-ui-${records}`));
  let seeded = seededDemo(dataDir, records);
  if (seeded) {
    log(`reusing ${dataDir} (${records} records, seeded ${seeded.seededAt} in ${seeded.seconds} s)`);
  } else {
    if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
      if (options.dataDir)
        throw new Error(`${dataDir} is not empty and was not seeded with ${records} records.`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    log(`seeding ${records} demo records into ${dataDir}…`);
    seeded = await seedDemoBulk(dataDir, records, log);
    log(`seeded in ${seeded.seconds} s (${Math.round(records / seeded.seconds)} records/s)`);
  }

  const loadBefore = loadAverage();
  const webDist = await snapshotWebApp(log);
  const server = await startBuiltServer(dataDir, webDist, port, log);
  // A browser that fails to start must not leave the server holding the data directory.
  const browser = await launchChromium().catch(async (error: unknown) => {
    await server.stop();
    fs.rmSync(webDist, { recursive: true, force: true });
    throw error;
  });
  try {
    const storageState = await signInOnce(browser, server.base, seeded, viewport);
    const newContext = () =>
      browser.newContext({
        baseURL: server.base,
        storageState,
        viewport,
        locale: 'en-AU',
        timezoneId: 'Australia/Sydney',
      });

    log(`cold: ${runs} navigations to ${homePath}, each in a new browser context…`);
    const cold: Timing[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await newContext();
      const page = await prepare(context);
      cold.push(await openHome(page));
      log(`  cold ${i + 1}: ${describe(cold[i]!)}`);
      await context.close();
    }
    log(`warm: ${runs} navigations in one tab…`);
    const context = await newContext();
    const page = await prepare(context);
    await openHome(page);
    const warm: Timing[] = [];
    for (let i = 0; i < runs; i++) {
      warm.push(await openHome(page));
      log(`  warm ${i + 1}: ${describe(warm[i]!)}`);
    }
    const chromiumVersion = browser.version();
    await context.close();

    const result = {
      scenario: 'runner-ui',
      page: homePath,
      records,
      viewport,
      target_ms: targetMs,
      machine: {
        cores: os.cpus().length,
        node: process.version,
        chromium: chromiumVersion,
        engine: 'sqlite',
        // Other work on the machine shows in every figure: the load before and after the run.
        loadAverage: { before: loadBefore, after: loadAverage() },
      },
      seeding_s: seeded.seconds,
      /** The first cold run: also the server's first read after its start (its kept results empty). */
      firstAfterStart: cold[0]
        ? {
            firstBar_ms: cold[0].firstBar_ms,
            firstRow_ms: cold[0].firstRow_ms,
            chartWait_ms: cold[0].chartCall?.wait_ms ?? null,
          }
        : null,
      navigation: { cold: summary(cold), warm: summary(warm) },
    };
    fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    const outName = `runner-ui-${records}.json`;
    fs.writeFileSync(path.join(root, 'bench-results', outName), `${JSON.stringify(result, null, 2)}\n`);

    console.log(
      `\n**${records.toLocaleString('en-AU')} records**, navigation to the Home page ${homePath} (load average ${result.machine.loadAverage.before} before, ${result.machine.loadAverage.after} after):\n`,
    );
    console.log(
      '| navigation | runs | first bar p50 / p95 ms | first row p50 / p95 ms | bar and row p50 / p95 ms | counters p50 ms | within 1 s | page call p50 ms | chart call wait p50 ms | report call wait p50 ms | code loaded p50 ms |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const [name, s] of Object.entries(result.navigation)) {
      console.log(
        `| ${name} | ${s.runs} | ${s.firstBar_p50_ms} / ${s.firstBar_p95_ms} | ${s.firstRow_p50_ms} / ${s.firstRow_p95_ms} | ${s.chartAndRows_p50_ms} / ${s.chartAndRows_p95_ms} | ${s.counters_p50_ms} | ${s.withinTarget}/${s.runs} | ${s.pageCallEnd_p50_ms} | ${s.chartWait_p50_ms} | ${s.reportWait_p50_ms} | ${s.assetsEnd_p50_ms} |`,
      );
    }
    if (result.firstAfterStart)
      console.log(
        `\nThe server's first read after its start (the first cold run): first bar ${result.firstAfterStart.firstBar_ms} ms, first row ${result.firstAfterStart.firstRow_ms} ms, chart call wait ${result.firstAfterStart.chartWait_ms} ms.`,
      );
    console.log(
      `\nwritten to bench-results/${outName} (${os.cpus().length} cores, Chromium ${chromiumVersion})`,
    );
    return result;
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(webDist, { recursive: true, force: true });
  }
}

function describe(t: Timing): string {
  return `bar ${t.firstBar_ms} ms, row ${t.firstRow_ms} ms, counters ${t.counters_ms} ms (code loaded ${t.assets.lastEnd_ms}, page call ends ${t.pageCall?.end_ms ?? '–'}, chart call ${t.chartCall ? `${t.chartCall.start_ms}→${t.chartCall.end_ms}, wait ${t.chartCall.wait_ms}` : '–'}, report call ${t.reportCall ? `${t.reportCall.start_ms}→${t.reportCall.end_ms}, wait ${t.reportCall.wait_ms}` : '–'}, long tasks ${t.longTasks_ms} ms)`;
}

function summary(timings: Timing[]) {
  const of = (pick: (t: Timing) => number | null | undefined, p: number) =>
    pct(
      timings.map(pick).filter((v): v is number => typeof v === 'number'),
      p,
    );
  return {
    runs: timings.length,
    firstBar_p50_ms: of((t) => t.firstBar_ms, 0.5),
    firstBar_p95_ms: of((t) => t.firstBar_ms, 0.95),
    firstRow_p50_ms: of((t) => t.firstRow_ms, 0.5),
    firstRow_p95_ms: of((t) => t.firstRow_ms, 0.95),
    chartAndRows_p50_ms: of((t) => t.chartAndRows_ms, 0.5),
    chartAndRows_p95_ms: of((t) => t.chartAndRows_ms, 0.95),
    counters_p50_ms: of((t) => t.counters_ms, 0.5),
    withinTarget: timings.filter((t) => t.chartAndRows_ms <= targetMs).length,
    firstContentfulPaint_p50_ms: of((t) => t.firstContentfulPaint_ms, 0.5),
    assetsEnd_p50_ms: of((t) => t.assets.lastEnd_ms, 0.5),
    pageCallEnd_p50_ms: of((t) => t.pageCall?.end_ms, 0.5),
    chartWait_p50_ms: of((t) => t.chartCall?.wait_ms, 0.5),
    chartWait_p95_ms: of((t) => t.chartCall?.wait_ms, 0.95),
    reportWait_p50_ms: of((t) => t.reportCall?.wait_ms, 0.5),
    reportWait_p95_ms: of((t) => t.reportCall?.wait_ms, 0.95),
    longTasks_p50_ms: of((t) => t.longTasks_ms, 0.5),
    timings,
  };
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/**
 * A page that notes, in every document it loads, when each mark's element first enters the DOM
 * (both counters for `counters`) and the frame that follows, and the long tasks before them.
 */
async function prepare(context: BrowserContext): Promise<Page> {
  // tsx names the functions it compiles with a `__name` helper, which the page does not have.
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  await context.addInitScript((selectors: Record<string, string>) => {
    const w = globalThis as unknown as PageGlobals;
    w.__bench = { dom: {}, frame: {}, longTasks: [] };
    const present = (name: string, selector: string) =>
      name === 'counters'
        ? w.document.querySelectorAll(selector).length >= 2 &&
          [
            ...(w.document.querySelectorAll(selector) as unknown as Array<{ textContent: string | null }>),
          ].every((e) => (e.textContent ?? '').trim() !== '')
        : w.document.querySelector(selector) !== null;
    const observer = new w.MutationObserver(() => {
      let open = 0;
      for (const [name, selector] of Object.entries(selectors)) {
        if (w.__bench.dom[name] !== undefined) continue;
        if (!present(name, selector)) {
          open++;
          continue;
        }
        w.__bench.dom[name] = w.performance.now();
        w.requestAnimationFrame(() => {
          w.__bench.frame[name] = w.performance.now();
        });
      }
      if (open === 0) observer.disconnect();
    });
    observer.observe(w.document, { childList: true, subtree: true, attributes: true });
    try {
      new w.PerformanceObserver((list) => {
        for (const e of list.getEntries())
          w.__bench.longTasks.push({
            start_ms: Math.round(e.startTime),
            duration_ms: Math.round(e.duration),
          });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // Long tasks are a Chromium feature; without them the sum stays 0.
    }
  }, marks);
  return context.newPage();
}

async function openHome(page: Page): Promise<Timing> {
  // The chart's aggregate call is the one grouped by a column (the counters' are not).
  let chartPath: string | undefined;
  const noteChart = (request: { url(): string; postData(): string | null }) => {
    if (/\/aggregate$/.test(request.url()) && (request.postData() ?? '').includes('groupColumnId'))
      chartPath ??= new URL(request.url()).pathname;
  };
  page.on('request', noteChart);
  const started = Date.now();
  await page.goto(homePath, { waitUntil: 'commit' });
  await Promise.all([
    page.locator(barSelector).first().waitFor({ state: 'visible', timeout: 120_000 }),
    page.locator(rowSelector).first().waitFor({ state: 'visible', timeout: 120_000 }),
  ]);
  const observedAt = Date.now();
  await page.waitForFunction(
    (names: string[]) => {
      const b = (globalThis as unknown as PageGlobals).__bench;
      return names.every((n) => b.frame[n] !== undefined);
    },
    Object.keys(marks),
    { timeout: 120_000 },
  );
  page.off('request', noteChart);
  const t = await page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals;
    const nav = w.performance.getEntriesByType('navigation')[0];
    const fcp = w.performance.getEntriesByName('first-contentful-paint')[0];
    const resources = w.performance.getEntriesByType('resource');
    const assets = resources
      .filter((r) => /\/assets\//.test(String(r.name)))
      .map((r) => ({
        file: String(r.name).split('/').pop() ?? '',
        start: Number(r.startTime),
        end: Number(r.responseEnd),
        transferred: Number(r.transferSize),
      }));
    const calls = resources
      .filter((r) => /\/(spapi|auth)\//.test(String(r.name)))
      .map((r) => ({
        url: new URL(String(r.name)).pathname,
        start_ms: Number(r.startTime),
        end_ms: Number(r.responseEnd),
        wait_ms: Number(r.responseStart) - Number(r.requestStart),
      }));
    return {
      dom: w.__bench.dom,
      frame: w.__bench.frame,
      longTasks: w.__bench.longTasks,
      fcp: fcp?.startTime ?? null,
      domContentLoaded: Number(nav?.domContentLoadedEventEnd ?? 0),
      assets,
      calls,
    };
  });
  const r = (n: number) => Number(n.toFixed(1));
  const call = (c: Call | undefined): Call | null =>
    c ? { url: c.url, start_ms: r(c.start_ms), end_ms: r(c.end_ms), wait_ms: r(c.wait_ms) } : null;
  const firstBar = t.frame.bar!;
  const firstRow = t.frame.row!;
  const both = Math.max(firstBar, firstRow);
  // The calls whose answers were drawn: the last of each kind answered before its element appeared.
  const before = (pattern: RegExp, at: number) =>
    t.calls.filter((c) => pattern.test(c.url) && c.end_ms <= at).at(-1);
  return {
    firstBar_ms: r(firstBar),
    firstRow_ms: r(firstRow),
    counters_ms: r(t.frame.counters!),
    chartAndRows_ms: r(both),
    observed_ms: observedAt - started,
    firstContentfulPaint_ms: t.fcp === null ? null : r(t.fcp),
    domContentLoaded_ms: r(t.domContentLoaded),
    assets: {
      files: t.assets.length,
      lastEnd_ms: r(Math.max(0, ...t.assets.filter((a) => a.start < both).map((a) => a.end))),
      transferred_kB: r(t.assets.reduce((sum, a) => sum + a.transferred, 0) / 1024),
      each: t.assets.map((a) => ({ file: a.file, start_ms: r(a.start), end_ms: r(a.end) })),
    },
    // The page definition: its own call, or the app call that brings it along (decision 0090).
    pageCall: call(
      before(/\/spapi\/data\/v1\/(pages\/|apps\/[^/]+\/pages\/|apps\/[^/?]+\?with(Default)?Page=)/, both),
    ),
    chartCall: call(t.calls.filter((c) => c.url === chartPath && c.end_ms <= t.dom.bar!).at(-1)),
    reportCall: call(before(/\/spapi\/data\/v1\/report\/[^/]+$/, t.dom.row!)),
    longTasks_ms: t.longTasks.filter((l) => l.start_ms < both).reduce((sum, l) => sum + l.duration_ms, 0),
    calls: t.calls.map((c) => call(c)!),
  };
}
