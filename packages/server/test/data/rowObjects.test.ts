import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/openDatabase.js';
import { rowObjects } from '../../src/db/rowObjects.js';
import { openScratchDatabase } from '../support/scratchDatabase.js';

describe('rowObjects', () => {
  it('makes an object per row with the columns as keys, in their order', () => {
    const toRow = rowObjects(['id', 'name', 'amount']);
    const row = toRow([1, 'Acme', null]);
    expect(row).toEqual({ id: 1, name: 'Acme', amount: null });
    expect(Object.keys(row)).toEqual(['id', 'name', 'amount']);
  });

  it('keeps any name a column may have, quotes and line breaks included', () => {
    const names = ['a"b', "it's", 'x\ny', 'back\\slash', '', '1st', 'sum(amount)', '\u2028'];
    const row = rowObjects(names)(names.map((_, i) => i));
    expect(Object.entries(row)).toEqual(names.map((name, i) => [name, i]));
  });

  it('keeps the last value of a name that comes twice, as better-sqlite3 does', () => {
    expect(rowObjects(['id', 'id'])([1, 2])).toEqual({ id: 2 });
  });

  it('makes __proto__ an own value, never the prototype', () => {
    const row = rowObjects(['__proto__', 'id'])([{ polluted: true }, 3]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toEqual({ polluted: true });
    expect((row as { polluted?: boolean }).polluted).toBeUndefined();
    expect(row.id).toBe(3);
  });
});

describe('rows read through the SQLite connection', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openScratchDatabase('rows');
  });
  afterAll(() => database.close());

  it('answers objects for reads, streams and RETURNING, and counts for writes', async () => {
    const db = database.db;
    await sql`CREATE TABLE row_check (id INTEGER PRIMARY KEY, label TEXT, "odd ""name""" REAL)`.execute(db);
    const inserted = await sql<{
      id: number;
      label: string;
    }>`INSERT INTO row_check (label, "odd ""name""") VALUES ('one', 1.5), ('two', NULL) RETURNING id, label`.execute(
      db,
    );
    expect(inserted.rows).toEqual([
      { id: 1, label: 'one' },
      { id: 2, label: 'two' },
    ]);
    const updated = await sql`UPDATE row_check SET label = 'uno' WHERE id = 1`.execute(db);
    expect(updated.numAffectedRows).toBe(1n);
    const read = await sql`SELECT id, label, "odd ""name""", id AS again FROM row_check ORDER BY id`.execute(
      db,
    );
    expect(read.rows).toEqual([
      { id: 1, label: 'uno', 'odd "name"': 1.5, again: 1 },
      { id: 2, label: 'two', 'odd "name"': null, again: 2 },
    ]);
    const checks = db as unknown as Kysely<{ row_check: { id: number; label: string } }>;
    const streamed: unknown[] = [];
    for await (const row of checks.selectFrom('row_check').select('label').orderBy('id').stream())
      streamed.push(row);
    expect(streamed).toEqual([{ label: 'uno' }, { label: 'two' }]);
  });

  it('answers the columns a kept SELECT * has after its table gains or loses one', async () => {
    const db = database.db;
    await sql`CREATE TABLE altered (id INTEGER PRIMARY KEY, label TEXT)`.execute(db);
    await sql`INSERT INTO altered (label) VALUES ('one')`.execute(db);
    const readAll = () => sql`SELECT * FROM altered`.execute(db).then((r) => r.rows);
    expect(await readAll()).toEqual([{ id: 1, label: 'one' }]);
    await sql`ALTER TABLE altered ADD COLUMN amount REAL DEFAULT 2.5`.execute(db);
    expect(await readAll()).toEqual([{ id: 1, label: 'one', amount: 2.5 }]);
    await sql`ALTER TABLE altered DROP COLUMN label`.execute(db);
    expect(await readAll()).toEqual([{ id: 1, amount: 2.5 }]);
  });
});
