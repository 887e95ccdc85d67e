import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';
import { statementsRun } from './groupCommit.js';
import type { Engine } from './tables.js';

/**
 * The tables whose statistics the planner needs to choose a report's plan, and that grow with the
 * records: the records, their links, and (SQLite) the quick search's name order.
 */
const SQLITE_TABLES = ['entities', 'relationships', 'search_order'] as const;
const POSTGRES_TABLES = ['entities', 'relationships', 'entity_search'] as const;

/**
 * The share of rows changed since the last analysis past which a table is analysed again, as
 * PostgreSQL's autovacuum does (`autovacuum_analyze_scale_factor`, 0.1, plus a threshold of 50).
 */
const SHARE = 0.1;
const THRESHOLD = 50;
/**
 * SQLite counts rows written in every table: a record put writes 10–20 (the record, its links, its
 * two search documents, its place in name order, change markers) for about 4 rows of the analysed
 * tables. A quarter of those tables' rows written is about a tenth of the records.
 */
const SQLITE_SHARE = 0.25;
/**
 * A table's analysis is one statement that holds SQLite's one connection: 0.2–0.8 s for the records
 * of 100,000. It waits for this long without another statement, at most {@link ANALYSIS_WAIT_MS}.
 */
const QUIET_MS = 100;
/** The longest an analysis waits for a quiet moment: a server never quiet still keeps statistics. */
const ANALYSIS_WAIT_MS = 5 * 60_000;
/**
 * Rows written, as a share of the rows analysed, past which an analysis waits for nothing: about as
 * many records written as the tables held, or statistics never taken. Statistics that far behind
 * (an import into a new type, counted when the tables held the schema alone) have a grouped read
 * walk every record of the type by its index instead of the thousand ids of a chunk by key: 70 ms
 * in place of 5, at every read until the analysis, where the analysis holds the connection once.
 */
const SQLITE_URGENT_SHARE = 2.5;

/**
 * SQLite's statistics when the database opens (decision 0044): `PRAGMA optimize=0x10002` analyses
 * every table that has an index never analysed (a database written before statistics were kept,
 * or whose tables were empty at their last analysis) or that grew or shrank tenfold since.
 */
export async function optimizeOnOpen(db: Kysely<unknown>): Promise<void> {
  await sql`PRAGMA optimize=0x10002`.execute(db);
  await keepAveragesOnly(db);
}

/**
 * SQLite's analysis keeps, beside each index's averages (`sqlite_stat1`), samples of its values
 * (`sqlite_stat4`, compiled into better-sqlite3). With samples, a kept statement whose bound value
 * the planner looked up in them is planned again on its next run after any value is bound, that
 * is at every run: about 20 µs a statement, an eighth of a repeated report page (decision 0145).
 * The samples are dropped after each analysis, so plans come from the averages and kept
 * statements stay planned; the statistics are read again only when samples were there.
 */
export async function keepAveragesOnly(db: QueryExecutorProvider): Promise<void> {
  // The table is there once something was analysed.
  const made = await sql`SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat4'`.execute(db);
  if (made.rows.length === 0) return;
  const sampled = await sql`SELECT 1 FROM sqlite_stat4 LIMIT 1`.execute(db);
  if (sampled.rows.length === 0) return;
  await sql`DELETE FROM sqlite_stat4`.execute(db);
  await sql`ANALYZE sqlite_schema`.execute(db);
}

/** What the statistics upkeep knows between two looks. */
export interface StatisticsUpkeep {
  /**
   * Called by the idle upkeep (db/idleUpkeep) with the rows written by requests since its
   * last look (SQLite; PostgreSQL counts its own): analyses what those writes made stale, in steps
   * of a table so requests run between them. Stops early when `cancelled` answers true.
   */
  keep(written: number, cancelled: () => boolean): Promise<void>;
  /** Whether analyses are due that wait for a quiet moment (SQLite), so the next look calls keep. */
  pending(): boolean;
}

/** The statistics upkeep of an engine's database. */
export function statisticsUpkeep(db: Kysely<unknown>, engine: Engine): StatisticsUpkeep {
  return engine === 'sqlite' ? sqliteUpkeep(db) : postgresUpkeep(db);
}

/**
 * The connection's count of rows written stands for SQLite's missing count per table: past a quarter
 * of the growing tables' rows they are analysed again, a table a step, each once no other statement
 * ran for {@link QUIET_MS} (or it waited {@link ANALYSIS_WAIT_MS}, or the rows written passed
 * {@link SQLITE_URGENT_SHARE} of them); then `PRAGMA optimize` does the rest, which alone reanalyses
 * only tables grown tenfold (decision 0044).
 */
function sqliteUpkeep(db: Kysely<unknown>): StatisticsUpkeep {
  let writtenSinceAnalysis = 0;
  /** The tables whose analysis is due, and since when. */
  let due: string[] = [];
  let dueSince = 0;
  /** Whether the due analyses run at once, without waiting for a quiet moment. */
  let urgent = false;
  return {
    async keep(written, cancelled) {
      writtenSinceAnalysis += written;
      // Rows written while analyses wait count too: an import may make them urgent.
      if (written > 0 && !urgent) {
        const rows = await sqliteAnalysedRows(db);
        if (due.length === 0 && writtenSinceAnalysis > THRESHOLD + SQLITE_SHARE * rows) {
          due = [...SQLITE_TABLES];
          dueSince = Date.now();
        }
        urgent = due.length > 0 && writtenSinceAnalysis > THRESHOLD + SQLITE_URGENT_SHARE * rows;
      }
      let analysed = false;
      while (due.length > 0 && !cancelled()) {
        if (!urgent && Date.now() - dueSince < ANALYSIS_WAIT_MS && !(await quiet(db))) break;
        await sql`ANALYZE ${sql.table(due[0]!)}`.execute(db);
        // Before any request plans on the samples the analysis left.
        await keepAveragesOnly(db);
        due.shift();
        analysed = true;
        if (due.length === 0) {
          writtenSinceAnalysis = 0;
          urgent = false;
        }
      }
      // While analyses wait, PRAGMA optimize would analyse the same tables on a sample of their rows
      // (a tenant's records counted as a tenth of themselves): it waits for them.
      if (due.length > 0 || cancelled() || (written === 0 && !analysed)) return;
      await sql`PRAGMA optimize`.execute(db);
      await keepAveragesOnly(db);
    },
    pending: () => due.length > 0,
  };
}

/** Whether no statement but the upkeep's ran on `db` for {@link QUIET_MS}. */
async function quiet(db: Kysely<unknown>): Promise<boolean> {
  const seen = statementsRun(db);
  await sleep(QUIET_MS);
  return statementsRun(db) === seen;
}

/** The rows of the tables that grow with the records, as their last analysis counted them. */
async function sqliteAnalysedRows(db: Kysely<unknown>): Promise<number> {
  // The first number of an index's statistics is its table's rows (for a partial index, its own).
  const { rows } = await sql<{ n: number | null }>`SELECT sum(n) AS n FROM (
      SELECT max(CAST(stat AS INTEGER)) AS n FROM sqlite_stat1
      WHERE tbl IN (${sql.join([...SQLITE_TABLES])}) GROUP BY tbl)`
    .execute(db)
    .catch(() => ({ rows: [{ n: 0 }] })); // no sqlite_stat1 yet: nothing analysed
  return Number(rows[0]?.n ?? 0);
}

/**
 * Autovacuum's rule for vacuuming a table (`autovacuum_vacuum_insert_threshold` and `_threshold`,
 * both with a scale factor of 0.2): rows inserted, or dead, since its last vacuum.
 */
const VACUUM_INSERTED = 1000;
const VACUUM_DEAD = 50;
const VACUUM_SHARE = 0.2;

/**
 * PostgreSQL counts the rows changed in each table since its last analysis and vacuum. Autovacuum
 * keeps a table once they pass its rules, but only at its next look (a minute apart by default;
 * never when it is turned off): after a bulk load the upkeep analyses the table at once, by the
 * same rule, and vacuums it by autovacuum's (decision 0156). A vacuum marks the table's pages all
 * visible, so an index-only scan of the links reads no rows, and merges the trigram index's
 * pending list, which every search reads. Autovacuum keeps the other tables.
 */
function postgresUpkeep(db: Kysely<unknown>): StatisticsUpkeep {
  return {
    async keep(_written, cancelled) {
      const { rows } = await sql<{
        relname: string;
        analysis_due: boolean;
        vacuum_due: boolean;
      }>`SELECT * FROM (
          SELECT s.relname,
            s.n_mod_since_analyze > ${THRESHOLD} + ${SHARE} * greatest(c.reltuples, 0) AS analysis_due,
            (s.n_ins_since_vacuum > ${VACUUM_INSERTED} + ${VACUUM_SHARE} * greatest(c.reltuples, 0)
              OR s.n_dead_tup > ${VACUUM_DEAD} + ${VACUUM_SHARE} * greatest(c.reltuples, 0)) AS vacuum_due
          FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
          WHERE s.schemaname = current_schema() AND s.relname IN (${sql.join([...POSTGRES_TABLES])})
        ) due WHERE analysis_due OR vacuum_due`.execute(db);
      for (const { relname, analysis_due, vacuum_due } of rows) {
        if (cancelled()) return;
        const table = sql.table(relname);
        if (!vacuum_due) {
          await sql`ANALYZE ${table}`.execute(db);
          continue;
        }
        // A vacuum reads the table's pages not yet all visible: on a large table, longer than the
        // statements of requests may take.
        await db.connection().execute(async (connection) => {
          await sql`SET statement_timeout = 0`.execute(connection);
          try {
            await sql`VACUUM ${analysis_due ? sql`(ANALYZE) ` : sql``}${table}`.execute(connection);
          } finally {
            await sql`RESET statement_timeout`.execute(connection);
          }
        });
      }
    },
    // PostgreSQL analyses in its own processes: nothing waits for a quiet moment.
    pending: () => false,
  };
}
