import { reportQuery, sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { contextFor } from '../../src/auth/contextFor.js';
import { loadReport, runReport } from '../../src/reports/runReport.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { executed } from '../support/executedStatements.js';
import { Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import { createReport, fieldColumn, putRecords, relColumn, runOk } from './reportSupport.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/** Issue 15 item 2, decision 0055: the statements a page of a kept report makes. */
describe.each(engines)('statements of a cached report page on %s', (engine) => {
  let t: TestApp;
  let report: number;
  let grouped: number;
  beforeAll(async () => {
    t = await startTestApp(engine);
    const stage = await defineType(t.admin, 'Stage', [], sysType.enumValue);
    const deal = await defineType(t.admin, 'Deal', [{ name: 'Amount', script: 'amount', type: 'Currency' }]);
    const rel = await defineRelationship(t.admin, 'choiceField', deal.typeId, stage.typeId, 'stage', 'deals');
    const ids = await putRecords(t.admin, [
      { id: 'new:open', typeId: stage.typeId, fields: { name: 'Open', enumOrder: 1 } },
    ]);
    await putRecords(
      t.admin,
      Array.from({ length: 5 }, (_, i) => ({
        id: `new:d${i}`,
        typeId: deal.typeId,
        fields: { name: `d${i}`, amount: i },
        relationships: { stage: { set: [ids.open!] } },
      })),
    );
    const columns = [
      fieldColumn('name', 100),
      fieldColumn('amount', deal.fieldIds.amount!),
      relColumn('stage', rel),
    ];
    report = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns,
      sorts: [{ columnId: 'amount', order: 'Descending' }],
    });
    grouped = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns,
      groups: [{ columnId: 'stage', order: 'Ascending' }],
      aggregates: [{ columnId: 'amount', kinds: ['Sum'] }],
      showGrandTotals: true,
    });
  });
  afterAll(() => t?.close());

  /** The statements one run of a report executes after the caller is known, once its caches are warm. */
  async function statementsOfRun(id: number, metadata: 'none' | 'full') {
    const rec = executed(t.services.db);
    const ctx = { ...(await contextFor(t.services, t.tenantId, t.adminId)), db: rec.db };
    const query = reportQuery.parse({ metadata });
    for (let i = 0; i < 2; i++) await runReport(ctx, await loadReport(ctx, { reportId: id }), query);
    rec.statements.length = 0;
    await runReport(ctx, await loadReport(ctx, { reportId: id }), query);
    return rec.statements.map((s) => s.sql);
  }

  /**
   * Issue 15 item 2: a page of a report whose definition and group totals are kept costs at most 4
   * statements: the report with the tenant's settings, the change markers (grouped reports only),
   * the page's ids, and its records with the records its links reach; the choice values, with
   * the full metadata.
   */
  it.each([
    ['a list', () => report, 'none', 3],
    ['a grouped report', () => grouped, 'none', 4],
    ['a list with its full metadata', () => report, 'full', 4],
    // The choice values' colours are read with the page's records (decision 0089; 5 in 0060).
    ['a grouped report with its full metadata', () => grouped, 'full', 4],
  ] as const)('runs %s in at most its statements', async (_name, id, metadata, most) => {
    const sqls = await statementsOfRun(id(), metadata);
    expect(sqls.length, sqls.join('\n\n')).toBeLessThanOrEqual(most);
  });

  it('answers a page over HTTP with the statements of the caller and of the run alone', async () => {
    const rec = executed(t.services.db);
    const app = await buildApp({ ...t.services, db: rec.db });
    const client = new Client(app, t.admin.auth);
    for (const id of [report, grouped]) await runOk(client, id);
    rec.statements.length = 0;
    await runOk(client, report, { metadata: 'none' });
    // The caller's kept session checked with the metamodel version in 1 (decision 0061; was 4),
    // then the run's 3, and the markers its answer is kept under (decision 0144).
    expect(rec.statements.length, rec.statements.map((s) => s.sql).join('\n\n')).toBeLessThanOrEqual(5);
    for (const [id, query] of [
      [report, { metadata: 'none' }],
      [grouped, { metadata: 'full' }],
    ] as const) {
      await runOk(client, id, query);
      rec.statements.length = 0;
      await runOk(client, id, query);
      // Kept whole: the caller with the reports' and settings' markers (the report kept under them,
      // decision 0158), and the markers of the types the answer read.
      expect(rec.statements.length, rec.statements.map((s) => s.sql).join('\n\n')).toBeLessThanOrEqual(2);
    }
    await app.close();
  });
});
