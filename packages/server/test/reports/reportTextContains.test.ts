import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineType } from '../support/crmSchema.js';
import { insertRecordsDirectly } from '../support/directRecords.js';
import { pagePlanOf } from '../support/queryPlans.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';
import { createReport, fieldColumn, putRecords, rowIds, runOk } from './reportSupport.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/** Codes of a Text field: `%`, `_`, case and letters beyond ASCII. */
const codes: Record<string, string> = {
  north: 'NORTH-100% sure',
  northLower: 'north-100 sure',
  underscore: 'a_b west',
  x: 'axb west',
  umlaut: 'Straße Süd',
};

/** A Contains condition on a Text field answers what `lower(value) LIKE lower('%term%')` answers. */
describe.each(engines)('a text field contains a term on %s', (engine) => {
  let t: TestApp;
  let report: number;
  let typeId: number;
  let codeField: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(engine);
    const type = await defineType(t.admin, 'Site', [{ name: 'Code', script: 'code', type: 'Text' }]);
    typeId = type.typeId;
    codeField = type.fieldIds.code!;
    Object.assign(
      ids,
      await putRecords(
        t.admin,
        Object.entries(codes).map(([key, code]) => ({
          id: `new:${key}`,
          typeId,
          fields: { name: `site ${key}`, code },
        })),
      ),
    );
    report = await createReport(t.admin, {
      rootTypeId: typeId,
      columns: [fieldColumn('name', 100), fieldColumn('code', codeField)],
      conditions: [{ id: 'code', columnId: 'code' }],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
    });
  });
  afterAll(() => t.close());

  const contains = async (term: string) => {
    const body = await runOk(t.admin, report, {
      conds: [{ expid: 'code', oper: 'Contains', value: term }],
      pageSize: 100,
      metadata: 'none',
    });
    return rowIds(body).sort((a, b) => a - b);
  };
  const idsOf = (keys: string[]) => keys.map((k) => ids[k]!).sort((a, b) => a - b);

  it.each([
    ['north', ['north', 'northLower']],
    ['100%', ['north']],
    ['a_b', ['underscore']],
    ['WEST', ['underscore', 'x']],
    ['ße S', ['umlaut']],
    ['nowhere', []],
  ])('%j finds the codes written', async (term, keys) => {
    expect(await contains(term)).toEqual(idsOf(keys));
  });
  it('follows a value as it is changed, to a date-like text and back', async () => {
    const id = ids.x!;
    const put = async (code: string) => {
      const res = await t.admin.put([{ id, fields: { code } }]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await put('2024-01-02');
    expect(await contains('axb')).toEqual([]);
    expect(await contains('01-02')).toEqual([id]);
    // The search document leaves date-like values out, so it is the same before and after this.
    await put('2024-01-03');
    expect(await contains('01-02')).toEqual([]);
    expect(await contains('01-03')).toEqual([id]);
    await put('axb west');
    expect(await contains('axb')).toEqual([id]);
  });

  it.skipIf(engine !== 'sqlite')(
    'makes a field’s index again, from the values stored, when it is gone',
    async () => {
      // As a rolled-back transaction would leave it: the next Contains makes and fills it.
      await sql.raw(`DROP TABLE field_text_t${t.tenantId}_f${codeField}`).execute(t.services.db);
      expect(await contains('WEST')).toEqual(idsOf(['underscore', 'x']));
      expect(await contains('north')).toEqual(idsOf(['north', 'northLower']));
    },
  );
});

/**
 * A Text field has a trigram index (PostgreSQL: a GIN index beside its sort index; SQLite: a table
 * of its own), and a Contains term reads it rather than every record of the type (decision 0135).
 */
describe.each(engines)('a text field contains a term, planned on %s', (engine) => {
  const RECORDS = 20_000;
  let t: TestApp;
  let report: number;
  let index: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const type = await defineType(t.admin, 'Site', [{ name: 'Code', script: 'code', type: 'Text' }]);
    const code = type.fieldIds.code!;
    index =
      engine === 'postgres' ? `entities_t${t.tenantId}_f${code}_trgm` : `field_text_t${t.tenantId}_f${code}`;
    await insertRecordsDirectly(t, type.typeId, RECORDS, (i) => ({
      name: `site ${i}`,
      data: { [code]: `${['North', 'South', 'East', 'West'][i % 4]}-${i}` },
    }));
    report = await createReport(t.admin, {
      rootTypeId: type.typeId,
      columns: [fieldColumn('name', 100), fieldColumn('code', code)],
      conditions: [{ id: 'code', columnId: 'code' }],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
    });
    await sql`ANALYZE`.execute(t.services.db);
  });
  afterAll(() => t?.close());

  it('reads the field’s trigram index for a term of three characters and more', async () => {
    const { plan, answer } = await pagePlanOf(t, report, {
      pageSize: 51,
      metadata: 'none',
      conds: [{ expid: 'code', oper: 'Contains', value: 'west-1234' }],
    });
    expect(rowIds(answer as { gdata: Array<{ eid: number }> }).length).toBeGreaterThan(0);
    if (engine === 'postgres') expect(plan, plan).toContain(`Bitmap Index Scan on ${index}`);
    else {
      // The index's matches first, each record looked up by its key: never a walk of the type.
      expect(plan, plan).toContain(`SCAN ${index} VIRTUAL TABLE INDEX`);
      expect(plan, plan).toContain('SEARCH e0 USING PRIMARY KEY (tenant_id=? AND id=?)');
    }
  });
});
