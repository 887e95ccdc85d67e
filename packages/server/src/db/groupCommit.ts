import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  SqliteDialect,
} from 'kysely';

/** A group commits once this many transactions have joined it, to bound their wait. */
const MAX_MEMBERS = 64;

/**
 * Kysely's SQLite dialect with group commit (decision 0149). The work that reaches the one
 * connection within a turn of the event loop runs in one open transaction, each transaction as a
 * savepoint in it, and the group commits in the loop's check phase, or once MAX_MEMBERS
 * transactions have joined: one sync of the log for all of them, and each hot page written once.
 * A transaction's `execute()` answers only once its group is durable, and fails if the commit
 * fails; one that rolls back undoes only its own savepoint. A statement outside a transaction runs
 * in the open group and may read what the group wrote: a reader takes a `durableMark()` before it
 * reads, and waits for the mark's `durable()` before what it read is shown to anyone (the HTTP
 * server before every answer, the job queue before it runs a job it took). A stream, and a statement that
 * cannot run inside a transaction (a pragma, a schema change), commit the group first. Kysely's
 * controlled transactions (`startTransaction`) are not grouped safely — their `commit()` answers
 * before the connection is let go — and Plinth does not use them: the driver has no savepoints
 * for them.
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #database: GroupCommitDatabase;
  #driver: GroupCommitDriver | undefined;

  constructor(database: GroupCommitDatabase) {
    super({ database });
    this.#database = database;
  }

  override createDriver(): Driver {
    this.#driver = new GroupCommitDriver(this.#database);
    return this.#driver;
  }

  /** The driver Kysely made (it does so when it is constructed). */
  get driver(): GroupCommitDriver | undefined {
    return this.#driver;
  }
}

const drivers = new WeakMap<object, GroupCommitDriver>();

/** Notes that `db` runs on `dialect`, for durableMark and statementsRun. */
export function useGroupCommit(db: object, dialect: GroupCommitSqliteDialect): void {
  if (!dialect.driver) throw new Error('The dialect has no driver yet: make the Kysely instance first.');
  drivers.set(db, dialect.driver);
}

/** What reads taken after a mark wait for before what they saw is shown or acted on. */
export interface DurableMark {
  /**
   * Settles once everything `db` has written so far is durable; fails if a group failed to commit
   * since the mark was taken, as what the reads saw may have been undone with it.
   */
  durable(): Promise<void>;
}

const nothingToWaitFor: DurableMark = { durable: async () => {} };

/** A mark to take before reads that may see an open group (see {@link DurableMark}). */
export function durableMark(db: object): DurableMark {
  const driver = drivers.get(db);
  if (!driver) return nothingToWaitFor;
  const failuresBefore = driver.failures;
  return {
    async durable() {
      await driver.whenDurable();
      if (driver.failures !== failuresBefore) throw driver.lastFailure;
    },
  };
}

/**
 * How many statements `db` has run, on a database with group commit (the upkeep's sign that others
 * are at work); undefined on others.
 */
export function statementsRun(db: object): number | undefined {
  return drivers.get(db)?.statementsRun;
}

/** Whether `db` commits in groups, so that what it reads may need a durableMark before it is shown. */
export function commitsInGroups(db: object): boolean {
  return drivers.has(db);
}

/** The connection the driver needs: Kysely's, and whether SQLite has a transaction open. */
export interface GroupCommitDatabase extends SqliteDatabase {
  inTransaction(): boolean;
}

/** The open transaction of a group and the holders waiting for its commit. */
class Group {
  members = 0;
  /** The loop turn the group began in is over: commit as soon as the connection is let go. */
  due = false;
  readonly durable: Promise<void>;
  resolve!: () => void;
  reject!: (error: unknown) => void;

  constructor() {
    this.durable = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // A group no holder waits for (its only member rolled back) must not raise an unhandled rejection.
    this.durable.catch(() => undefined);
  }
}

const memberSavepoint = 'plinth_member';
/** Statements that may run inside the group's transaction; any other commits the group first. */
const joinable = /^\s*(select|with|insert|update|delete|replace)\b/i;

export class GroupCommitDriver implements Driver {
  readonly #database: GroupCommitDatabase;
  readonly #connection: GroupConnection;
  readonly #mutex = new FifoMutex();
  #group: Group | undefined;
  /** The group the holder's transaction joined, whose commit it waits for when it lets go. */
  #joined: Group | undefined;
  /** Whether the holder of the connection is inside its transaction. */
  #inMember = false;
  /** The statements run through the connection so far. */
  statementsRun = 0;
  /** The groups that failed to commit so far, and the last one's error. */
  failures = 0;
  lastFailure: unknown;

  constructor(database: GroupCommitDatabase) {
    this.#database = database;
    this.#connection = new GroupConnection(database, {
      before: (text, streamed) => this.#beforeStatement(text, streamed),
      failed: (error) => this.#afterFailure(error),
    });
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  /** The open group's commit, if a group is open. */
  whenDurable(): Promise<void> | undefined {
    return this.#group?.durable;
  }

  async beginTransaction(): Promise<void> {
    const group = this.#openGroup();
    if (this.#joined !== group) {
      this.#joined = group;
      group.members++;
    }
    this.#run(`savepoint ${memberSavepoint}`);
    this.#inMember = true;
  }

  async commitTransaction(): Promise<void> {
    this.#run(`release ${memberSavepoint}`);
    this.#inMember = false;
  }

  async rollbackTransaction(): Promise<void> {
    this.#inMember = false;
    if (!this.#database.inTransaction()) {
      this.#afterFailure(new Error('The transaction was undone by SQLite.'));
      return;
    }
    this.#run(`rollback to ${memberSavepoint}`);
    this.#run(`release ${memberSavepoint}`);
  }

  async releaseConnection(): Promise<void> {
    const joined = this.#joined;
    this.#joined = undefined;
    const group = this.#group;
    if (group && (group.due || group.members >= MAX_MEMBERS)) this.#commit();
    this.#mutex.unlock();
    await joined?.durable;
  }

  async destroy(): Promise<void> {
    await this.#mutex.lock();
    this.#commit();
    this.#database.close();
  }

  #beforeStatement(text: string, streamed: boolean): void {
    this.statementsRun++;
    if (this.#inMember || !this.#group) return;
    // A stream's rows may go out as they are read, before any wait for the group.
    if (streamed || !joinable.test(text)) this.#commit();
  }

  #openGroup(): Group {
    if (this.#group) return this.#group;
    this.#run('begin');
    const group = new Group();
    this.#group = group;
    setImmediate(() => {
      if (this.#group !== group) return;
      // Between a holder's statements outside a transaction the group may commit; inside one, not.
      if (this.#inMember) group.due = true;
      else this.#commit();
    });
    return group;
  }

  /** Commits the open group, if any, and settles its members. */
  #commit(): void {
    const group = this.#group;
    if (!group) return;
    this.#group = undefined;
    try {
      this.#run('commit');
    } catch (error) {
      if (this.#database.inTransaction()) this.#run('rollback');
      this.#fail(group, error);
      return;
    }
    group.resolve();
  }

  #fail(group: Group, error: unknown): void {
    this.failures++;
    this.lastFailure = error;
    group.reject(error);
  }

  /**
   * After a failed statement: SQLite may have rolled the whole group back (a full disk, an I/O
   * error), and every member fails with the error.
   */
  #afterFailure(error: unknown): void {
    const group = this.#group;
    if (!group || this.#database.inTransaction()) return;
    this.#group = undefined;
    this.#fail(group, error);
  }

  #run(text: string): void {
    this.#database.prepare(text).run([]);
  }
}

/** The one SQLite connection, telling the driver of each statement before it runs and of failures. */
class GroupConnection implements DatabaseConnection {
  constructor(
    private readonly database: SqliteDatabase,
    private readonly driver: {
      before(text: string, streamed: boolean): void;
      failed(error: unknown): void;
    },
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    this.driver.before(compiledQuery.sql, false);
    try {
      const statement = this.database.prepare(compiledQuery.sql);
      const parameters = compiledQuery.parameters as unknown[];
      if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
      const { changes, lastInsertRowid } = statement.run(parameters);
      return Promise.resolve({
        numAffectedRows: changes == null ? undefined : BigInt(changes),
        insertId: lastInsertRowid == null ? undefined : BigInt(lastInsertRowid),
        rows: [],
      });
    } catch (error) {
      this.driver.failed(error);
      return Promise.reject(error);
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    this.driver.before(compiledQuery.sql, true);
    const statement = this.database.prepare(compiledQuery.sql);
    if (!statement.reader) throw new Error('Only a reading statement can be streamed.');
    for (const row of statement.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }
}

/** A lock taken in the order it was asked for. */
class FifoMutex {
  #held = false;
  readonly #queue: (() => void)[] = [];

  lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  unlock(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }
}
