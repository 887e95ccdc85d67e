import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchQueries } from './benchQueries.js';
import { benchReportEntities } from './benchReports.js';
import { type BenchData, signInAsBenchAdmin } from './seedBench.js';
import { startServerProcess } from './serverProcess.js';

interface InstructionBenchOptions {
  dataDir: string;
  root?: string;
  warmups: number;
  calls: number;
  port: number;
  only?: string[];
  /** A folder each scenario's callgrind dumps are copied to, named after the scenario and thread. */
  keepDumps?: string;
  log: (m: string) => void;
}

/**
 * Issue 13's check where timings cannot settle it: the machine's speed swings by more than the
 * difference looked for, but the instructions a call executes do not (decision 0142). The built
 * server of a checkout (`root`) runs under callgrind on a copy of a database the reports bench
 * seeded (`dataDir`, with its bench.json); per scenario, `warmups` calls, then the counters zeroed,
 * `calls` calls and the counters read: the main thread's (JavaScript, SQLite, the garbage
 * collector's own share) and every thread's (also the optimising compiler's background work,
 * which falls as the code warms).
 */
export async function instructionBench(options: InstructionBenchOptions) {
  const data = JSON.parse(fs.readFileSync(path.join(options.dataDir, 'bench.json'), 'utf8')) as BenchData;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-instructions-'));
  try {
    return await countInWork(work, data, options);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function countInWork(work: string, data: BenchData, options: InstructionBenchOptions) {
  const { log } = options;
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);
  // The database with its write-ahead log, if a server left one.
  for (const file of fs.readdirSync(options.dataDir).filter((f) => f.startsWith('plinth.sqlite')))
    fs.copyFileSync(path.join(options.dataDir, file), path.join(dataDir, file));

  // First natively, until its idle upkeep has run: the copy migrated by this server and its search
  // indexes merged, as a running server keeps them, before anything is counted.
  const native = await startServerProcess({
    database: { dataDir },
    port: options.port,
    root: options.root,
    log,
  });
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  await native.stop();

  log('starting the server under callgrind…');
  const out = path.join(work, 'callgrind.out');
  // The control pipes, in the work directory. Their names take the HOST variable, which
  // startServerProcess sets for the server (its address): callgrind_control is given the same.
  const prefix = `--vgdb-prefix=${path.join(work, 'vgdb')}`;
  const server = await startServerProcess({
    database: { dataDir },
    port: options.port,
    root: options.root,
    wrapper: [
      'valgrind',
      '--tool=callgrind',
      '--smc-check=all-non-file',
      '--separate-threads=yes',
      prefix,
      `--callgrind-out-file=${out}`,
    ],
    log: (m) => {
      if (!m.includes('==')) log(m);
    },
  });
  try {
    const control = (command: string) =>
      execFileSync('callgrind_control', [prefix, command, String(server.pid)], {
        stdio: 'ignore',
        env: { ...process.env, HOST: '127.0.0.1' },
      });
    const headers = await signInAsBenchAdmin(server.base);
    const post = async (url: string, body: unknown) => {
      const res = await fetch(`${server.base}${url}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text) as unknown;
    };
    const put = (entities: unknown) => post('/spapi/data/v1/entity/put', { entities, deleted: [] });
    const { ids } = (await put(benchReportEntities(data))) as { ids: Record<string, number> };
    // The same updates on every run: a seeded pseudo-random sequence.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const q = benchQueries(data, random);
    const report = (id: string, body: unknown) => post(`/spapi/data/v1/report/${ids[id]}`, body);
    const writeOne = () => put([q.update()]);
    const scenarios: Array<[string, () => Promise<unknown>]> = [
      ['page of 50 sorted', () => report('new:list', q.sorted)],
      [
        'page of 50 sorted after a write (and the write)',
        () => writeOne().then(() => report('new:list', q.sorted)),
      ],
      ['filter choice and amount, sorted', () => report('new:list', q.filtered)],
      ['quick search', () => report('new:list', q.searched)],
      ['quick search, a new term', () => report('new:list', q.freshSearch())],
      ['name contains a term', () => report('new:list', q.nameContains())],
      [
        'quick search after a write (and the write)',
        () => writeOne().then(() => report('new:list', q.searched)),
      ],
      ['group by choice with sum', () => report('new:grouped', q.grouped)],
      [
        'group by choice with sum after a write (and the write)',
        () => writeOne().then(() => report('new:grouped', q.grouped)),
      ],
      ['create one record', () => put([q.newOpportunity()])],
      ['update one record', () => put([q.update()])],
    ];
    const results: Array<{ scenario: string; main_thread: number; all_threads: number }> = [];
    for (const [index, [name, call]] of scenarios.entries()) {
      if (options.only && !options.only.some((o) => name.toLowerCase().includes(o))) continue;
      try {
        for (let i = 0; i < options.warmups; i++) await call();
      } catch (error) {
        // A call the checkout does not have (name contains, before it was made): left out.
        log(`  ${name}: left out (${String(error).slice(0, 120)})`);
        continue;
      }
      control('--zero');
      for (let i = 0; i < options.calls; i++) await call();
      const label = `scenario-${index}`;
      control(`--dump=${label}`);
      const counts = dumpedCounts(
        work,
        label,
        options.keepDumps ? path.join(options.keepDumps, slug(name)) : undefined,
      );
      if (counts.main === 0) throw new Error(`callgrind wrote no counts for ${name}`);
      const result = {
        scenario: name,
        main_thread: Math.round(counts.main / options.calls),
        all_threads: Math.round(counts.all / options.calls),
      };
      results.push(result);
      log(
        `  ${name.padEnd(56)} ${(result.main_thread / 1e6).toFixed(2)} M instructions a call (main thread), ${(result.all_threads / 1e6).toFixed(2)} M (all)`,
      );
    }
    return results;
  } finally {
    await server.stop();
  }
}

/**
 * The instructions of one dump, from its files (one per thread, `callgrind.out.N-TT`; thread 01
 * is the main thread), found by the label the dump was asked for.
 */
function dumpedCounts(dir: string, label: string, keepAs?: string) {
  let main = 0;
  let all = 0;
  for (const name of fs.readdirSync(dir)) {
    const match = /^callgrind\.out\.\d+-(\d+)$/.exec(name);
    if (!match) continue;
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    if (!text.includes(`\ndesc: Trigger: dump ${label}\n`)) continue;
    const total = Number(/^(?:totals|summary): (\d+)/m.exec(text)?.[1] ?? 0);
    all += total;
    if (match[1] === '01') main += total;
    if (keepAs) {
      fs.mkdirSync(path.dirname(keepAs), { recursive: true });
      fs.copyFileSync(path.join(dir, name), `${keepAs}.thread-${match[1]}`);
    }
    fs.rmSync(path.join(dir, name));
  }
  return { main, all };
}

/** A scenario's name as a file name: `create one record` → `create-one-record`. */
function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
