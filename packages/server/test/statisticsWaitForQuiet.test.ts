import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/openDatabase.js';
import { statisticsUpkeep } from '../src/db/statistics.js';

let dir: string;
let database: Awaited<ReturnType<typeof openDatabase>>;
let db: Kysely<unknown>;

/** The rows of search_order as its statistics count them. */
async function analysedRows(): Promise<number> {
  const { rows } = await sql<{ stat: string }>`SELECT stat FROM sqlite_stat1
    WHERE tbl = 'search_order' AND idx = 'search_order_key'`.execute(db);
  return Number(rows[0]?.stat.split(' ')[0] ?? 0);
}

/** Adds positions `from`..`to` to search_order, a table the statistics upkeep analyses. */
async function addPositions(from: number, to: number): Promise<void> {
  for (let i = from; i <= to; i++)
    await sql`INSERT INTO search_order (pos, band, tenant_id, entity_id, sort_key)
      VALUES (${i}, 0, 1, ${i}, ${`k${i}`})`.execute(db);
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-statistics-'));
  database = await openDatabase({ dataDir: dir });
  // The test plays the upkeep's looks itself.
  await database.upkeep.stop();
  db = database.db as Kysely<unknown>;
  // Analysed at 100 rows, then doubled: short of the tenfold growth PRAGMA optimize acts on.
  await addPositions(1, 100);
  await sql`ANALYZE search_order`.execute(db);
  await addPositions(101, 200);
});

afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('statistics kept on SQLite', () => {
  it('analyses only once no request has run for a moment, as an analysis holds the connection', async () => {
    const statistics = statisticsUpkeep(db, 'sqlite');
    const busy = setInterval(() => void sql`SELECT 1`.execute(db), 5);
    try {
      await statistics.keep(10_000, () => false);
    } finally {
      clearInterval(busy);
    }
    expect(statistics.pending()).toBe(true);
    expect(await analysedRows()).toBe(100);
    await statistics.keep(0, () => false);
    expect(statistics.pending()).toBe(false);
    expect(await analysedRows()).toBe(200);
  });
});
