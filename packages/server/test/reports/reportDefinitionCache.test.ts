import { sysField, sysType } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { contextFor } from '../../src/auth/contextFor.js';
import { TenantMetaCache } from '../../src/metamodel/tenantMetaCache.js';
import { loadReport } from '../../src/reports/runReport.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import {
  createReport,
  createRole,
  expectError,
  fieldColumn,
  putRecords,
  relColumn,
  runOk,
  runReport,
} from './reportSupport.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/**
 * Issue 15 item 2, decision 0055: a stored definition is parsed once per version and its metadata
 * made once per definition and schema, and a change is seen by the very next run, through this
 * app or another one on the same database with caches of its own.
 */
describe.each(engines)('kept report definitions and metadata on %s', (engine) => {
  let t: TestApp;
  /** A second app on the same database, with its own handle (and so its own caches). */
  let other: FastifyInstance;
  let deal: { typeId: number; fieldIds: Record<string, number> };
  let stage: { typeId: number };
  let ids: Record<string, number>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    other = await buildApp(
      {
        ...t.services,
        db: t.services.db.withPlugin({
          transformQuery: (a) => a.node,
          transformResult: async (a) => a.result,
        }),
        metaCache: new TenantMetaCache(),
      },
      { validateResponses: true },
    );
    stage = await defineType(t.admin, 'Stage', [], sysType.enumValue);
    deal = await defineType(t.admin, 'Deal', [{ name: 'Amount', script: 'amount', type: 'Currency' }]);
    await defineRelationship(t.admin, 'choiceField', deal.typeId, stage.typeId, 'stage', 'deals');
    ids = await putRecords(t.admin, [
      { id: 'new:open', typeId: stage.typeId, fields: { name: 'Open', enumOrder: 1, enumColour: '#FEF3C7' } },
    ]);
    await putRecords(t.admin, [
      {
        id: 'new:a',
        typeId: deal.typeId,
        fields: { name: 'a', amount: 1 },
        relationships: { stage: { set: [ids.open!] } },
      },
      {
        id: 'new:b',
        typeId: deal.typeId,
        fields: { name: 'b', amount: 2 },
        relationships: { stage: { set: [ids.open!] } },
      },
    ]);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const sides = () => [
    { name: 'this app', client: t.admin },
    { name: 'another app', client: new Client(other, t.admin.auth) },
  ];
  const names = (body: { gdata: Array<{ values: Array<{ val?: unknown }> }> }) =>
    body.gdata.map((r) => r.values[0]!.val);
  const amountColumns = () => [fieldColumn('name', 100), fieldColumn('amount', deal.fieldIds.amount!)];
  const define = (id: number, def: Record<string, unknown>) =>
    t.admin.put([
      { id, fields: { reportDefinition: JSON.stringify({ version: 1, rootTypeId: deal.typeId, ...def }) } },
    ]);

  it('runs a changed definition on the very next request, in every app', async () => {
    const report = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns: amountColumns(),
      sorts: [{ columnId: 'amount', order: 'Ascending' }],
    });
    for (const side of sides()) {
      expect(names(await runOk(side.client, report)), side.name).toEqual(['a', 'b']);
      expect(names(await runOk(side.client, report)), side.name).toEqual(['a', 'b']);
    }
    expect(
      (
        await define(report, {
          columns: amountColumns(),
          sorts: [{ columnId: 'amount', order: 'Descending' }],
        })
      ).status,
    ).toBe(200);
    for (const side of sides())
      expect(names(await runOk(side.client, report)), side.name).toEqual(['b', 'a']);
  });

  /** Writes the stored definition's text as it is, without a new record version (an import, a repair). */
  const writeRaw = async (report: number, text: string) => {
    const key = String(sysField.reportDefinition);
    const data =
      engine === 'sqlite'
        ? sql`json_set(data, ${`$."${key}"`}, ${text})`
        : sql`jsonb_set(data, ${`{${key}}`}::text[], to_jsonb(${text}::text))`;
    await sql`UPDATE entities SET data = ${data} WHERE tenant_id = ${t.tenantId} AND id = ${report}`.execute(
      t.services.db,
    );
  };

  it('runs a definition changed without a new version (a raw write) on the very next request', async () => {
    const report = await createReport(t.admin, { rootTypeId: deal.typeId, columns: amountColumns() });
    for (const side of sides())
      expect(Object.keys((await runOk(side.client, report, { metadata: 'full' })).meta.rcols)).toEqual([
        'name',
        'amount',
      ]);
    await writeRaw(
      report,
      JSON.stringify({ version: 1, rootTypeId: deal.typeId, columns: [fieldColumn('name', 100)] }),
    );
    for (const side of sides()) {
      const body = await runOk(side.client, report, { metadata: 'full' });
      expect(Object.keys(body.meta.rcols), side.name).toEqual(['name']);
    }
  });

  it('parses a definition once per version of its record', async () => {
    const report = await createReport(t.admin, { rootTypeId: deal.typeId, columns: amountColumns() });
    const ctx = await contextFor(t.services, t.tenantId, t.adminId);
    const first = await loadReport(ctx, { reportId: report });
    expect((await loadReport(ctx, { reportId: report })).definition).toBe(first.definition);
    expect(Object.isFrozen(first.definition.columns)).toBe(true);
    await define(report, { columns: amountColumns(), sorts: [{ columnId: 'amount', order: 'Descending' }] });
    const changed = await loadReport(ctx, { reportId: report });
    expect(changed.definition).not.toBe(first.definition);
    expect(changed.definition.sorts).toEqual([{ columnId: 'amount', order: 'Descending' }]);
  });

  it('answers a broken definition with the same 400 every time, and a mended one at once', async () => {
    const report = await createReport(t.admin, { rootTypeId: deal.typeId, columns: amountColumns() });
    await runOk(t.admin, report);
    await writeRaw(report, '{"version":1,"columns":"no"}');
    for (let i = 0; i < 2; i++) expectError(await runReport(t.admin, report), 400);
    expect((await define(report, { columns: amountColumns() })).status).toBe(200);
    expect(names(await runOk(t.admin, report))).toEqual(['a', 'b']);
  });

  it('refuses a kept report to a caller who may not read it', async () => {
    const report = await createReport(t.admin, { rootTypeId: deal.typeId, columns: amountColumns() });
    await runOk(t.admin, report);
    const role = await createRole(t.admin, 'Deals only', [{ typeId: deal.typeId, canRead: true }]);
    await t.addUser('reader', [role]);
    const reader = await t.login('reader');
    expectError(await runReport(reader, report), 404);
  });

  it("shows a renamed field's column title and a choice's new colour on the very next request", async () => {
    const field = await defineType(t.admin, 'Gadget', [
      { name: 'Weight', script: 'weight', type: 'Decimal' },
    ]);
    const rel = await defineRelationship(
      t.admin,
      'choiceField',
      field.typeId,
      stage.typeId,
      'gadgetStage',
      'gadgets',
    );
    const report = await createReport(t.admin, {
      rootTypeId: field.typeId,
      columns: [
        fieldColumn('name', 100),
        fieldColumn('weight', field.fieldIds.weight!),
        relColumn('stage', rel),
      ],
    });
    const meta = async (client: Client) => (await runOk(client, report, { metadata: 'full' })).meta;
    for (const side of sides()) {
      const m = await meta(side.client);
      expect(m.rcols.weight.title, side.name).toBe('Weight');
      expect(JSON.stringify(m.rcols.stage.defcfRule), side.name).toContain('#FEF3C7');
      await meta(side.client);
    }
    expect((await t.admin.put([{ id: field.fieldIds.weight!, fields: { name: 'Mass' } }])).status).toBe(200);
    expect((await t.admin.put([{ id: ids.open!, fields: { enumColour: '#DC2626' } }])).status).toBe(200);
    for (const side of sides()) {
      const m = await meta(side.client);
      expect(m.rcols.weight.title, side.name).toBe('Mass');
      expect(JSON.stringify(m.rcols.stage.defcfRule), side.name).toContain('#DC2626');
    }
  });
});
