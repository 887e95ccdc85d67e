import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** `npm start` with PLINTH_WORKERS: the real entry point, its output collected. */
class Cluster {
  output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly child: ChildProcess;

  constructor(env: Record<string, string>) {
    const base = { ...process.env };
    for (const k of ['PLINTH_ADMIN_PASSWORD', 'DATABASE_URL', 'PORT', 'DATA_DIR', 'HOST', 'PLINTH_DEMO'])
      delete base[k];
    this.child = spawn(
      process.execPath,
      ['--conditions=@plinth/source', '--import', 'tsx', 'packages/server/src/main.ts'],
      { cwd: repoRoot, env: { ...base, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child.stdout!.on('data', (d) => (this.output += d));
    this.child.stderr!.on('data', (d) => (this.output += d));
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  async waitFor(pattern: RegExp, ms: number, times = 1): Promise<RegExpMatchArray[]> {
    const deadline = Date.now() + ms;
    let ended = false;
    void this.exited.then(() => (ended = true));
    for (;;) {
      const found = [...this.output.matchAll(new RegExp(pattern, 'g'))];
      if (found.length >= times) return found;
      if (ended) throw new Error(`the server exited before printing ${pattern}:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The pids of the workers that have said they listen. */
  workerPids(): number[] {
    return [...this.output.matchAll(/"worker":\d+,"workerPid":(\d+),"msg":"worker listening"/g)].map((m) =>
      Number(m[1]),
    );
  }

  async kill() {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
    for (const pid of this.workerPids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** One request on a connection of its own, so the primary hands each to the next worker. */
function request(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; body: any; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text ? JSON.parse(text) : undefined,
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('PLINTH_WORKERS without PostgreSQL', () => {
  it('refuses to start, saying why', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-workers-'));
    const server = new Cluster({ DATA_DIR: dataDir, PORT: '0', PLINTH_WORKERS: '2' });
    try {
      expect(await server.exited).toEqual({ code: 1, signal: null });
      expect(server.output).toContain(
        'PLINTH_WORKERS above 1 needs DATABASE_URL: the embedded SQLite database in DATA_DIR is held by one process (decision 0006).',
      );
    } finally {
      await server.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** Issue 15 item 4, decision 0052: two server processes behind one port, on one PostgreSQL database. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('PLINTH_WORKERS=2 on PostgreSQL', () => {
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `plinth_test_${randomBytes(6).toString('hex')}`;
  let dataDir: string;
  let server: Cluster;
  let port: number;
  let headers: Record<string, string>;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-workers-'));
    server = new Cluster({
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      PORT: '0',
      PLINTH_WORKERS: '2',
      PLINTH_ADMIN_PASSWORD: 'secret123',
      PLINTH_DEMO_RECORDS: '20',
    });
    const [running] = await server.waitFor(/running at http:\/\/localhost:(\d+)\//, 120_000);
    port = Number(running![1]);
    const login = await request(
      port,
      'POST',
      '/auth/login',
      {},
      {
        tenant: 'demo',
        username: 'admin',
        password: 'secret123',
      },
    );
    expect(login.status).toBe(200);
    const cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    headers = { cookie, 'x-csrf-token': login.body.csrfToken };
  }, 150_000);

  afterAll(async () => {
    await server?.kill();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  it('says so, with two workers listening on the one port', () => {
    expect(server.output).toContain('2 server processes share the port (PLINTH_WORKERS)');
    expect(new Set(server.workerPids()).size).toBe(2);
    // The demo tenant was made once, by the primary.
    expect(server.output.match(/creating the demo tenant/g)).toHaveLength(1);
  });

  it('a write through one worker is read by the next request, on the other', async () => {
    const made = await request(port, 'POST', '/spapi/data/v1/entity/put', headers, {
      entities: [{ id: 'new:a', typeId: 'crm:account', fields: { name: 'Round 0' } }],
      deleted: [],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.ids['new:a'] as number;
    const servedBy = () =>
      [...server.output.matchAll(/"pid":(\d+),[^\n]*"msg":"request completed"/g)].map((m) => Number(m[1]));
    const before = servedBy().length;
    for (let round = 1; round <= 6; round++) {
      const put = await request(port, 'POST', '/spapi/data/v1/entity/put', headers, {
        entities: [{ id, fields: { name: `Round ${round}` } }],
        deleted: [],
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const read = await request(port, 'GET', `/spapi/data/v1/entity/${id}?query=name`, headers);
      expect(read.body.name).toBe(`Round ${round}`);
    }
    // Both workers answered: each connection went to the next one.
    await new Promise((r) => setTimeout(r, 200));
    expect(new Set(servedBy().slice(before)).size).toBe(2);
  });

  it('a session signed out through one worker is refused by the other at once', async () => {
    const login = await request(
      port,
      'POST',
      '/auth/login',
      {},
      {
        tenant: 'demo',
        username: 'admin',
        password: 'secret123',
      },
    );
    const cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const mine = { cookie, 'x-csrf-token': login.body.csrfToken };
    expect((await request(port, 'GET', '/auth/me', mine)).status).toBe(200);
    expect((await request(port, 'GET', '/auth/me', mine)).status).toBe(200);
    expect((await request(port, 'POST', '/auth/logout', mine, {})).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await request(port, 'GET', '/auth/me', mine)).status).toBe(401);
  });

  it('replaces a worker that dies, and goes on serving', async () => {
    const [first] = server.workerPids();
    process.kill(first!, 'SIGKILL');
    await server.waitFor(/"msg":"worker listening"/, 60_000, 3);
    expect(server.output).toContain('worker ended; starting another');
    for (let i = 0; i < 4; i++) expect((await request(port, 'GET', '/health')).status).toBe(200);
  }, 90_000);

  it('stops the workers, then itself, on SIGTERM', async () => {
    const pids = server.workerPids().filter(isAlive);
    expect(pids).toHaveLength(2);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await new Promise((r) => setTimeout(r, 500));
    expect(pids.filter(isAlive)).toEqual([]);
  }, 30_000);
});
