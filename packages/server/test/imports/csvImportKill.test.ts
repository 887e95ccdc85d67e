import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../support/testApp.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const port = 4205;
const url = `http://127.0.0.1:${port}`;

/** The real server (`packages/server/src/main.ts`) in a process of its own, which the test kills. */
function startServer(env: Record<string, string>): {
  child: ChildProcess;
  ready: Promise<void>;
  output: () => string;
} {
  const base = { ...process.env };
  for (const k of ['DATABASE_URL', 'PORT', 'DATA_DIR', 'HOST', 'PLINTH_DEMO', 'PLINTH_DEMO_RECORDS'])
    delete base[k];
  const child = spawn(
    process.execPath,
    ['--conditions=@plinth/source', '--import', 'tsx', 'packages/server/src/main.ts'],
    {
      cwd: repoRoot,
      env: {
        ...base,
        PORT: String(port),
        PLINTH_ADMIN_PASSWORD: 'secret123',
        PLINTH_DEMO_RECORDS: '0',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Plinth is running')) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`the server exited:\n${output}`));
      }
    }, 100);
  });
  return { child, ready, output: () => output };
}

async function signIn() {
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant: 'demo', username: 'admin', password: 'secret123' }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, 'x-csrf-token': ((await res.json()) as { csrfToken: string }).csrfToken };
}

/**
 * A kill in the middle of an import leaves nothing of it (decision 0103): the server is killed
 * (SIGKILL) once the first 2,000 of 20,000 rows are written in the import's transaction, started
 * again on the same database, and the type has no records.
 */
describe.each(engines)('a CSV import killed half-way on %s', (engine) => {
  let env: Record<string, string>;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    if (engine === 'sqlite') {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-csv-kill-'));
      env = { DATA_DIR: dataDir };
      dispose = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    } else {
      const baseUrl = process.env.TEST_DATABASE_URL!;
      const name = `plinth_csv_kill_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const dbUrl = new URL(baseUrl);
      dbUrl.pathname = `/${name}`;
      env = {
        DATABASE_URL: dbUrl.toString(),
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-csv-kill-')),
      };
      dispose = async () => {
        const c = new pg.Client({ connectionString: baseUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      };
    }
  });
  afterAll(() => dispose());

  it('leaves no record of it', async () => {
    const first = startServer(env);
    let typeId: number;
    try {
      await first.ready;
      const auth = await signIn();
      const put = await fetch(`${url}/spapi/data/v1/entity/put`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          entities: [
            { id: 'new:t', typeId: 'core:type', fields: { name: 'Killed', typeScriptName: 'Killed' } },
          ],
        }),
      });
      typeId = ((await put.json()) as { ids: Record<string, number> }).ids['new:t']!;
      const rows = Array.from({ length: 20_000 }, (_, i) => `Row ${i}`);
      const form = new FormData();
      form.append('file', new Blob([['Name', ...rows].join('\n')], { type: 'text/csv' }), 'rows.csv');
      const upload = (await (
        await fetch(`${url}/spapi/data/v1/import/upload?typeId=${typeId}`, {
          method: 'POST',
          headers: auth,
          body: form,
        })
      ).json()) as { uploadId: string; mapping: string[] };
      const run = await fetch(`${url}/spapi/data/v1/import/run`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ uploadId: upload.uploadId, typeId, mapping: upload.mapping }),
      });
      const reader = run.body!.getReader();
      const { value } = await reader.read();
      // The first batch is written, in the transaction, when the process dies.
      expect(new TextDecoder().decode(value)).toContain('"kind":"progress","done":2000');
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      await reader.cancel().catch(() => undefined);
    } finally {
      if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL');
    }

    const again = startServer(env);
    try {
      await again.ready;
      const auth = await signIn();
      const usage = await fetch(`${url}/spapi/data/v1/schema/type/${typeId}/usage`, { headers: auth });
      expect(usage.status).toBe(200);
      expect(((await usage.json()) as { recordCount: number }).recordCount).toBe(0);
    } finally {
      again.child.kill('SIGKILL');
      await new Promise((resolve) => again.child.once('exit', resolve));
    }
  }, 180_000);
  it('leaves no record of an import whose caller went away, and the server serves on', async () => {
    const server = startServer(env);
    try {
      await server.ready;
      const auth = await signIn();
      const put = await fetch(`${url}/spapi/data/v1/entity/put`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          entities: [{ id: 'new:t', typeId: 'core:type', fields: { name: 'Left', typeScriptName: 'Left' } }],
        }),
      });
      const typeId = ((await put.json()) as { ids: Record<string, number> }).ids['new:t']!;
      const form = new FormData();
      const rows = Array.from({ length: 20_000 }, (_, i) => `Row ${i}`);
      form.append('file', new Blob([['Name', ...rows].join('\n')], { type: 'text/csv' }), 'rows.csv');
      const upload = (await (
        await fetch(`${url}/spapi/data/v1/import/upload?typeId=${typeId}`, {
          method: 'POST',
          headers: auth,
          body: form,
        })
      ).json()) as { uploadId: string; mapping: string[] };
      const leave = new AbortController();
      const run = await fetch(`${url}/spapi/data/v1/import/run`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ uploadId: upload.uploadId, typeId, mapping: upload.mapping }),
        signal: leave.signal,
      });
      const reader = run.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('"kind":"progress"');
      leave.abort();
      // The server rolls back at its next batch and serves on.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect((await fetch(`${url}/health`)).status).toBe(200);
      const usage = await fetch(`${url}/spapi/data/v1/schema/type/${typeId}/usage`, { headers: auth });
      expect(((await usage.json()) as { recordCount: number }).recordCount).toBe(0);
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill('SIGKILL');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
  }, 180_000);
});
