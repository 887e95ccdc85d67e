import { setTimeout as sleep, setImmediate as yieldToRequests } from 'node:timers/promises';
import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';
import { statementsRun } from './groupCommit.js';
import { statisticsUpkeep } from './statistics.js';
import type { Engine } from './tables.js';

/** SQLite's full-text indexes (migrations 002 and 010). */
const INDEXES = ['entity_search', 'entity_search_ordered'] as const;
/** Pages of merged index a step writes: under 15 ms, so a write waits at most one (decision 0031). */
const PAGES_PER_STEP = 100;
/**
 * While other work uses the connection, a merge step is followed by a pause this many times its
 * own length: the merges then take at most a fifth of a busy server's time.
 */
const BUSY_PAUSE_FACTOR = 4;
/** How often the upkeep looks for work; a look after no write is one statement. */
const INTERVAL_MS = 1000;
/** Group partials kept across restarts (migration 018) not stored again for this long are removed. */
const KEPT_PARTIALS_MS = 30 * 24 * 3600_000;
/** How often the upkeep looks for such partials. */
const KEPT_PARTIALS_EVERY_MS = 3600_000;

/**
 * Further work a look of the upkeep does, after the database's; it should stop once `cancelled`.
 * A task that stops with work left for the next look answers true: a long task is cut into looks,
 * so the database's own work (the planner's statistics above all) never waits for it to end.
 */
export type UpkeepTask = (cancelled: () => boolean) => Promise<unknown>;

/** One look of the idle upkeep: what it does after writes, answering when done. */
export interface IdleUpkeep {
  /** Does the upkeep's work now, look after look until no task has work left (the bench, an import). */
  runNow(): Promise<void>;
  /** Adds work to every look, e.g. the file store's sweep (decision 0057), which keeps its own pace. */
  add(task: UpkeepTask): void;
  stop(): Promise<void>;
}

/**
 * The server's idle upkeep, one timer for the database's housekeeping. On SQLite it finishes the
 * search indexes' level merges and merges all into one segment once the others hold a tenth of the
 * largest (decision 0031); on both engines it then keeps the planner's statistics (decision 0044),
 * and removes group partials kept across restarts that nobody stored again for 30 days (0089).
 */
export function startIdleUpkeep(db: Kysely<unknown>, engine: Engine): IdleUpkeep {
  /** The look under way; it answers whether a task has work left. */
  let running: Promise<boolean> | undefined;
  let stopped = false;
  const statistics = statisticsUpkeep(db, engine);
  /** The connection's count of changed rows when the upkeep last finished (SQLite). */
  let doneAt: number | undefined;
  const tasks: UpkeepTask[] = [];
  let keptPartialsAt = 0;
  const databaseWork = async () => {
    if (Date.now() - keptPartialsAt > KEPT_PARTIALS_EVERY_MS) {
      keptPartialsAt = Date.now();
      await sql`DELETE FROM kept_partials WHERE saved_at < ${Date.now() - KEPT_PARTIALS_MS}`.execute(db);
    }
    if (engine === 'postgres') return statistics.keep(0, () => stopped);
    // Nothing written since (the process's one connection counts every change): nothing to do.
    const now = await totalChanges(db);
    if (now === doneAt && !statistics.pending()) return;
    const written = now - (doneAt ?? 0);
    await mergeSearchIndexes(db, () => stopped);
    await statistics.keep(written, () => stopped);
    // The upkeep's own writes (the merges) are not the requests'.
    doneAt = await totalChanges(db);
  };
  const tick = async () => {
    await databaseWork();
    let left = false;
    for (const task of tasks) if (!stopped && (await task(() => stopped)) === true) left = true;
    return left;
  };
  const look = () => {
    running ??= tick()
      .catch((error: unknown) => {
        if (!stopped) process.emitWarning(`Database upkeep failed: ${String(error)}`);
        return false;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!running && !stopped) void look();
  }, INTERVAL_MS);
  timer.unref();
  return {
    async runNow() {
      await running;
      while ((await look()) && !stopped);
    },
    add(task) {
      tasks.push(task);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Merges the search indexes as the upkeep does, in steps of their own statements so requests run
 * between them; stops early when `cancelled` answers true.
 */
export async function mergeSearchIndexes(db: Kysely<unknown>, cancelled = () => false): Promise<void> {
  for (const index of INDEXES) {
    // A positive step merges a level's segments; a negative one merges every segment into one.
    await mergeSteps(db, index, PAGES_PER_STEP, cancelled);
    const [largest = 0, ...others] = await segmentSizes(db, index);
    if (others.reduce((sum, n) => sum + n, 0) * 10 > largest)
      await mergeSteps(db, index, -PAGES_PER_STEP, cancelled);
  }
}

async function mergeSteps(
  db: Kysely<unknown>,
  index: (typeof INDEXES)[number],
  pages: number,
  cancelled: () => boolean,
): Promise<void> {
  while (!cancelled()) {
    const started = performance.now();
    const before = await totalChanges(db);
    await sql`INSERT INTO ${sql.table(index)} (${sql.ref(index)}, rank) VALUES ('merge', ${pages})`.execute(
      db,
    );
    // FTS5: a step that changed fewer than two rows found nothing left to merge.
    if ((await totalChanges(db)) - before < 2) return;
    await giveWay(db, performance.now() - started);
  }
}

/**
 * Lets requests run after a step of `stepMs`: the next step waits a turn of the event loop, and
 * when other statements ran in that turn, a pause of several steps' length. Stepping at every turn
 * put a step before every request of a busy server: after a spread, an index being merged whole
 * made each create of the bench wait 5 ms (decision 0031).
 */
export async function giveWay(db: object, stepMs: number): Promise<void> {
  const seen = statementsRun(db);
  await yieldToRequests();
  if (statementsRun(db) !== seen) await sleep(stepMs * BUSY_PAUSE_FACTOR);
}

/** The sizes of an index's segments, largest first, in entries of its page index. */
async function segmentSizes(db: Kysely<unknown>, index: (typeof INDEXES)[number]): Promise<number[]> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(`${index}_idx`)}
    GROUP BY segid ORDER BY n DESC`.execute(db);
  return rows.map((r) => Number(r.n));
}

/** The rows the process's one SQLite connection has changed since it opened. */
export async function totalChanges(db: QueryExecutorProvider): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT total_changes() AS n`.execute(db);
  return Number(rows[0]!.n);
}
