import { runnerAppResponse, runnerPageResponse } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seedDemo.js';
import { ADMIN_PASSWORD, type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';

describe.each(engines)('the demo app made of pages on %s', (engine) => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedDemo(t.services, { adminPassword: ADMIN_PASSWORD, records: 30 });
    admin = await t.login('admin', ADMIN_PASSWORD, 'demo');
  });
  afterAll(() => t.close());

  it('is listed, enabled, opening on its Home page', async () => {
    const list = await admin.get('/spapi/data/v1/apps');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.apps).toEqual([
      expect.objectContaining({ slug: 'crm', name: 'Sales CRM', defaultPageShowsMenu: true }),
    ]);
    const app = await admin.get('/spapi/data/v1/apps/crm');
    expect(app.status, JSON.stringify(app.body)).toBe(200);
    const body = runnerAppResponse.parse(app.body);
    expect(body.isEnabled).toBe(true);
    const home = body.pages.find((p) => p.slug === 'home')!;
    expect(body.defaultPageId).toBe(home.id);
    expect(body.pages.map((p) => p.name)).toEqual([
      'Home',
      'Opportunities',
      'Accounts',
      'Contacts',
      'Filter the pipeline',
    ]);
    const id = (slug: string) => String(body.pages.find((p) => p.slug === slug)!.id);
    expect(body.menu.menuOrder).toEqual([id('home'), 'records', id('pipeline')]);
    expect(body.menu.menuFolders).toEqual([
      { id: 'records', text: 'Records', childOrder: [id('opportunities'), id('accounts'), id('contacts')] },
    ]);
  });

  it('serves the Home page with its heading, counters, chart and report', async () => {
    const res = await admin.get('/spapi/data/v1/apps/crm/pages/home');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = runnerPageResponse.parse(res.body);
    expect(page.versionKind).toBe('published');
    expect(page.content.components.map((c) => c.typeAlias)).toEqual([
      'core:headingComponent',
      'core:heroCounterComponent',
      'core:heroCounterComponent',
      'core:chartComponent',
      'core:reportComponent',
    ]);
    const chart = page.content.components.find((c) => c.typeAlias === 'core:chartComponent')!;
    expect(chart.properties).toMatchObject({ categoryColumnId: 'stage', aggregate: 'Sum', chartType: 'bar' });
    const report = await admin.post(`/spapi/data/v1/report/${chart.properties.reportId}`, {
      startIndex: 0,
      pageSize: 10,
      metadata: 'none',
    });
    expect(report.status).toBe(200);
    const byId = await admin.get(`/spapi/data/v1/pages/${page.page.id}`);
    expect(byId.body).toEqual(res.body);
  });

  it('gives each CRM type a record page in the shared app', async () => {
    for (const alias of ['crm:opportunity', 'crm:account', 'crm:contact', 'crm:activity']) {
      const res = await admin.get(`/spapi/data/v1/types/${alias}/recordPage`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.app.slug).toBe('shared');
      expect(res.body.page.isDefaultEditRecordPage).toBe(true);
      expect(res.body.page.type).toBe('singleRecordEdit');
      expect(res.body.content.contextEntityTypeId).toBeGreaterThan(0);
      expect(res.body.content.titleBar).toMatchObject({ pageShowTitleBar: true, format: 'recordName' });
    }
    const none = await admin.get('/spapi/data/v1/types/core:person/recordPage');
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe('The type has no record page.');
  });
});
