import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const thisTree = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the server's database is: SQLite in its data directory, or PostgreSQL at a URL. */
export interface ServerDatabase {
  dataDir: string;
  /** PostgreSQL; the data directory then holds only the server's files. */
  databaseUrl?: string;
}

/** The built server in a process of its own, as `npm start` runs it, with a hold on the process. */
export interface ServerProcess {
  base: string;
  pid: number;
  /** The CPU time (user and system) the process has used so far, in ms (Linux). */
  cpuMs(): number;
  /** SIGKILL: the process dies at once, as in a power cut; resolves once it has gone. */
  kill(): Promise<void>;
  /** SIGTERM: the server shuts down as it does on a stop; resolves once it has gone. */
  stop(): Promise<void>;
}

/**
 * Node's options the server runs with, as `npm start` gives them: one thread for V8's background
 * work (decision 0150).
 */
export const serverNodeOptions = ['--v8-pool-size=1'];

/**
 * Starts `packages/server/dist/main.js` (after `npm run build`) on `port` and the given database,
 * without the demo, and waits for it to answer /health (at most 120 s). `env` adds settings (such
 * as PLINTH_JOB_LEASE_MS), `nodeArgs` options of Node (such as --cpu-prof); `root` is the checkout
 * whose built server runs (this one by default), `wrapper` a program it runs under (valgrind).
 */
export async function startServerProcess(options: {
  database: ServerDatabase;
  port: number;
  env?: Record<string, string>;
  nodeArgs?: string[];
  root?: string;
  wrapper?: string[];
  log: (m: string) => void;
}): Promise<ServerProcess> {
  const root = options.root ?? thisTree;
  const entry = path.join(root, 'packages/server/dist/main.js');
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  const base = `http://127.0.0.1:${options.port}`;
  // A server left on the port (an earlier run's) would answer in this one's place, and take its writes.
  if (await answersHealth(base))
    throw new Error(`a server already answers on port ${options.port}: stop it, or pass --port`);
  const [program = process.execPath, ...wrapperArgs] = options.wrapper ?? [];
  const nodeCommand = [process.execPath, ...serverNodeOptions, ...(options.nodeArgs ?? []), entry];
  const child: ChildProcess = spawn(
    program,
    options.wrapper ? [...wrapperArgs, ...nodeCommand] : nodeCommand.slice(1),
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        PLINTH_DEMO: 'false',
        PLINTH_WORKERS: '1',
        LOG_LEVEL: 'warn',
        DATA_DIR: options.database.dataDir,
        DATABASE_URL: options.database.databaseUrl ?? '',
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  child.stderr?.on('data', (d: Buffer) => options.log(`  server: ${d.toString().trimEnd()}`));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server stopped (${child.exitCode ?? child.signalCode}) before it answered`);
    if (await answersHealth(base)) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error('the server did not answer /health in 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pid = child.pid!;
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    base,
    pid,
    cpuMs() {
      // utime and stime, fields 14 and 15 of /proc/PID/stat, in clock ticks (100 a second).
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    },
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}

/** Whether a server answers /health at `base`. */
function answersHealth(base: string): Promise<boolean> {
  return fetch(`${base}/health`)
    .then((r) => r.ok)
    .catch(() => false);
}
