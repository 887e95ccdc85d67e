import { sysField, sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReport, createRole, fieldColumn, putRecords, rowIds } from './reports/reportSupport.js';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/**
 * Decision 0110: a relationship end's own display and picker reports list the end's records
 * (`POST report/relationship/{id}/{fwd|rev}/{display|picker}`), under the caller's read rules;
 * an end without one, or with one the caller may not run, answers its Object's report as before.
 */
describe.each(engines)('relationship end reports on %s', (engine) => {
  let t: TestApp;
  let org: number;
  let acct: number;
  let deal: number;
  let rel: number;
  let field: Record<string, number>;
  let clerk: Client;
  let northern: Client;
  let noReports: Client;
  const ids: Record<string, number> = {};
  const reports: Record<string, number> = {};

  const endRun = (client: Client, direction: string, kind: string, query: object = {}, relId = rel) =>
    client.post(`/spapi/data/v1/report/relationship/${relId}/${direction}/${kind}`, query);
  const ok = async (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const setEndReports = async (reportsOfEnd: Record<string, number | null>) => {
    const relationships = Object.fromEntries(
      Object.entries(reportsOfEnd).map(([member, id]) => [member, { set: id === null ? [] : [id] }]),
    );
    const res = await t.admin.put([{ id: rel, relationships }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    const orgType = await defineType(t.admin, 'Org', [
      { name: 'Industry', script: 'industry', type: 'Text' },
      { name: 'Region', script: 'region', type: 'Text' },
    ]);
    org = orgType.typeId;
    field = orgType.fieldIds;
    acct = (await defineType(t.admin, 'Acct', [], org)).typeId;
    const agency = (await defineType(t.admin, 'Agency', [], org)).typeId;
    deal = (await defineType(t.admin, 'Deal', [])).typeId;
    rel = await defineRelationship(t.admin, 'lookup', deal, acct, 'account', 'deals');
    const account = (key: string, name: string, industry: string, region: string, typeId = acct) => ({
      id: `new:${key}`,
      typeId,
      fields: { name, industry, region },
    });
    Object.assign(
      ids,
      await putRecords(t.admin, [
        account('alpha', 'Alpha Retail', 'Retail', 'North'),
        account('bolt', 'Bolt Retail', 'Retail', 'South'),
        account('cedar', 'Cedar Retail', 'Retail', 'North'),
        account('delta', 'Delta Energy', 'Energy', 'North'),
        account('echo', 'Echo Agency', 'Retail', 'North', agency),
      ]),
    );
    const dealOf = (key: string, name: string, accountKey: string) => ({
      id: `new:${key}`,
      typeId: deal,
      fields: { name },
      relationships: { account: { set: [ids[accountKey]!] } },
    });
    Object.assign(
      ids,
      await putRecords(t.admin, [
        dealOf('d1', 'Fit-out', 'alpha'),
        dealOf('d2', 'Audit', 'alpha'),
        dealOf('d3', 'Turbines', 'delta'),
      ]),
    );
    const columns = [fieldColumn('name', sysField.name), fieldColumn('industry', field.industry!)];
    reports.retail = await createReport(
      t.admin,
      {
        rootTypeId: acct,
        columns,
        conditions: [{ id: 'industry', columnId: 'industry', oper: 'Equal', value: 'Retail' }],
        sorts: [{ columnId: 'name', order: 'Descending' }],
      },
      'Retail accounts',
    );
    reports.retailOrgs = await createReport(
      t.admin,
      {
        rootTypeId: org,
        columns,
        conditions: [{ id: 'industry', columnId: 'industry', oper: 'Equal', value: 'Retail' }],
        sorts: [{ columnId: 'name', order: 'Ascending' }],
      },
      'Retail organisations',
    );
    reports.deals = await createReport(
      t.admin,
      {
        rootTypeId: deal,
        columns: [fieldColumn('name', sysField.name)],
        sorts: [{ columnId: 'name', order: 'Ascending' }],
      },
      'Deal list',
    );
    const readsAll = await createRole(t.admin, 'Sales', [
      { typeId: org, canRead: true },
      { typeId: deal, canRead: true },
      { typeId: sysType.report, canRead: true },
    ]);
    const readsNorth = await createRole(t.admin, 'North', [
      { typeId: org, canRead: true, accessRuleCalculation: "[Region] = 'North'" },
      { typeId: sysType.report, canRead: true },
    ]);
    const readsNoReports = await createRole(t.admin, 'No reports', [{ typeId: org, canRead: true }]);
    await t.addUser('clerk', [readsAll]);
    await t.addUser('northern', [readsNorth]);
    await t.addUser('noreports', [readsNoReports]);
    clerk = await t.login('clerk');
    northern = await t.login('northern');
    noReports = await t.login('noreports');
  });
  afterAll(() => t?.close());

  it("lists the end's records through its picker report: its columns, conditions and sort, searchable", async () => {
    await setEndReports({ toPickerReport: reports.retail! });
    const body = await ok(await endRun(clerk, 'fwd', 'picker', { usage: 'Picker', metadata: 'full' }));
    expect(body.meta.title).toBe('Retail accounts');
    expect(Object.values(body.meta.rcols).map((c: any) => c.title)).toEqual(['Name', 'Industry']);
    expect(rowIds(body)).toEqual([ids.cedar, ids.bolt, ids.alpha]);
    expect(body.gdata[0].values).toEqual([{ val: 'Cedar Retail' }, { val: 'Retail' }]);
    const searched = await ok(await endRun(clerk, 'fwd', 'picker', { usage: 'Picker', quickSearch: 'bolt' }));
    expect(rowIds(searched)).toEqual([ids.bolt]);
    // Paged as the picker asks: page size + 1.
    const paged = await ok(await endRun(clerk, 'fwd', 'picker', { startIndex: 1, pageSize: 1 }));
    expect(rowIds(paged)).toEqual([ids.bolt]);
  });

  it("still applies the caller's read rules", async () => {
    await setEndReports({ toPickerReport: reports.retail! });
    const body = await ok(await endRun(northern, 'fwd', 'picker', { usage: 'Picker' }));
    expect(body.meta.title).toBe('Retail accounts');
    expect(rowIds(body)).toEqual([ids.cedar, ids.alpha]);
  });

  it("answers the Object's picker report for an end without one, and for a caller who may not run it", async () => {
    await setEndReports({ toPickerReport: null });
    const none = await ok(await endRun(clerk, 'fwd', 'picker', { usage: 'Picker' }));
    const typeReport = await ok(
      await clerk.post(`/spapi/data/v1/report/type/${acct}/picker`, { usage: 'Picker' }),
    );
    expect(none.meta.title).toBe('Acct');
    expect(rowIds(none)).toEqual(rowIds(typeReport));
    expect(rowIds(none)).toEqual([ids.alpha, ids.bolt, ids.cedar, ids.delta]);

    await setEndReports({ toPickerReport: reports.retail! });
    // This user may read accounts but not reports: the form's lookup still offers their accounts.
    expect((await noReports.post(`/spapi/data/v1/report/${reports.retail}`, {})).status).toBe(404);
    const fallback = await ok(await endRun(noReports, 'fwd', 'picker', { usage: 'Picker' }));
    expect(fallback.meta.title).toBe('Acct');
    expect(rowIds(fallback)).toEqual([ids.alpha, ids.bolt, ids.cedar, ids.delta]);
  });

  it("lists only the end's Object's records through a report on an Object it inherits from", async () => {
    await setEndReports({ toPickerReport: reports.retailOrgs! });
    const body = await ok(await endRun(clerk, 'fwd', 'picker', { usage: 'Picker' }));
    expect(body.meta.title).toBe('Retail organisations');
    // Echo Agency is a Retail organisation, but not an account: a deal cannot hold it.
    expect(rowIds(body)).toEqual([ids.alpha, ids.bolt, ids.cedar]);
  });

  it('falls back when the report no longer lists the end’s Object', async () => {
    const stale = await createReport(
      t.admin,
      { rootTypeId: acct, columns: [fieldColumn('name', sysField.name)] },
      'Soon about deals',
    );
    await setEndReports({ toPickerReport: stale });
    const changed = await t.admin.put([
      {
        id: stale,
        fields: {
          reportDefinition: JSON.stringify({
            version: 1,
            rootTypeId: deal,
            columns: [fieldColumn('name', sysField.name)],
          }),
        },
      },
    ]);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const body = await ok(await endRun(clerk, 'fwd', 'picker', { usage: 'Picker' }));
    expect(body.meta.title).toBe('Acct');
    expect(rowIds(body)).toEqual([ids.alpha, ids.bolt, ids.cedar, ids.delta]);
  });

  it("shows a to-many end's related records through its display report, the reverse end's own", async () => {
    await setEndReports({ fromDisplayReport: reports.deals!, toPickerReport: reports.retail! });
    const detail = { relationDetail: { eid: ids.alpha, relid: rel, direction: 'rev' } };
    const body = await ok(await endRun(clerk, 'rev', 'display', detail));
    expect(body.meta.title).toBe('Deal list');
    expect(rowIds(body)).toEqual([ids.d2, ids.d1]);
    // The forward end has no display report of its own, the reverse end no picker report.
    expect((await ok(await endRun(clerk, 'fwd', 'display'))).meta.title).toBe('Acct');
    const revPicker = await ok(await endRun(clerk, 'rev', 'picker', { usage: 'Picker' }));
    expect(revPicker.meta.title).toBe('Deal');
    expect(rowIds(revPicker)).toEqual([ids.d2, ids.d1, ids.d3]);
  });

  it('does not find an unknown relationship or another tenant’s, and refuses a bad end', async () => {
    expect((await endRun(clerk, 'fwd', 'picker', {}, 9_999_999)).status).toBe(404);
    const other = await t.addTenant('globex');
    expect((await endRun(other.admin, 'fwd', 'picker')).status).toBe(404);
    expect((await endRun(clerk, 'sideways', 'picker')).status).toBe(400);
    expect((await endRun(clerk, 'fwd', 'chart')).status).toBe(400);
  });
});
