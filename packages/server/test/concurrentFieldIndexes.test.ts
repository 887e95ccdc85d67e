import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureFieldIndexes } from '../src/data/fieldIndexes.js';
import { startTwoApps, type TwoApps } from './coherence/twoApps.js';
import { defineType } from './support/crmSchema.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * A new field's index is made by the first request that sees the field; on PostgreSQL two servers
 * (or two requests of one) see it together and both make it (decision 0052).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('field indexes made by two servers at once', () => {
  let w: TwoApps;
  beforeAll(async () => {
    w = await startTwoApps();
  });
  afterAll(() => w?.close());

  const newFieldWithoutIndex = async (key: string) => {
    const type = await defineType(w.t.admin, key, [{ name: 'Amount', script: 'amount', type: 'Currency' }]);
    const { schema } = await w.t.services.metaCache.get(w.t.services.db, w.t.tenantId);
    const index = `entities_t${w.t.tenantId}_f${type.fieldIds.amount}`;
    // As it is before any request has seen the field.
    await sql.raw(`DROP INDEX ${index}`).execute(w.t.services.db);
    return { schema, index };
  };
  const indexExists = async (index: string) =>
    (await sql`SELECT 1 FROM pg_indexes WHERE indexname = ${index}`.execute(w.t.services.db)).rows.length ===
    1;

  it('both succeed, and the index is there', async () => {
    for (let round = 0; round < 5; round++) {
      const { schema, index } = await newFieldWithoutIndex(`Race${round}`);
      const made = await Promise.allSettled([
        ensureFieldIndexes(w.t.services.db, 'postgres', w.t.tenantId, schema),
        ensureFieldIndexes(w.servicesB.db, 'postgres', w.t.tenantId, schema),
      ]);
      expect(made.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(await indexExists(index)).toBe(true);
    }
  });

  it('inside a transaction too, which goes on and commits', async () => {
    for (let round = 0; round < 3; round++) {
      const { schema, index } = await newFieldWithoutIndex(`InTx${round}`);
      const made = await Promise.allSettled([
        w.t.services.db.transaction().execute(async (tx) => {
          await ensureFieldIndexes(tx, 'postgres', w.t.tenantId, schema);
          return (await sql<{ n: number }>`SELECT 1 AS n`.execute(tx)).rows[0]!.n;
        }),
        ensureFieldIndexes(w.servicesB.db, 'postgres', w.t.tenantId, schema),
      ]);
      expect(made.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await indexExists(index)).toBe(true);
    }
  });
});
