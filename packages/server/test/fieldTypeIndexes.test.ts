import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFieldIndexes, sqliteSortIndex } from '../src/data/fieldIndexes.js';
import { createReport, fieldColumn, runOk } from './reports/reportSupport.js';
import { defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * A field whose type changes gets the sort index of its new type (decision 0138): the old one
 * indexed the old expression, which no report of the new type reads, and on PostgreSQL a numeric
 * cast that a text value then fails, so no record could hold one.
 */
describe.each(engines)('a field changing type on %s', (engine) => {
  let t: TestApp;
  let typeId: number;
  let budget: number;
  let ids: number[];
  beforeAll(async () => {
    t = await startTestApp(engine);
    const defined = await defineType(t.admin, 'Project', [
      { name: 'Budget', script: 'budget', type: 'Number' },
    ]);
    typeId = defined.typeId;
    budget = defined.fieldIds.budget!;
    const put = await t.admin.put(
      [300, 20, 1].map((n, i) => ({ id: `new:${i}`, typeId, fields: { name: `P${i}`, budget: n } })),
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    ids = [0, 1, 2].map((i) => put.body.ids[`new:${i}`] as number);
  });
  afterAll(() => t?.close());

  /** The definitions of the field's sort indexes, as the database keeps them. */
  async function indexDefinition(): Promise<string> {
    const row =
      engine === 'sqlite'
        ? await sql<{ def: string }>`SELECT sql AS def FROM sqlite_master
            WHERE name IN (${sqliteSortIndex(budget, false)}, ${sqliteSortIndex(budget, true)})`.execute(
            t.services.db,
          )
        : await sql<{ def: string }>`SELECT indexdef AS def FROM pg_indexes
            WHERE indexname = ${`entities_t${t.tenantId}_f${budget}`}`.execute(t.services.db);
    return row.rows.map((r) => r.def).join('\n');
  }

  it('indexes its values as text once it is Text, and takes text that is no number', async () => {
    expect(await indexDefinition()).not.toMatch(/lower/);
    const retype = await t.admin.put([{ id: budget, fields: { fieldType: 'Text' } }]);
    expect(retype.status, JSON.stringify(retype.body)).toBe(200);
    const report = await createReport(t.admin, {
      rootTypeId: typeId,
      columns: [fieldColumn('budget', budget)],
      sorts: [{ columnId: 'budget', order: 'Ascending' }],
    });
    // Reading through the new schema makes its indexes.
    await runOk(t.admin, report);
    expect(await indexDefinition()).toMatch(/lower/);
    const write = await t.admin.put([{ id: ids[0]!, fields: { budget: 'about three hundred' } }]);
    expect(write.status, JSON.stringify(write.body)).toBe(200);
    expect((await t.admin.read(ids[0]!, 'budget')).body.budget).toBe('about three hundred');
    // Sorted as text now: '1' < '20' < 'about three hundred'.
    const page = await runOk(t.admin, report);
    expect(page.gdata.map((r: { eid: number }) => r.eid)).toEqual([ids[2], ids[1], ids[0]]);
  });

  it('renames a SQLite text index made before text and other values had one each', async () => {
    if (engine !== 'sqlite') return;
    const { fieldIds } = await defineType(t.admin, 'Lead', [
      { name: 'Source', script: 'source', type: 'Text' },
    ]);
    const source = fieldIds.source!;
    const db = t.services.db;
    // As an older server left it: the lower-cased expression under the plain name.
    const { schema } = await t.services.metaCache.get(db, t.tenantId);
    await sql.raw(`DROP INDEX IF EXISTS ${sqliteSortIndex(source, true)}`).execute(db);
    await sql
      .raw(
        `CREATE INDEX ${sqliteSortIndex(source, false)} ON entities (tenant_id, type_id, lower(json_extract(data, '$."${source}"')))`,
      )
      .execute(db);
    await ensureFieldIndexes(db, 'sqlite', t.tenantId, schema);
    const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master
      WHERE name IN (${sqliteSortIndex(source, false)}, ${sqliteSortIndex(source, true)})`.execute(db);
    expect(rows.map((r) => r.name)).toEqual([sqliteSortIndex(source, true)]);
  });

  it('finds by Contains the values a field held while it had another type', async () => {
    const { typeId: site, fieldIds } = await defineType(t.admin, 'Site', [
      { name: 'Code', script: 'code', type: 'Text' },
    ]);
    const code = fieldIds.code!;
    const put = await t.admin.put([{ id: 'new:a', typeId: site, fields: { name: 'A', code: '12' } }]);
    const a = put.body.ids['new:a'] as number;
    const report = await createReport(t.admin, {
      rootTypeId: site,
      columns: [fieldColumn('code', code)],
      conditions: [{ id: 'code', columnId: 'code' }],
    });
    const contains = async (value: string) =>
      (await runOk(t.admin, report, { conds: [{ expid: 'code', oper: 'Contains', value }] })).gdata.map(
        (r: { eid: number }) => r.eid,
      );
    // The first Contains makes SQLite's field text table.
    expect(await contains('12')).toEqual([a]);
    expect((await t.admin.put([{ id: code, fields: { fieldType: 'Number' } }])).status).toBe(200);
    const b = (await t.admin.put([{ id: 'new:b', typeId: site, fields: { name: 'B', code: 77 } }])).body.ids[
      'new:b'
    ] as number;
    expect((await t.admin.put([{ id: code, fields: { fieldType: 'Text' } }])).status).toBe(200);
    expect((await t.admin.read(b, 'code')).body.code).toBe('77');
    expect(await contains('77')).toEqual([b]);
    expect(await contains('12')).toEqual([a]);
  });
});
