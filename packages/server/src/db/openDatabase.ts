import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteStatement } from 'kysely';
import { registerChunkVersions } from './chunkVersions.js';
import { type GroupCommitDatabase, GroupCommitSqliteDialect, useGroupCommit } from './groupCommit.js';
import { type IdleUpkeep, startIdleUpkeep } from './idleUpkeep.js';
import { migrateToLatest } from './migrate.js';
import { preparingClient } from './preparedPg.js';
import { statementRowObjects } from './rowObjects.js';
import { searchContains } from './searchFold.js';
import {
  boundSqliteReads,
  defaultStatementTimeoutMs,
  type StatementClock,
  timedReadSql,
} from './statementTimeout.js';
import { optimizeOnOpen } from './statistics.js';
import type { Db, Engine, Tables } from './tables.js';

export interface Database {
  db: Db;
  engine: Engine;
  /** The idle upkeep: search index merges and the planner's statistics (decisions 0031, 0044). */
  upkeep: IdleUpkeep;
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

/**
 * Opens the database and migrates it: PostgreSQL when a URL is given, else SQLite in the data
 * directory, held with an exclusive lock for the life of the process.
 */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** The longest one statement may run, in ms (PLINTH_STATEMENT_TIMEOUT_MS); 10 s unless given. */
  statementTimeoutMs?: number;
}): Promise<Database> {
  const timeoutMs = options.statementTimeoutMs ?? defaultStatementTimeoutMs;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, timeoutMs);
  return openSqlite(options.dataDir, timeoutMs);
}

async function openPostgres(connectionString: string, timeoutMs: number): Promise<Database> {
  // Loaded only for PostgreSQL, as the job queue's pg-boss is (decision 0134).
  const { default: pg } = await import('pg');
  // PostgreSQL sends bigint as text; our ids stay well inside Number's safe range.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  // Migrations run on their own connection, without the statement timeout of requests: an index
  // built over a big table may take longer than a request may.
  const migrator = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max: 1 }) }),
  });
  try {
    await migrateToLatest(migrator, 'postgres');
  } finally {
    await migrator.destroy();
  }
  // A parallel plan costs its workers' start (about 20 ms on two cores) before the first row: the
  // planner counts it for pages and lookups only when they would be big (decision 0030). A random
  // page read costs little more than a sequential one on an SSD or from the cache: at the default
  // (4) a Contains term scanned 20,000 search documents rather than use the trigram index, 30-140 ms
  // in place of 1-5 (decision 0060). No statement runs longer than the timeout (issue 14);
  // PostgreSQL cancels it with SQLSTATE 57014.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    Client: preparingClient(pg.Client),
    options: `-c parallel_setup_cost=10000 -c random_page_cost=1.1 -c statement_timeout=${Math.floor(timeoutMs)}`,
  });
  // An idle connection the server drops (a restart, a terminated backend) must not end the process:
  // the pool discards it and the next query opens a new one.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  const upkeep = startIdleUpkeep(db as Kysely<unknown>, 'postgres');
  return {
    db,
    engine: 'postgres',
    upkeep,
    close: async () => {
      await upkeep.stop();
      await db.destroy();
    },
  };
}

async function openSqlite(dataDir: string, timeoutMs: number): Promise<Database> {
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
  registerChunkVersions(sqlite);
  const clock = boundSqliteReads(sqlite, timeoutMs);
  const dialect = new GroupCommitSqliteDialect(preparedOnce(sqlite, clock));
  const db = new Kysely<Tables>({ dialect });
  useGroupCommit(db, dialect);
  await migrateToLatest(db as Kysely<unknown>, 'sqlite');
  await optimizeOnOpen(db as Kysely<unknown>);
  const upkeep = startIdleUpkeep(db as Kysely<unknown>, 'sqlite');
  return {
    db,
    engine: 'sqlite',
    upkeep,
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
 * Reads go through the timed views and every statement runs under the clock's deadline.
 */
function preparedOnce(sqlite: SQLite.Database, clock: StatementClock): GroupCommitDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    inTransaction: () => sqlite.inTransaction,
    prepare(text: string) {
      let statement = kept.get(text);
      if (statement) kept.delete(text);
      else {
        statement = timed(sqlite.prepare(clock.timeoutMs > 0 ? timedReadSql(text) : text), clock);
        if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
      }
      kept.set(text, statement);
      return statement;
    },
  };
}

/**
 * A prepared statement whose every run is under the statement clock. A reading statement answers
 * its rows raw and they become objects in JavaScript (rowObjects, decision 0143).
 */
function timed(statement: SQLite.Statement, clock: StatementClock): SqliteStatement {
  const toObject = statement.reader ? statementRowObjects(statement) : undefined;
  if (toObject) statement.raw(true);
  const objects = (rows: unknown[]) => {
    if (toObject) for (let i = 0; i < rows.length; i++) rows[i] = toObject(rows[i] as unknown[]);
    return rows;
  };
  return {
    reader: statement.reader,
    all: (parameters) => clock.run(() => objects(statement.all(parameters))),
    run: (parameters) => clock.run(() => statement.run(parameters)),
    iterate(parameters) {
      const rows = statement.iterate(parameters);
      return {
        next: () =>
          clock.run(() => {
            const next = rows.next();
            return next.done || !toObject ? next : { done: false, value: toObject(next.value as unknown[]) };
          }),
        return: (value?: unknown) => rows.return?.(value) ?? { done: true, value: undefined },
        [Symbol.iterator]() {
          return this;
        },
      } as IterableIterator<unknown>;
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
