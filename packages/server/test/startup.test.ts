import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A server process started from the real entry point, with its output collected. */
class Server {
  output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;

  constructor(env: Record<string, string>) {
    const base = { ...process.env };
    for (const k of ['PLINTH_ADMIN_PASSWORD', 'DATABASE_URL', 'PORT', 'DATA_DIR', 'HOST', 'PLINTH_DEMO'])
      delete base[k];
    this.child = spawn(
      process.execPath,
      ['--conditions=@plinth/source', '--import', 'tsx', 'packages/server/src/main.ts'],
      { cwd: repoRoot, env: { ...base, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child.stdout!.on('data', (d) => (this.output += d));
    this.child.stderr!.on('data', (d) => (this.output += d));
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  /** Waits until the output matches, the process ends, or the time is up. */
  async waitFor(pattern: RegExp, ms: number): Promise<RegExpMatchArray> {
    const deadline = Date.now() + ms;
    let ended = false;
    void this.exited.then(() => (ended = true));
    for (;;) {
      const m = this.output.match(pattern);
      if (m) return m;
      if (ended) throw new Error(`the server exited before printing ${pattern}:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  signal(sig: NodeJS.Signals) {
    this.child.kill(sig);
  }

  /** Stops the process if it is still running. */
  async kill() {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }
}

const withTimeout = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out`)), ms)),
  ]);

describe('first start on an empty data directory (SQLite)', () => {
  let dataDir: string;
  let server: Server;
  let base: string;
  let password: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-start-'));
    server = new Server({ DATA_DIR: dataDir, PORT: '0', PLINTH_DEMO_RECORDS: '200' });
    const running = await server.waitFor(/running at http:\/\/localhost:(\d+)\//, 90_000);
    base = `http://127.0.0.1:${running[1]}`;
    password = (await server.waitFor(/user "admin", password (\S+)/, 1_000))[1]!;
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the generated administrator password once and writes it to admin-password.txt', () => {
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(server.output.split(password).length - 1).toBe(1);
    const file = path.join(dataDir, 'admin-password.txt');
    expect(fs.readFileSync(file, 'utf8')).toBe(`${password}\n`);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(server.output).toContain(file);
  });

  it('serves /health', async () => {
    const res = await fetch(`${base}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  describe('the demo tenant', () => {
    let headers: Record<string, string>;
    const ofType = async (typeId: string, query: string) => {
      const res = await fetch(`${base}/spapi/data/v1/entity/ofType`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ typeId, query, pageSize: 1000 }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { entities: Array<Record<string, any>> }).entities;
    };

    beforeAll(async () => {
      const res = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenant: 'demo', username: 'admin', password }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { csrfToken: string };
      expect(body).toMatchObject({ username: 'admin', isAdmin: true });
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      headers = { cookie, 'x-csrf-token': body.csrfToken };
    });

    it('signs the admin in with that password, and refuses a wrong one', async () => {
      const wrong = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenant: 'demo', username: 'admin', password: `${password}x` }),
      });
      expect(wrong.status).toBe(401);
    });

    it('has Accounts, Contacts, Opportunities and Activities', async () => {
      const accounts = await ofType('crm:account', 'name, industry, annualRevenue');
      const contacts = await ofType('crm:contact', 'name, email, account.name');
      const opportunities = await ofType(
        'crm:opportunity',
        'name, amount, closeDate, reference, stage.name, stage.enumColour, account.name, activities.name',
      );
      const activities = await ofType('crm:activity', 'name, due, opportunity.name');
      expect(accounts.length).toBeGreaterThanOrEqual(5);
      expect(contacts.length).toBeGreaterThan(accounts.length);
      expect(opportunities.length).toBe(200);
      expect(activities.length).toBeGreaterThan(0);

      for (const c of contacts) expect(c.account).toMatchObject({ name: expect.any(String) });
      for (const a of activities) expect(a.opportunity).toMatchObject({ name: expect.any(String) });
      for (const o of opportunities) {
        expect(typeof o.amount).toBe('number');
        expect(o.amount).toBeGreaterThan(0);
        expect(o.closeDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(o.stage).toMatchObject({
          name: expect.any(String),
          enumColour: expect.stringMatching(/^#[0-9A-Fa-f]{6}$/),
        });
        expect(o.account).toMatchObject({ name: expect.any(String) });
      }
      // Auto-number references: unique whole numbers from the seed.
      const refs = opportunities.map((o) => o.reference);
      for (const r of refs) expect(Number.isInteger(r)).toBe(true);
      expect(new Set(refs).size).toBe(refs.length);
      expect(Math.min(...refs)).toBe(1000);
      // Several stages, each with its own colour.
      const stages = new Map(opportunities.map((o) => [o.stage.name, o.stage.enumColour]));
      expect(stages.size).toBeGreaterThanOrEqual(3);
      expect(new Set(stages.values()).size).toBe(stages.size);
      expect(opportunities.some((o) => o.activities.length > 0)).toBe(true);
    });

    it('has a Stage choice type with colours, and a reference field with its display pattern', async () => {
      const stages = await ofType('crm:stage', 'name, enumOrder, enumColour');
      expect(stages.map((s) => s.name)).toEqual(
        expect.arrayContaining([
          'Prospecting',
          'Qualification',
          'Proposal',
          'Negotiation',
          'Closed Won',
          'Closed Lost',
        ]),
      );
      const schema = await fetch(`${base}/spapi/data/v1/schema/type/crm:opportunity`, { headers });
      expect(schema.status).toBe(200);
      const fields = ((await schema.json()) as { fields: Array<Record<string, unknown>> }).fields;
      expect(fields).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ scriptName: 'amount', type: 'Currency' }),
          expect.objectContaining({ scriptName: 'closeDate', type: 'Date' }),
          expect.objectContaining({ scriptName: 'reference', type: 'AutoNumber' }),
        ]),
      );
    });

    it('has saved reports by alias: opportunities with filters, grouped by stage with totals, activities, documents', async () => {
      const run = async (alias: string) => {
        const res = await fetch(`${base}/spapi/data/v1/report/${alias}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ pageSize: 10 }),
        });
        expect(res.status).toBe(200);
        return (await res.json()) as Record<string, any>;
      };
      const list = await run('crm:opportunities');
      expect(list.meta.title).toBe('Opportunities');
      expect(Object.values(list.meta.rcols).map((c: any) => c.title)).toEqual(
        expect.arrayContaining(['Name', 'Amount', 'Close Date', 'Stage', 'Account']),
      );
      expect(Object.keys(list.meta.anlcols)).toEqual(['closeDate', 'stage', 'amount', 'won']);
      expect(list.gdata).toHaveLength(10);

      const grouped = await run('crm:opportunitiesByStage');
      expect(grouped.rdata.length).toBeGreaterThanOrEqual(3);
      expect(grouped.total.count).toBe(200);
      expect(grouped.total.aggs.amount).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: 'Sum' })]),
      );

      expect((await run('crm:activities')).gdata.length).toBeGreaterThan(0);
      expect((await run('crm:documents')).meta.title).toBe('Documents');
    });
  });

  it('shuts down gracefully on SIGTERM with exit code 0, and a restart keeps the data without a new password', async () => {
    server.signal('SIGTERM');
    const exit = await withTimeout(server.exited, 15_000, 'shutdown');
    expect(exit).toEqual({ code: 0, signal: null });

    const again = new Server({ DATA_DIR: dataDir, PORT: '0', PLINTH_DEMO_RECORDS: '200' });
    try {
      const running = await again.waitFor(/running at http:\/\/localhost:(\d+)\//, 60_000);
      expect(again.output).not.toContain('password');
      expect(fs.readFileSync(path.join(dataDir, 'admin-password.txt'), 'utf8')).toBe(`${password}\n`);
      const login = await fetch(`http://127.0.0.1:${running[1]}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenant: 'demo', username: 'admin', password }),
      });
      expect(login.status).toBe(200);
      again.signal('SIGTERM');
      expect(await withTimeout(again.exited, 15_000, 'shutdown')).toEqual({ code: 0, signal: null });
    } finally {
      await again.kill();
    }
  }, 90_000);
});

describe('other first starts (SQLite)', () => {
  const dirs: string[] = [];
  const servers: Server[] = [];
  const start = (env: Record<string, string>) => {
    const server = new Server(env);
    servers.push(server);
    return server;
  };
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-start-'));
    dirs.push(d);
    return d;
  };
  const signIn = (port: string, password: string) =>
    fetch(`http://127.0.0.1:${port}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenant: 'demo', username: 'admin', password }),
    });
  afterAll(async () => {
    for (const s of servers) await s.kill();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('uses PLINTH_ADMIN_PASSWORD when given: nothing printed, no password file', async () => {
    const dataDir = tempDir();
    const password = 'given password 123';
    const server = start({
      DATA_DIR: dataDir,
      PORT: '0',
      PLINTH_DEMO_RECORDS: '20',
      PLINTH_ADMIN_PASSWORD: password,
    });
    const port = (await server.waitFor(/running at http:\/\/localhost:(\d+)\//, 60_000))[1]!;
    expect(server.output).not.toContain(password);
    expect(fs.existsSync(path.join(dataDir, 'admin-password.txt'))).toBe(false);
    expect((await signIn(port, password)).status).toBe(200);
    server.signal('SIGTERM');
    expect(await withTimeout(server.exited, 15_000, 'shutdown')).toEqual({ code: 0, signal: null });
  }, 90_000);

  it('keeps the generated password usable when the first start is stopped while seeding', async () => {
    const dataDir = tempDir();
    const first = start({ DATA_DIR: dataDir, PORT: '0', PLINTH_DEMO_RECORDS: '3000', LOG_LEVEL: 'info' });
    await first.waitFor(/creating the demo tenant/, 60_000);
    first.signal('SIGKILL');
    await first.exited;
    const file = path.join(dataDir, 'admin-password.txt');
    expect(fs.existsSync(file)).toBe(true);

    const second = start({ DATA_DIR: dataDir, PORT: '0', PLINTH_DEMO_RECORDS: '20' });
    const port = (await second.waitFor(/running at http:\/\/localhost:(\d+)\//, 60_000))[1]!;
    const password = fs.readFileSync(file, 'utf8').trim();
    expect((await signIn(port, password)).status).toBe(200);
    second.signal('SIGTERM');
    expect(await withTimeout(second.exited, 15_000, 'shutdown')).toEqual({ code: 0, signal: null });
  }, 120_000);
});
