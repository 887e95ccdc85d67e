import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReport, fieldColumn, runReport } from './reports/reportSupport.js';
import { defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/** Issue 14, item 5: every list call bounds where it starts, how much it answers and the text it takes. */
describe.each(engines)('list calls are bounded on %s', (engine) => {
  let t: TestApp;
  let typeId: number;
  let report: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    ({ typeId } = await defineType(t.admin, 'Row', [{ name: 'Note', script: 'note', type: 'Text' }]));
    await t.admin.put([{ id: 'new:r', typeId, fields: { name: 'one' } }]);
    report = await createReport(t.admin, { rootTypeId: typeId, columns: [fieldColumn('name', 100)] });
  });
  afterAll(() => t.close());

  const ofType = (body: Record<string, unknown>) =>
    t.admin.post('/spapi/data/v1/entity/ofType', { typeId, ...body });

  it('clamps page sizes and echoes the size applied', async () => {
    const list = await ofType({ pageSize: 1_000_000 });
    expect(list.status).toBe(200);
    expect(list.body.pageSize).toBe(1000);
    const page = await runReport(t.admin, report, { pageSize: 1_000_000 });
    expect(page.status).toBe(200);
    expect(page.body.pageSize).toBe(1000);
  });

  it('refuses a start past 10,000,000 on every list call', async () => {
    expect((await ofType({ startIndex: 10_000_000 })).status).toBe(200);
    expect((await ofType({ startIndex: 10_000_001 })).status).toBe(400);
    expect((await ofType({ startIndex: Number.MAX_SAFE_INTEGER })).status).toBe(400);
    expect((await runReport(t.admin, report, { startIndex: 10_000_001 })).status).toBe(400);
  });

  it('refuses a filter text longer than the longest text a field holds (100,000)', async () => {
    expect((await ofType({ filter: { note: 'x'.repeat(100_000) } })).status).toBe(200);
    const long = await ofType({ filter: { note: 'x'.repeat(100_001) } });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('bad_request');
  });
});
