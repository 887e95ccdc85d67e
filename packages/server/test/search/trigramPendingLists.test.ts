import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureFieldIndexes } from '../../src/data/fieldIndexes.js';
import { GIN_PENDING_LIST_KB, up } from '../../src/db/migrations/022_gin_pending_lists.js';
import { defineType } from '../support/crmSchema.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * PostgreSQL's trigram indexes keep a short pending list (decision 0155): a search reads all of it,
 * and with the default 4 MB it read hundreds of pages after a few thousand writes.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('trigram indexes on PostgreSQL', () => {
  let t: TestApp;
  let fieldIndex: string;
  beforeAll(async () => {
    t = await startTestApp('postgres');
    const { fieldIds } = await defineType(t.admin, 'Note', [
      { name: 'Remark', script: 'remark', type: 'Text' },
    ]);
    const { schema } = await t.services.metaCache.get(t.services.db, t.tenantId);
    await ensureFieldIndexes(t.services.db, 'postgres', t.tenantId, schema);
    fieldIndex = `entities_t${t.tenantId}_f${fieldIds.remark}_trgm`;
  });
  afterAll(() => t?.close());

  const limitOf = async (index: string) => {
    const { rows } = await sql<{ options: string[] | null }>`SELECT reloptions AS options FROM pg_class
      WHERE relname = ${index}`.execute(t.services.db);
    expect(rows).toHaveLength(1);
    return rows[0]!.options;
  };
  const limited = [`gin_pending_list_limit=${GIN_PENDING_LIST_KB}`];

  it('the search index and a text field’s keep the short list', async () => {
    expect(await limitOf('entity_search_trgm')).toEqual(limited);
    expect(await limitOf(fieldIndex)).toEqual(limited);
  });

  it('indexes made before the limit take it when the database is upgraded', async () => {
    for (const index of ['entity_search_trgm', fieldIndex])
      await sql`ALTER INDEX ${sql.ref(index)} RESET (gin_pending_list_limit)`.execute(t.services.db);
    expect(await limitOf(fieldIndex)).toBeNull();
    await up(t.services.db as unknown as Kysely<unknown>, 'postgres');
    expect(await limitOf('entity_search_trgm')).toEqual(limited);
    expect(await limitOf(fieldIndex)).toEqual(limited);
  });
});
