import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropFieldIndexes, sqliteSortIndex } from '../src/data/fieldIndexes.js';
import { ensureFieldTextTable } from '../src/data/search/fieldTexts.js';
import { createReport, fieldColumn } from './reports/reportSupport.js';
import { defineType } from './support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Issue 19 item 5, decision 0107: changes to a field that holds data never lose it silently —
 * a tightened rule reports the records it breaks before it is saved, and deleting a field lists
 * what uses it and removes its values only once their count was confirmed.
 */
describe.each(engines)('field administration on %s', (engine) => {
  let t: TestApp;
  let typeId: number;
  let f: Record<string, number>;
  let ids: number[];
  let plain: Client;
  const base = '/spapi/data/v1/schema/field';

  beforeAll(async () => {
    t = await startTestApp(engine);
    const defined = await defineType(t.admin, 'Project', [
      { name: 'Code', script: 'code', type: 'Text' },
      { name: 'Budget', script: 'budget', type: 'Number' },
      { name: 'Notes', script: 'notes', type: 'Text' },
      { name: 'Spare', script: 'spare', type: 'Text' },
      {
        name: 'Double budget',
        script: 'doubleBudget',
        type: 'Calculation',
        fieldCalculation: '[Budget] * 2',
      },
    ]);
    typeId = defined.typeId;
    f = defined.fieldIds;
    const rows = [
      { code: 'ALPHA-LONG-CODE', budget: 500, notes: 'a' },
      { code: 'B', budget: 50, notes: 'b' },
      { code: 'GAMMA-LONGER-CODE', budget: null, notes: 'c' },
    ];
    const put = await t.admin.put(
      rows.map((fields, i) => ({ id: `new:${i}`, typeId, fields: { name: `P${i}`, ...fields } })),
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    ids = rows.map((_, i) => put.body.ids[`new:${i}`]);
    await createReport(
      t.admin,
      { rootTypeId: typeId, columns: [fieldColumn('code', f.code!)] },
      'Projects by code',
    );
    await t.addUser('plain', []);
    plain = await t.login('plain');
  });
  afterAll(() => t?.close());

  it('reports the records a tightened rule breaks, with examples, before anything is saved', async () => {
    const res = await t.admin.post(`${base}/${f.code}/impact`, { fields: { maxLength: 5 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      valueCount: 3,
      broken: { count: 2, examples: ['ALPHA-LONG-CODE', 'GAMMA-LONGER-CODE'] },
      missing: 0,
      typeChanged: false,
    });
    const range = await t.admin.post(`${base}/${f.budget}/impact`, {
      fields: { maxInt: 100, isRequired: true },
    });
    expect(range.body).toMatchObject({ valueCount: 2, broken: { count: 1, examples: ['500'] }, missing: 1 });
    const retype = await t.admin.post(`${base}/${f.code}/impact`, { fields: { fieldType: 'Number' } });
    expect(retype.body).toMatchObject({ broken: { count: 3 }, typeChanged: true });
    // Nothing was changed by asking.
    expect((await t.admin.read(f.code!, 'maxLength')).body.maxLength ?? null).toBeNull();
  });

  it('lists the reports and calculations using a field, and refuses to delete it', async () => {
    const usage = await t.admin.get(`${base}/${f.budget}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({
      calculations: [{ id: f.doubleBudget, name: 'Project › Double budget' }],
      reports: [],
      valueCount: 2,
    });
    const code = await t.admin.get(`${base}/${f.code}/usage`);
    expect(code.body.reports.map((r: { name: string }) => r.name)).toEqual(['Projects by code']);
    const refused = await t.admin.post(`${base}/${f.code}/delete`, { valueCount: 3 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'The field is used and cannot be deleted. Reports: Projects by code.',
    );
  });

  it('deletes a field with the values whose count the user confirmed, and only then', async () => {
    const stale = await t.admin.post(`${base}/${f.notes}/delete`, { valueCount: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(
      'The field now has values in 3 records, not 2. Check again before deleting.',
    );
    // A plain delete would leave the values behind: refused.
    const plainDelete = await t.admin.put([], [f.notes!]);
    expect(plainDelete.status).toBe(409);
    expect(plainDelete.body.error.message).toContain("The field 'Notes' still has values in 3 records.");

    const done = await t.admin.post(`${base}/${f.notes}/delete`, { valueCount: 3 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ deleted: f.notes, valueCount: 3 });
    const record = await t.admin.read(ids[0]!);
    expect(record.status).toBe(200);
    expect(record.body).not.toHaveProperty('notes');
    expect(
      (await t.admin.get(`/spapi/data/v1/schema/type/${typeId}`)).body.fields.map(
        (x: { scriptName: string }) => x.scriptName,
      ),
    ).not.toContain('notes');
    // A field without values goes with a plain delete as before.
    expect((await t.admin.put([], [f.spare!])).status).toBe(200);
  });

  /** A Text field's report indexes: its sort index (and trigram index or field text table). */
  async function indexesOf(fieldId: number): Promise<string[]> {
    const named =
      engine === 'sqlite'
        ? sql<{ name: string }>`SELECT name FROM sqlite_master
            WHERE name IN (${sqliteSortIndex(fieldId, true)}, ${`field_text_t${t.tenantId}_f${fieldId}`})`
        : sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
            WHERE indexname IN (${`entities_t${t.tenantId}_f${fieldId}`}, ${`entities_t${t.tenantId}_f${fieldId}_trgm`})`;
    return (await named.execute(t.services.db)).rows.map((r) => r.name).sort();
  }

  it('drops a deleted field’s report indexes, through the confirmed delete and a plain one', async () => {
    const defined = await defineType(t.admin, 'Task', [
      { name: 'Summary', script: 'summary', type: 'Text' },
      { name: 'Aside', script: 'aside', type: 'Text' },
    ]);
    const { summary, aside } = defined.fieldIds as { summary: number; aside: number };
    const put = await t.admin.put([
      { id: 'new:1', typeId: defined.typeId, fields: { name: 'T1', summary: 'Ship it' } },
    ]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // SQLite makes a field's text table on the first Contains on it.
    if (engine === 'sqlite')
      for (const id of [summary, aside]) await ensureFieldTextTable(t.services.db, t.tenantId, id);
    expect(await indexesOf(summary)).toHaveLength(2);
    expect(await indexesOf(aside)).toHaveLength(2);

    const done = await t.admin.post(`${base}/${summary}/delete`, { valueCount: 1 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await indexesOf(summary)).toEqual([]);
    expect((await t.admin.put([], [aside])).status).toBe(200);
    expect(await indexesOf(aside)).toEqual([]);
  });

  it('keeps the SQLite sort index another tenant’s field of the same id still uses', async () => {
    if (engine !== 'sqlite') return;
    const other = await t.addTenant('fields-elsewhere');
    const theirs = (
      await defineType(other.admin, 'Lead', [{ name: 'Source', script: 'source', type: 'Text' }])
    ).fieldIds.source!;
    // This tenant deleting a field of that id (ids are per tenant) leaves the other's index.
    await dropFieldIndexes(t.services.db, 'sqlite', t.tenantId, theirs);
    expect(await indexesOf(theirs)).toEqual([sqliteSortIndex(theirs, true)]);
  });

  it('is for administrators, and never for catalogue fields', async () => {
    expect((await plain.get(`${base}/${f.code}/usage`)).status).toBe(403);
    expect((await plain.post(`${base}/${f.code}/delete`, { valueCount: 3 })).status).toBe(403);
    expect((await t.admin.get(`${base}/100/usage`)).status).toBe(404);
    expect((await t.admin.post(`${base}/${f.code}/impact`, { fields: {}, extra: 1 })).status).toBe(400);
  });
});
