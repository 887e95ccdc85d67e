import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wonOpportunityMessage } from '../src/demo/demoForms.js';
import { seedDemo } from '../src/demo/seedDemo.js';
import { ADMIN_PASSWORD, type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

describe.each(engines)("the demo Opportunity's default form on %s", (engine) => {
  let t: TestApp;
  let demo: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedDemo(t.services, { adminPassword: ADMIN_PASSWORD, records: 30 });
    demo = await t.login('admin', ADMIN_PASSWORD, 'demo');
  });
  afterAll(() => t.close());

  it('refuses an inline edit that leaves a Closed Won opportunity under 1,000, and saves a valid one', async () => {
    const form = await demo.get('/spapi/data/v1/type/crm:opportunity/defaultForm');
    expect(form.status).toBe(200);
    expect(form.body.name).toBe('Opportunity');
    const amount = form.body.controls.find((c: { id: string }) => c.id === 'amount');
    expect(amount).toMatchObject({ mandatory: true, customValidationMessage: wonOpportunityMessage });

    const report = await demo.post('/spapi/data/v1/report/crm:opportunities', { pageSize: 1 });
    const id: number = report.body.gdata[0].eid;
    const stages = await demo.post('/spapi/data/v1/report/type/crm:stage/display', { pageSize: 10 });
    const closedWon = stages.body.gdata.find((r: any) => r.values[0].val === 'Closed Won').eid;
    const amountFieldId = amount.fieldToRender;

    const refused = await demo.post('/spapi/data/v1/entity/saveModified', {
      records: [{ id, fields: { amount: 500 }, relationships: { stage: { set: [closedWon] } } }],
    });
    expect(refused.body.results[0].validationResults).toEqual([
      { id: amountFieldId, isReverse: false, errors: [wonOpportunityMessage] },
    ]);
    const saved = await demo.post('/spapi/data/v1/entity/saveModified', {
      records: [{ id, fields: { amount: 5000 }, relationships: { stage: { set: [closedWon] } } }],
    });
    expect(saved.body.results[0].validationResults).toEqual([]);

    // The rule sits on Amount but reads Stage: changing only Stage cannot slip past it.
    const open = stages.body.gdata.find((r: any) => r.values[0].val !== 'Closed Won').eid;
    const lowered = await demo.post('/spapi/data/v1/entity/saveModified', {
      records: [{ id, fields: { amount: 500 }, relationships: { stage: { set: [open] } } }],
    });
    expect(lowered.body.results[0].validationResults).toEqual([]);
    const stageOnly = await demo.post('/spapi/data/v1/entity/saveModified', {
      records: [{ id, relationships: { stage: { set: [closedWon] } } }],
    });
    expect(stageOnly.body.results[0].validationResults).toEqual([
      { id: amountFieldId, isReverse: false, errors: [wonOpportunityMessage] },
    ]);
  });
});
