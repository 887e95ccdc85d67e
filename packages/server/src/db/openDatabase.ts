import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';
import { searchContains } from '../search/searchFold.js';
import { startSearchUpkeep } from '../search/searchUpkeep.js';
import { migrateToLatest } from './migrate.js';
import type { Db, Engine, Tables } from './tables.js';

export interface Database {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

/** Raised when the data directory is already in use by another Plinth process. */
export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another Plinth process. Stop that process or set DATA_DIR to another folder.`,
    );
  }
}

// PostgreSQL sends bigint as text; our ids stay well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Opens the database and migrates it: PostgreSQL when a URL is given, else SQLite in the data
 * directory, held with an exclusive lock for the life of the process.
 */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openSqlite(options.dataDir);
}

async function openPostgres(connectionString: string): Promise<Database> {
  // A parallel plan costs its workers' start (about 20 ms on two cores) before the first row: the
  // planner counts it for pages and lookups only when they would be big (decision 0030).
  const pool = new pg.Pool({ connectionString, max: 10, options: '-c parallel_setup_cost=10000' });
  // An idle connection the server drops (a restart, a terminated backend) must not end the process:
  // the pool discards it and the next query opens a new one.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db as Kysely<unknown>, 'postgres');
  } catch (e) {
    await db.destroy();
    throw e;
  }
  return { db, engine: 'postgres', close: () => db.destroy() };
}

async function openSqlite(dataDir: string): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'plinth.sqlite');
  const sqlite = new SQLite(file, { timeout: 0 });
  try {
    // Exclusive locking mode keeps the lock from the first transaction until the process ends,
    // so a second process fails at once instead of writing beside us.
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.exec('BEGIN EXCLUSIVE; COMMIT;');
  } catch (e) {
    sqlite.close();
    if (e instanceof Error && 'code' in e && String(e.code).startsWith('SQLITE_BUSY'))
      throw new DataDirLockedError(dataDir);
    throw e;
  }
  registerStatistics(sqlite);
  sqlite.function('plinth_search_contains', { deterministic: true }, searchContains);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: preparedOnce(sqlite) }) });
  await migrateToLatest(db as Kysely<unknown>, 'sqlite');
  const upkeep = startSearchUpkeep(db as Kysely<unknown>);
  return {
    db,
    engine: 'sqlite',
    close: async () => {
      await upkeep.stop();
      await db.destroy();
    },
  };
}

/** How many prepared statements the SQLite connection keeps, the least recently used going first. */
const STATEMENTS_KEPT = 500;

/**
 * The SQLite connection as Kysely uses it, each SQL text prepared once: Kysely prepares every query
 * anew, which cost about a tenth of a report request's time. Kysely runs one query at a time on the
 * connection and reads each to the end at once, so a kept statement is never busy when asked for.
 */
function preparedOnce(sqlite: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = kept.get(text);
      if (statement) kept.delete(text);
      else {
        statement = sqlite.prepare(text);
        if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
      }
      kept.set(text, statement);
      return statement;
    },
  };
}

/**
 * PostgreSQL's variance and standard-deviation aggregates for SQLite, by Welford's method (stable
 * where the sum-of-squares formula loses precision on large values).
 */
function registerStatistics(sqlite: SQLite.Database): void {
  type State = { n: number; mean: number; m2: number };
  const step = (s: State, x: unknown) => {
    if (typeof x !== 'number') return s;
    const n = s.n + 1;
    const delta = x - s.mean;
    const mean = s.mean + delta / n;
    return { n, mean, m2: s.m2 + delta * (x - mean) };
  };
  const define = (name: string, result: (s: State) => number | null) =>
    sqlite.aggregate(name, { start: () => ({ n: 0, mean: 0, m2: 0 }), step, result });
  define('var_samp', (s) => (s.n > 1 ? s.m2 / (s.n - 1) : null));
  define('var_pop', (s) => (s.n > 0 ? s.m2 / s.n : null));
  define('stddev_samp', (s) => (s.n > 1 ? Math.sqrt(s.m2 / (s.n - 1)) : null));
  define('stddev_pop', (s) => (s.n > 0 ? Math.sqrt(s.m2 / s.n) : null));
}
