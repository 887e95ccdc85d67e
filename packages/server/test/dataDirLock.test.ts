import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { type Database, DataDirLockedError, openDatabase } from '../src/db/openDatabase.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Runs the server's entry point and answers its exit code and output, killing it after `ms`. */
function runMain(env: Record<string, string>, ms: number) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string; ms: number }>(
    (resolve) => {
      const started = Date.now();
      const child = spawn(
        process.execPath,
        ['--conditions=@plinth/source', '--import', 'tsx', 'packages/server/src/main.ts'],
        {
          cwd: repoRoot,
          env: { ...process.env, LOG_LEVEL: 'warn', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, output, ms: Date.now() - started });
      });
    },
  );
}

describe('the data-directory lock (SQLite)', () => {
  let dataDir: string;
  let first: Database;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-lock-'));
    first = await openDatabase({ dataDir });
  });
  afterAll(async () => {
    await first.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes a second openDatabase on the same folder fail fast with DataDirLockedError', async () => {
    const started = Date.now();
    const second = openDatabase({ dataDir });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `The data directory ${dataDir} is in use by another Plinth process.`,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    // The first holder still works.
    const row = await first.db.selectFrom('tenants').select('id').limit(1).execute();
    expect(row).toEqual([]);
  });

  it('lets the folder be opened again once the holder closes it', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-lock-'));
    try {
      const a = await openDatabase({ dataDir: other });
      await expect(openDatabase({ dataDir: other })).rejects.toBeInstanceOf(DataDirLockedError);
      await a.close();
      const b = await openDatabase({ dataDir: other });
      await b.close();
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('makes a second server process exit non-zero with the message within seconds', async () => {
    const run = await runMain({ DATA_DIR: dataDir, PORT: '0', PLINTH_DEMO_RECORDS: '50' }, 20_000);
    expect(run.signal).toBeNull();
    expect(run.code).not.toBe(0);
    expect(run.output).toContain(`The data directory ${dataDir} is in use by another Plinth process.`);
    expect(run.output).not.toMatch(/\n\s+at /);
    // Start-up of tsx included; the lock itself answers at once.
    expect(run.ms).toBeLessThan(15_000);
  }, 30_000);
});

describe('configuration', () => {
  it('applies the defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.secureCookies).toBe(false);
    expect(config.trustProxy).toBe(false);
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: 'somewhere/else',
      DATABASE_URL: 'postgres://x@y/z',
      PLINTH_ADMIN_PASSWORD: 'secret',
    });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('somewhere/else'));
    expect(config.databaseUrl).toBe('postgres://x@y/z');
    expect(config.adminPassword).toBe('secret');
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ PLINTH_SECURE_COOKIES: 'true', TRUST_PROXY: 'true' })).toMatchObject({
      secureCookies: true,
      trustProxy: true,
    });
  });

  it('reads the job lease, refusing one under a second', () => {
    expect(loadConfig({}).jobLeaseMs).toBe(60_000);
    expect(loadConfig({ PLINTH_JOB_LEASE_MS: '2000' }).jobLeaseMs).toBe(2000);
    expect(() => loadConfig({ PLINTH_JOB_LEASE_MS: '500' })).toThrow(
      "PLINTH_JOB_LEASE_MS must be a whole number from 1000 to 3600000, not '500'.",
    );
  });

  it.each(['abc', '-1', '65536', '3000.5', '1e3', '0x50', ' ', '80 80', '3000abc', 'NaN', 'Infinity'])(
    'rejects PORT=%j with a clear message',
    (port) => {
      expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
      expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
    },
  );

  it('makes the server exit non-zero with the message on a bad PORT', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-cfg-'));
    try {
      const run = await runMain({ DATA_DIR: dataDir, PORT: 'abc' }, 20_000);
      expect(run.code).not.toBe(0);
      expect(run.signal).toBeNull();
      expect(run.output).toContain("PORT must be a port number, not 'abc'.");
      expect(run.output).not.toMatch(/\n\s+at /);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
