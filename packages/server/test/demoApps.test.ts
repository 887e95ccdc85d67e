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
    expect(res.body.entities).toHaveLength(1);
    const [app] = res.body.entities;
    expect(app).toMatchObject({ name: 'Sales CRM', alias: 'crm:salesCrm', uiAppSlug: 'crm' });
    expect(app.appHomeReport).toMatchObject({ alias: 'crm:opportunities', name: 'Opportunities' });
  });
});
