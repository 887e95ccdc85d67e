import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maxPreparedPerConnection, planPerRun, preparingClient } from '../src/db/preparedPg.js';

const url = process.env.TEST_DATABASE_URL;

/** PostgreSQL statements asked again are prepared once per connection (decision 0157). */
describe.skipIf(!url)('prepared statements on PostgreSQL', () => {
  let client: pg.Client;
  beforeEach(async () => {
    const Client = preparingClient(pg.Client);
    client = new Client({ connectionString: url });
    await client.connect();
  });
  afterEach(() => client.end());

  const prepared = async () =>
    (await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map(
      (r) => r.statement,
    );
  const square = 'SELECT $1::int * $1::int AS n';

  it('prepares a text asked a second time, and answers each ask with its own values', async () => {
    expect((await client.query(square, [3])).rows).toEqual([{ n: 9 }]);
    expect(await prepared()).toEqual([]);
    expect((await client.query(square, [4])).rows).toEqual([{ n: 16 }]);
    expect(await prepared()).toEqual([square]);
    expect((await client.query(square, [5])).rows).toEqual([{ n: 25 }]);
    expect(await prepared()).toEqual([square]);
  });

  it('leaves statements without values unprepared', async () => {
    for (let i = 0; i < 3; i++) await client.query('SELECT 1 AS one', []);
    expect(await prepared()).toEqual([]);
  });

  it('plans a marked statement, or one matching a pattern, on every run', async () => {
    const marked = `SELECT ${planPerRun}$1::int AS n`;
    const pattern = "SELECT 'plinth' ILIKE $1 AS matches";
    for (let i = 0; i < 3; i++) {
      expect((await client.query(marked, [i])).rows).toEqual([{ n: i }]);
      expect((await client.query(pattern, ['%lin%'])).rows).toEqual([{ matches: true }]);
    }
    expect(await prepared()).toEqual([]);
  });

  it('keeps at most its limit of statements on a connection', async () => {
    const texts = Array.from(
      { length: maxPreparedPerConnection + 20 },
      (_, i) => `SELECT $1::int + ${i} AS n`,
    );
    for (const text of texts) await client.query(text, [1]);
    for (const [i, text] of texts.entries())
      expect((await client.query(text, [1])).rows).toEqual([{ n: 1 + i }]);
    const held = await prepared();
    expect(held.length).toBeLessThanOrEqual(maxPreparedPerConnection);
    expect(held).toContain(texts.at(-1));
    // Those deallocated are prepared anew when asked again.
    expect((await client.query(texts[0]!, [2])).rows).toEqual([{ n: 2 }]);
    expect(await prepared()).toContain(texts[0]);
  });

  it('goes on after a statement fails, in a transaction and out of it', async () => {
    const divide = 'SELECT 10 / $1::int AS n';
    await client.query(divide, [5]);
    await client.query(square, [1]);
    // Each asked a second time in the transaction: prepared there, then refused.
    await client.query('BEGIN');
    await expect(client.query(divide, [0])).rejects.toThrow(/division by zero/);
    await expect(client.query(square, [2])).rejects.toThrow(/aborted/);
    await client.query('ROLLBACK');
    expect((await client.query(divide, [2])).rows).toEqual([{ n: 5 }]);
    expect((await client.query(square, [6])).rows).toEqual([{ n: 36 }]);
    expect((await client.query(square, [7])).rows).toEqual([{ n: 49 }]);
  });
});
