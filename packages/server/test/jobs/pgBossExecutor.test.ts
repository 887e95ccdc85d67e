import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRules } from '../../src/jobs/leasedJobQueue.js';
import { PgBossJobStore, pgBossExecutor } from '../../src/jobs/pgBossJobQueue.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

/** As many queries at once as the app's pool has connections, so each of them is used. */
const everyConnection = (t: TestApp) =>
  Promise.all(
    Array.from({ length: 10 }, () =>
      sql<{ one: number }>`SELECT 1 AS one, pg_sleep(0.05)`.execute(t.services.db),
    ),
  );

describe.skipIf(!process.env.TEST_DATABASE_URL)("pg-boss's SQL on the app's pool", () => {
  let t: TestApp;
  const schema = `pgboss_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    t = await startTestApp('postgres');
  }, 30_000);
  afterAll(async () => {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(t.services.db);
    await t?.close();
  });

  it('a script that fails after its BEGIN leaves no connection in an aborted transaction', async () => {
    const boss = pgBossExecutor(t.services.db);
    await expect(boss.executeSql('BEGIN; SELECT 1/0; COMMIT;', [])).rejects.toThrow('division by zero');
    const answers = await everyConnection(t);
    expect(answers.map((a) => a.rows[0]?.one)).toEqual(Array(10).fill(1));
  });

  it('two processes installing the schema at once leave the pool healthy', async () => {
    const rules = defaultRules({});
    const stores = [1, 2].map(() => new PgBossJobStore(t.services.db, rules, { schema }));
    // Each installs pg-boss (one of the two loses the race, as pg-boss expects) and makes the queue.
    await Promise.all(stores.map((store) => store.prepare('race', rules)));
    const answers = await everyConnection(t);
    expect(answers.map((a) => a.rows[0]?.one)).toEqual(Array(10).fill(1));
    await Promise.all(stores.map((store) => store.close()));
  });
});
