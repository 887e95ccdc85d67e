import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteSortIndex } from '../src/data/fieldIndexes.js';
import { createReport, fieldColumn, runOk } from './reports/reportSupport.js';
import { defineType } from './support/crmSchema.js';
import { startTestApp, type TestApp } from './support/testApp.js';

/**
 * A field's SQLite sort index is analysed when it is made (decision 0139). Left without statistics
 * beside analysed ones, its leading tenant column reads to the planner as if it picked out a few
 * rows, so reads of the tenant's records went through it: a page of 50 took 2.4 s at 100,000
 * records until the idle upkeep next analysed.
 */
describe('a new field on a database with statistics, on sqlite', () => {
  let t: TestApp;
  let typeId: number;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    ({ typeId } = await defineType(t.admin, 'Project', [
      { name: 'Budget', script: 'budget', type: 'Number' },
    ]));
    const put = await t.admin.put(
      Array.from({ length: 20 }, (_, i) => ({
        id: `new:${i}`,
        typeId,
        fields: { name: `P${i}`, budget: i },
      })),
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // As the idle upkeep leaves it after writes (decision 0044).
    await sql`ANALYZE`.execute(t.services.db);
  });
  afterAll(() => t?.close());

  it('has its sort index analysed before any report reads through it', async () => {
    const { typeId: laterType, fieldIds } = await defineType(t.admin, 'Lead', [
      { name: 'Region', script: 'region', type: 'Text' },
      { name: 'Score', script: 'score', type: 'Number' },
    ]);
    const report = await createReport(t.admin, {
      rootTypeId: laterType,
      columns: [fieldColumn('region', fieldIds.region!), fieldColumn('score', fieldIds.score!)],
    });
    await runOk(t.admin, report);
    const indexes = [sqliteSortIndex(fieldIds.region!, true), sqliteSortIndex(fieldIds.score!, false)];
    const { rows } = await sql<{ idx: string; stat: string }>`SELECT idx, stat FROM sqlite_stat1
      WHERE idx IN (${sql.join(indexes)})`.execute(t.services.db);
    expect(rows.map((r) => r.idx).sort()).toEqual([...indexes].sort());
    // Its statistics count the records it holds, as the others' do.
    for (const r of rows) expect(Number(r.stat.split(' ')[0])).toBeGreaterThanOrEqual(20);
  });
});
