import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/openDatabase.js';
import { statisticsUpkeep } from '../src/db/statistics.js';
import { openScratchDatabase } from './support/scratchDatabase.js';

let database: Database;
let db: Kysely<unknown>;

/** The rows of search_order as its statistics count them. */
async function analysedRows(): Promise<number> {
  const { rows } = await sql<{ stat: string }>`SELECT stat FROM sqlite_stat1
    WHERE tbl = 'search_order' AND idx = 'search_order_key'`.execute(db);
  return Number(rows[0]?.stat.split(' ')[0] ?? 0);
}

/** The rows of the tables the upkeep analyses, as their statistics count them (search_order's 100, the schema's). */
async function allAnalysedRows(): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT sum(n) AS n FROM (SELECT max(CAST(stat AS INTEGER)) AS n
    FROM sqlite_stat1 WHERE tbl IN ('entities', 'relationships', 'search_order') GROUP BY tbl)`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Keeps the statistics while a request runs every few milliseconds. */
async function keepWhileBusy(statistics: ReturnType<typeof statisticsUpkeep>, written: number) {
  const busy = setInterval(() => void sql`SELECT 1`.execute(db), 5);
  try {
    await statistics.keep(written, () => false);
  } finally {
    clearInterval(busy);
  }
}

/** Adds positions `from`..`to` to search_order, a table the statistics upkeep analyses. */
async function addPositions(from: number, to: number): Promise<void> {
  for (let i = from; i <= to; i++)
    await sql`INSERT INTO search_order (pos, band, tenant_id, entity_id, sort_key)
      VALUES (${i}, 0, 1, ${i}, ${`k${i}`})`.execute(db);
}

beforeEach(async () => {
  database = await openScratchDatabase('statistics');
  // The test plays the upkeep's looks itself.
  await database.upkeep.stop();
  db = database.db as Kysely<unknown>;
  // Analysed at 100 rows, then doubled: short of the tenfold growth PRAGMA optimize acts on.
  await addPositions(1, 100);
  await sql`ANALYZE search_order`.execute(db);
  await addPositions(101, 200);
});

afterEach(() => database.close());

describe('statistics kept on SQLite', () => {
  it('analyses only once no request has run for a moment, as an analysis holds the connection', async () => {
    const statistics = statisticsUpkeep(db, 'sqlite');
    // Rows written past a quarter of those analysed, short of two and a half times them.
    await keepWhileBusy(statistics, 50 + (await allAnalysedRows()));
    expect(statistics.pending()).toBe(true);
    expect(await analysedRows()).toBe(100);
    await statistics.keep(0, () => false);
    expect(statistics.pending()).toBe(false);
    expect(await analysedRows()).toBe(200);
  });

  it('analyses at once, busy or not, statistics far behind the tables (an import into a new type)', async () => {
    const statistics = statisticsUpkeep(db, 'sqlite');
    await keepWhileBusy(statistics, 60 + 3 * (await allAnalysedRows()));
    expect(statistics.pending()).toBe(false);
    expect(await analysedRows()).toBe(200);
  });

  it('runs an analysis waiting for a quiet moment at once when the rows written since pile up', async () => {
    const statistics = statisticsUpkeep(db, 'sqlite');
    const analysed = await allAnalysedRows();
    await keepWhileBusy(statistics, 50 + analysed);
    expect(statistics.pending()).toBe(true);
    await keepWhileBusy(statistics, 2 * analysed);
    expect(statistics.pending()).toBe(false);
    expect(await analysedRows()).toBe(200);
  });
});
