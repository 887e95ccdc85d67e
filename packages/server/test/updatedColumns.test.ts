import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from './support/crmSchema.js';
import { startTestApp, type TestApp } from './support/testApp.js';

/**
 * An update writes only the record's columns that changed: SQLite rewrites the entries of every
 * index on a column an UPDATE writes, whether or not its value changed, and each field's index
 * parses the values. Temporary triggers on the test's one connection see which columns were written.
 */
describe('the columns an update writes, on sqlite', () => {
  let t: TestApp;
  let item: number;
  const columns = ['name', 'alias', 'data', 'owner_id'];

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    item = (await defineType(t.admin, 'Item', [{ name: 'Note', script: 'note', type: 'Text' }])).typeId;
    await sql`CREATE TEMP TABLE written (col TEXT)`.execute(t.services.db);
    for (const col of columns)
      await sql
        .raw(`CREATE TEMP TRIGGER written_${col} AFTER UPDATE OF ${col} ON main.entities
          BEGIN INSERT INTO written VALUES ('${col}'); END`)
        .execute(t.services.db);
  });
  afterAll(() => t.close());

  /** The columns written by the put of `fields` to the record, and the record after it. */
  const put = async (id: number, fields: Record<string, unknown>) => {
    await sql`DELETE FROM written`.execute(t.services.db);
    const res = await t.admin.put([{ id, fields }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { rows } = await sql<{ col: string }>`SELECT col FROM written ORDER BY col`.execute(t.services.db);
    return { written: rows.map((r) => r.col), stored: (await t.admin.read(id, 'name, note')).body };
  };

  it('writes the values alone when a value changes, the name alone when the name does', async () => {
    const created = await t.admin.put([
      { id: 'new:a', typeId: item, fields: { name: 'Anvil', note: 'one' } },
    ]);
    const id = created.body.ids['new:a'] as number;
    expect(await put(id, { note: 'two' })).toMatchObject({
      written: ['data'],
      stored: { name: 'Anvil', note: 'two', version: 2 },
    });
    expect(await put(id, { name: 'Big anvil' })).toMatchObject({
      written: ['name'],
      stored: { name: 'Big anvil', note: 'two', version: 3 },
    });
    expect(await put(id, { name: 'Anvil', note: 'three' })).toMatchObject({
      written: ['data', 'name'],
      stored: { name: 'Anvil', note: 'three', version: 4 },
    });
    // The same values again: no column but the version and the time of the change.
    expect(await put(id, { name: 'Anvil', note: 'three' })).toMatchObject({
      written: [],
      stored: { name: 'Anvil', note: 'three', version: 5 },
    });
    expect(await put(id, { note: null })).toMatchObject({
      written: ['data'],
      stored: { name: 'Anvil', version: 6 },
    });
  });
});
