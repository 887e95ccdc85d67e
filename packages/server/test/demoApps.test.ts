import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/seedDemo.js';
import { ADMIN_PASSWORD, type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

describe.each(engines)('the demo app on %s', (engine) => {
  let t: TestApp;
  let demo: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedDemo(t.services, { adminPassword: ADMIN_PASSWORD, records: 30 });
    demo = await t.login('admin', ADMIN_PASSWORD, 'demo');
  });
  afterAll(() => t.close());

  it('is a stored app the app list call returns, with its slug and the report it opens on', async () => {
    const res = await demo.post('/spapi/data/v1/entity/ofType', {
      typeId: 'core:app',
      query: 'name, uiAppSlug, appHomeReport.name',
    });
    expect(res.status).toBe(200);
    // The Sales CRM, and the shared app that holds the record pages (decision 0062).
    expect(res.body.entities.map((a: { alias: string }) => a.alias).sort()).toEqual([
      'core:sharedApp',
      'crm:salesCrm',
    ]);
    const app = res.body.entities.find((a: { alias: string }) => a.alias === 'crm:salesCrm');
    expect(app).toMatchObject({ name: 'Sales CRM', alias: 'crm:salesCrm', uiAppSlug: 'crm' });
    expect(app.appHomeReport).toMatchObject({ alias: 'crm:opportunities', name: 'Opportunities' });
  });

  it("gives the shared app's record pages upgrade ids, listed for the builder's address", async () => {
    const apps = await demo.post('/spapi/data/v1/entity/ofType', { typeId: 'core:app', query: 'name' });
    const shared = apps.body.entities.find((a: { alias: string }) => a.alias === 'core:sharedApp');
    const read = await demo.get(`/spapi/admin/v1/apps/${shared.id}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.isSharedApp).toBe(true);
    const ids = read.body.pages.map((p: { upgradeId: string | null }) => p.upgradeId);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(id).toMatch(/^crm:/);
  });

  it('lets a member of Sales open the app and its reports, with only the records Sales reads', async () => {
    const roles = await demo.get('/spapi/admin/v1/roles');
    const sales = roles.body.roles.find((r: { name: string }) => r.name === 'Sales');
    const made = await demo.post('/spapi/admin/v1/users', {
      username: 'seller',
      password: 'plum orchard 42',
      roleIds: [sales.id],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const first = await t.login('seller', 'plum orchard 42', 'demo');
    expect(
      (
        await first.post('/auth/password', {
          currentPassword: 'plum orchard 42',
          newPassword: 'quiet harbour 77',
        })
      ).status,
    ).toBe(200);
    const seller = await t.login('seller', 'quiet harbour 77', 'demo');
    const listed = await seller.get('/spapi/data/v1/apps');
    expect(listed.body.apps.map((a: { name: string }) => a.name)).toEqual(['Sales CRM']);
    expect((await seller.get('/spapi/data/v1/apps/crm/pages/home')).status).toBe(200);
    // App records reach Sales through the runner's calls only (decision 0063).
    const records = await seller.post('/spapi/data/v1/entity/ofType', { typeId: 'core:app', query: 'name' });
    expect(records.body.entities ?? []).toEqual([]);
    const page = { startIndex: 0, pageSize: 500, metadata: 'none' };
    const opportunities = await seller.post('/spapi/data/v1/report/crm:opportunities', page);
    const asAdmin = await demo.post('/spapi/data/v1/report/crm:opportunities', page);
    expect(opportunities.status, JSON.stringify(opportunities.body).slice(0, 300)).toBe(200);
    expect(opportunities.body.gdata.length).toBeGreaterThan(0);
    expect(opportunities.body.gdata.length).toBe(asAdmin.body.gdata.length);
    const documents = await seller.post('/spapi/data/v1/report/crm:documents', page);
    expect(documents.status).toBe(200);
    expect(documents.body.gdata).toEqual([]);
  });
});
