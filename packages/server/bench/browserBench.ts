import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import type { SeededDemo } from './seedDemoBulk.js';
import { serverNodeOptions } from './serverProcess.js';

/** What the benches in a browser share: the built app in a server of its own, Chromium, sign-in. */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * A copy of the built web app for this run's server, so that a build started meanwhile (which
 * replaces the hashed assets) cannot break the page halfway. Waits for a build in progress: a copy
 * is taken once every asset index.html names is there.
 */
export async function snapshotWebApp(log: (m: string) => void): Promise<string> {
  const source = path.join(root, 'packages/web/dist');
  for (let attempt = 0; attempt < 24; attempt++) {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-bench-web-'));
    try {
      fs.cpSync(source, copy, { recursive: true });
      const html = fs.readFileSync(path.join(copy, 'index.html'), 'utf8');
      const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
      if (assets.length > 0 && assets.every((a) => fs.existsSync(path.join(copy, a)))) return copy;
    } catch {
      // A build was replacing the folder while it was copied: try again.
    }
    fs.rmSync(copy, { recursive: true, force: true });
    log('  packages/web/dist is being rebuilt; waiting…');
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  throw new Error('packages/web/dist stayed incomplete for two minutes: run `npm run build` first.');
}

/**
 * Starts the built server (one process, loopback) on `port` — 0 for a free one — and answers its
 * address once it says it listens.
 */
export async function startBuiltServer(
  dataDir: string,
  webDist: string,
  port: number,
  log: (m: string) => void,
) {
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeOptions, path.join(root, 'packages/server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PLINTH_WEB_DIST: webDist,
        PORT: String(port),
        HOST: '127.0.0.1',
        PLINTH_DEMO: 'false',
        PLINTH_WORKERS: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr?.on('data', (d: Buffer) => log(`  server: ${d.toString().trimEnd()}`));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 120 s')), 120_000);
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
  log(`server at ${base}`);
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Debian's Chromium, headless, as the e2e journeys run it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
    ],
  });
}

/** Signs in through the sign-in page once and answers the signed-in browser state. */
export async function signInOnce(
  browser: Browser,
  base: string,
  seeded: SeededDemo,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL: base, viewport });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByLabel('Tenant').fill('demo');
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill(seeded.adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** The p-th percentile (0–1) of the values, to 0.1. */
export function pct(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(1));
}
