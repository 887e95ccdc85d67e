import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, pct, signInOnce, snapshotWebApp, startBuiltServer } from './browserBench.js';
import { seedDemoBulk, seededDemo } from './seedDemoBulk.js';

/**
 * `npm run bench -- report-ui --records N`: the report as a person meets it, in headless
 * Chromium against the real built server. Measures navigation to the Opportunities report until
 * its first data row is on screen (cold: a new browser context each run; warm: the same tab
 * again), and the frame times of scrolling its 200-row page from top to bottom. With `--throttle`,
 * the navigations go over an emulated slow link (`throttledLink`) and the scrolling is left out.
 */
export interface ReportUiOptions {
  records: number;
  /** Navigations measured per kind (cold, warm). */
  runs: number;
  /** A folder seeded by an earlier run with the same record count is reused. */
  dataDir?: string | undefined;
  /** Navigations over `throttledLink` instead of plain loopback. */
  throttle?: boolean | undefined;
  log: (m: string) => void;
}

/**
 * A slow mobile link, as Lighthouse's throttling defines it: 150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up (Chromium DevTools Protocol `Network.emulateNetworkConditions`, bytes a second).
 */
export const throttledLink = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const reportPath = '/apps/crm/_report/crm:opportunities';
const viewport = { width: 1280, height: 800 };
const rowSelector = '[role="grid"] [role="row"][data-eid]';
/** Scroll steps per frame: one row, five rows, and about a screenful. */
const scrollSteps = [32, 160, 640];
const scrollPasses = 3;

/** The page's globals the measuring code uses (the bench compiles without the DOM library). */
interface PageElement {
  scrollTop: number;
  readonly clientHeight: number;
  readonly scrollHeight: number;
  getAttribute(name: string): string | null;
}
/** A long animation frame (over 50 ms) and the scripts that ran longest in it. */
interface LongFrame {
  duration_ms: number;
  blocking_ms: number;
  scripts: string[];
}
interface PageGlobals {
  document: { querySelector(selector: string): PageElement | null };
  requestAnimationFrame(callback: (time: number) => void): number;
  MutationObserver: new (
    callback: () => void,
  ) => {
    observe(target: unknown, options: { childList: boolean; subtree: boolean }): void;
    disconnect(): void;
  };
  PerformanceObserver: new (
    callback: (list: {
      getEntries(): Array<{
        duration: number;
        blockingDuration?: number;
        scripts?: Array<{ duration: number; invoker: string; sourceFunctionName: string; sourceURL: string }>;
      }>;
    }) => void,
  ) => { observe(options: { type: string; buffered: boolean }): void };
  performance: {
    now(): number;
    readonly timeOrigin: number;
    getEntriesByType(type: string): Array<Record<string, number | string>>;
    getEntriesByName(name: string): Array<{ startTime: number }>;
  };
  __bench: { firstRowDom?: number; firstRowFrame?: number; loaf: LongFrame[] };
}

interface Timing {
  /** From navigation start until the first frame after the first data row entered the page. */
  firstRow_ms: number;
  /** From navigation start until the test harness saw the row visible (includes polling). */
  observed_ms: number;
  /** The first pixels painted (on a built shell, its loading skeleton). */
  firstPaint_ms: number | null;
  firstContentfulPaint_ms: number | null;
  domContentLoaded_ms: number;
  /** The app's scripts and styles: bytes over the wire (headers included) and once decoded. */
  assets: { files: number; transferred_kB: number; decoded_kB: number };
  /** The report call of the first page, in the browser's resource timing. */
  reportRequestStart_ms: number | null;
  reportResponseEnd_ms: number | null;
  /** Waiting for the first byte of the report call's answer: the server's time plus loopback. */
  reportServer_ms: number | null;
  calls: Array<{ url: string; start_ms: number; end_ms: number; wait_ms: number }>;
}

interface ScrollResult {
  step_px: number;
  passes: number;
  frames: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
  /** Frames longer than one vsync (16.7 ms): at least one frame dropped (counted above 25 ms, past timer jitter). */
  over_16_7_ms: number;
  /** Frames longer than two vsyncs (33.3 ms): at least two dropped (counted above 41.7 ms). */
  over_33_3_ms: number;
  long_animation_frames: LongFrame[];
  rows_before: number;
  rows_after: number;
}

export async function reportUiBench(options: ReportUiOptions) {
  const { records, runs, log } = options;
  const throttle = options.throttle ?? false;
  // The web app is checked (and waited for, while a build runs) when it is copied for the server.
  if (!fs.existsSync(path.join(root, 'packages/server/dist/main.js')))
    throw new Error('packages/server/dist/main.js is missing: run `npm run build` first.');
  const dataDir = path.resolve(
    options.dataDir ?? path.join(os.tmpdir(), `plinth-bench-report-ui-${records}`),
  );
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
    log(`seeded in ${seeded.seconds} s`);
  }

  const loadBefore = os.loadavg()[0]!.toFixed(2);
  const webDist = await snapshotWebApp(log);
  const server = await startBuiltServer(dataDir, webDist, 0, log);
  const browser = await launchChromium();
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

    if (throttle)
      log(
        `throttled: ${throttledLink.latency} ms, ${((throttledLink.downloadThroughput * 8) / 1024 / 1024).toFixed(1)} Mbit/s down`,
      );
    log(`cold: ${runs} navigations, each in a new browser context…`);
    const cold: Timing[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await newContext();
      const page = await prepare(context, throttle);
      cold.push(await openReport(page));
      log(
        `  cold ${i + 1}: first paint ${cold[i]!.firstPaint_ms} ms, first row ${cold[i]!.firstRow_ms} ms (report call ${cold[i]!.reportServer_ms} ms, assets ${cold[i]!.assets.transferred_kB} kB)`,
      );
      await context.close();
    }

    log(`warm: ${runs} navigations in one tab…`);
    const context = await newContext();
    const page = await prepare(context, throttle);
    await openReport(page);
    const warm: Timing[] = [];
    for (let i = 0; i < runs; i++) {
      warm.push(await openReport(page));
      log(
        `  warm ${i + 1}: first row ${warm[i]!.firstRow_ms} ms (report call ${warm[i]!.reportServer_ms} ms)`,
      );
    }

    // The link does not change how frames render: scrolling is measured unthrottled only.
    const scroll: ScrollResult[] = [];
    if (!throttle) log('scrolling the 200-row page…');
    for (const step of throttle ? [] : scrollSteps) {
      await openReport(page);
      await page.locator(`${rowSelector}[aria-rowindex="2"]`).waitFor();
      scroll.push(await scrollPage(page, step));
      const s = scroll[scroll.length - 1]!;
      log(`  ${step} px a frame: p50 ${s.p50_ms} ms, p95 ${s.p95_ms} ms, max ${s.max_ms} ms`);
    }
    const chromiumVersion = browser.version();
    await context.close();

    const summary = (timings: Timing[]) => ({
      runs: timings.length,
      firstRow_p50_ms: pct(
        timings.map((t) => t.firstRow_ms),
        0.5,
      ),
      firstRow_p95_ms: pct(
        timings.map((t) => t.firstRow_ms),
        0.95,
      ),
      observed_p50_ms: pct(
        timings.map((t) => t.observed_ms),
        0.5,
      ),
      reportServer_p50_ms: pct(nonNull(timings.map((t) => t.reportServer_ms)), 0.5),
      reportServer_p95_ms: pct(nonNull(timings.map((t) => t.reportServer_ms)), 0.95),
      reportRequestStart_p50_ms: pct(nonNull(timings.map((t) => t.reportRequestStart_ms)), 0.5),
      reportResponseEnd_p50_ms: pct(nonNull(timings.map((t) => t.reportResponseEnd_ms)), 0.5),
      firstPaint_p50_ms: pct(nonNull(timings.map((t) => t.firstPaint_ms)), 0.5),
      firstContentfulPaint_p50_ms: pct(nonNull(timings.map((t) => t.firstContentfulPaint_ms)), 0.5),
      assetsTransferred_p50_kB: pct(
        timings.map((t) => t.assets.transferred_kB),
        0.5,
      ),
      timings,
    });
    const result = {
      scenario: 'report-ui',
      report: reportPath,
      records,
      viewport,
      link: throttle ? throttledLink : 'loopback',
      machine: {
        cores: os.cpus().length,
        node: process.version,
        chromium: chromiumVersion,
        engine: 'sqlite',
        // Other work on the machine shows in every figure: the load before and after the run.
        loadAverage: { before: loadBefore, after: os.loadavg()[0]!.toFixed(2) },
      },
      seeding_s: seeded.seconds,
      navigation: { cold: summary(cold), warm: summary(warm) },
      scroll,
    };
    fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    const outName = throttle ? 'report-ui-throttled.json' : 'report-ui.json';
    const out = path.join(root, 'bench-results', outName);
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);

    console.log(
      `\n**${records.toLocaleString('en-AU')} records**, navigation to ${reportPath}${throttle ? ' over the throttled link' : ''}:\n`,
    );
    console.log(
      '| navigation | runs | first paint p50 ms | first contentful paint p50 ms | first row p50 ms | first row p95 ms | report call sent p50 ms | answered p50 ms | server wait p50 ms | server wait p95 ms | assets over the wire p50 kB |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const [name, s] of Object.entries(result.navigation)) {
      console.log(
        `| ${name} | ${s.runs} | ${s.firstPaint_p50_ms} | ${s.firstContentfulPaint_p50_ms} | ${s.firstRow_p50_ms} | ${s.firstRow_p95_ms} | ${s.reportRequestStart_p50_ms} | ${s.reportResponseEnd_p50_ms} | ${s.reportServer_p50_ms} | ${s.reportServer_p95_ms} | ${s.assetsTransferred_p50_kB} |`,
      );
    }
    if (scroll.length > 0) {
      console.log(
        '\n| scroll step | frames | p50 ms | p95 ms | max ms | over 16.7 ms | over 33.3 ms | long frames |',
      );
      console.log('|---|---|---|---|---|---|---|---|');
    }
    for (const s of scroll) {
      console.log(
        `| ${s.step_px} px | ${s.frames} | ${s.p50_ms} | ${s.p95_ms} | ${s.max_ms} | ${s.over_16_7_ms} | ${s.over_33_3_ms} | ${s.long_animation_frames.length} |`,
      );
    }
    console.log(
      `\nwritten to bench-results/${outName} (${os.cpus().length} cores, Chromium ${chromiumVersion})`,
    );
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(webDist, { recursive: true, force: true });
  }
}

/**
 * A page that notes, in every document it loads, when the first data row of a grid enters the
 * DOM and the frame that follows (when it is first painted), and which frames ran long.
 */
async function prepare(context: BrowserContext, throttle: boolean): Promise<Page> {
  // tsx names the functions it compiles with a `__name` helper, which the page does not have.
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  await context.addInitScript(() => {
    const w = globalThis as unknown as PageGlobals;
    w.__bench = { loaf: [] };
    const observer = new w.MutationObserver(() => {
      if (w.__bench.firstRowDom !== undefined) return;
      if (!w.document.querySelector('[role="grid"] [role="row"][data-eid]')) return;
      w.__bench.firstRowDom = w.performance.now();
      observer.disconnect();
      w.requestAnimationFrame(() => {
        w.__bench.firstRowFrame = w.performance.now();
      });
    });
    observer.observe(w.document, { childList: true, subtree: true });
    try {
      new w.PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          w.__bench.loaf.push({
            duration_ms: Math.round(e.duration),
            blocking_ms: Math.round(e.blockingDuration ?? 0),
            scripts: (e.scripts ?? [])
              .filter((x) => x.duration >= 5)
              .map(
                (x) =>
                  `${Math.round(x.duration)} ms ${x.invoker} ${x.sourceFunctionName} ${x.sourceURL.split('/').pop()}`,
              ),
          });
        }
      }).observe({ type: 'long-animation-frame', buffered: true });
    } catch {
      // Long animation frames are a Chromium feature; without them the count stays empty.
    }
  });
  const page = await context.newPage();
  if (throttle) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', throttledLink);
  }
  return page;
}

async function openReport(page: Page): Promise<Timing> {
  const started = Date.now();
  await page.goto(reportPath, { waitUntil: 'commit' });
  await page.locator(rowSelector).first().waitFor({ state: 'visible', timeout: 60_000 });
  const observedAt = Date.now();
  await page.waitForFunction(
    () => (globalThis as unknown as PageGlobals).__bench.firstRowFrame !== undefined,
  );
  const t = await page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals;
    const nav = w.performance.getEntriesByType('navigation')[0];
    const fcp = w.performance.getEntriesByName('first-contentful-paint')[0];
    const fp = w.performance.getEntriesByName('first-paint')[0];
    const assets = w.performance
      .getEntriesByType('resource')
      .filter((r) => /\/assets\//.test(String(r.name)))
      .map((r) => ({ transferred: Number(r.transferSize), decoded: Number(r.decodedBodySize) }));
    const calls = w.performance
      .getEntriesByType('resource')
      .filter((r) => /\/(spapi|auth|assets)\//.test(String(r.name)))
      .map((r) => ({
        url: new URL(String(r.name)).pathname,
        start_ms: Number(r.startTime),
        end_ms: Number(r.responseEnd),
        wait_ms: Number(r.responseStart) - Number(r.requestStart),
      }));
    return {
      firstRowDom: w.__bench.firstRowDom!,
      firstRowFrame: w.__bench.firstRowFrame!,
      fcp: fcp?.startTime ?? null,
      fp: fp?.startTime ?? null,
      assets,
      domContentLoaded: Number(nav?.domContentLoadedEventEnd ?? 0),
      calls,
    };
  });
  // The report call whose rows were shown: the last one answered before the first row appeared.
  const report = t.calls
    .filter((c) => /\/spapi\/data\/v1\/report\/[^/]+$/.test(c.url) && !c.url.endsWith('/templateIds'))
    .filter((c) => c.end_ms <= t.firstRowDom)
    .at(-1);
  const r = (n: number) => Number(n.toFixed(1));
  return {
    firstRow_ms: r(t.firstRowFrame),
    observed_ms: r(observedAt - started),
    firstPaint_ms: t.fp === null ? null : r(t.fp),
    firstContentfulPaint_ms: t.fcp === null ? null : r(t.fcp),
    domContentLoaded_ms: r(t.domContentLoaded),
    assets: {
      files: t.assets.length,
      transferred_kB: r(t.assets.reduce((sum, a) => sum + a.transferred, 0) / 1024),
      decoded_kB: r(t.assets.reduce((sum, a) => sum + a.decoded, 0) / 1024),
    },
    reportRequestStart_ms: report ? r(report.start_ms) : null,
    reportResponseEnd_ms: report ? r(report.end_ms) : null,
    reportServer_ms: report ? r(report.wait_ms) : null,
    calls: t.calls.map((c) => ({
      url: c.url,
      start_ms: r(c.start_ms),
      end_ms: r(c.end_ms),
      wait_ms: r(c.wait_ms),
    })),
  };
}

/**
 * Scrolls the grid from its top to the end of its first 200 rows, `step` pixels each animation
 * frame, `scrollPasses` times, and answers the time between frames (requestAnimationFrame).
 */
async function scrollPage(page: Page, step: number): Promise<ScrollResult> {
  const m = await page.evaluate(
    async ({ step, passes }) => {
      const w = globalThis as unknown as PageGlobals;
      const grid = w.document.querySelector('[role="grid"]')!;
      const frame = () => new Promise<number>((resolve) => w.requestAnimationFrame(resolve));
      const rowsNow = () => Number(grid.getAttribute('aria-rowcount') ?? 0);
      const rowsBefore = rowsNow();
      const bench = w.__bench;
      const deltas: number[] = [];
      const loaf: LongFrame[] = [];
      for (let pass = 0; pass < passes; pass++) {
        grid.scrollTop = 0;
        await frame();
        await frame();
        const loafBefore = bench.loaf.length;
        // The end of row 200: header 40 px and rows of 32 px, less what the viewport shows.
        const end = Math.min(40 + 200 * 32 - grid.clientHeight, grid.scrollHeight - grid.clientHeight);
        let last = await frame();
        while (grid.scrollTop < end - 1) {
          grid.scrollTop = Math.min(end, grid.scrollTop + step);
          const now = await frame();
          deltas.push(now - last);
          last = now;
        }
        // The frame after the last step, so its rendering is counted too.
        const now = await frame();
        deltas.push(now - last);
        loaf.push(...bench.loaf.slice(loafBefore));
      }
      return { deltas, loaf, rowsBefore, rowsAfter: rowsNow() };
    },
    { step, passes: scrollPasses },
  );
  const d = m.deltas;
  return {
    step_px: step,
    passes: scrollPasses,
    frames: d.length,
    p50_ms: pct(d, 0.5),
    p95_ms: pct(d, 0.95),
    max_ms: Number(Math.max(...d).toFixed(1)),
    over_16_7_ms: d.filter((x) => x > 16.7 * 1.5).length,
    over_33_3_ms: d.filter((x) => x > 16.7 * 2.5).length,
    long_animation_frames: m.loaf,
    rows_before: m.rowsBefore,
    rows_after: m.rowsAfter,
  };
}

function nonNull(values: Array<number | null>): number[] {
  return values.filter((v): v is number => v !== null);
}
