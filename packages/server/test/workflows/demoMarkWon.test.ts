import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seedDemo.js';
import { ADMIN_PASSWORD, type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import { startWorkflowQueue } from '../support/workflowQueue.js';

/** The demo's "Mark won" (issue 21 item 8): the button's workflow, run as the runner runs it. */
describe.each(engines)('the demo Mark won workflow on %s', (engine) => {
  let t: TestApp;
  let demo: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedDemo(t.services, { adminPassword: ADMIN_PASSWORD, records: 20 });
    await startWorkflowQueue(t);
    demo = await t.login('admin', ADMIN_PASSWORD, 'demo');
  });
  afterAll(async () => {
    await t?.services.jobs?.stop();
    await t?.close();
  });

  it('has a Mark won button on the opportunity page that closes it, follows up, assigns and tells', async () => {
    const page = (await demo.get('/spapi/data/v1/types/crm:opportunity/recordPage')).body;
    const button = page.content.components.find((c: { id: string }) => c.id === 'markWon');
    expect(button).toMatchObject({
      typeAlias: 'core:launchProcessPageButton',
      properties: { text: 'Mark won' },
    });

    const query = await demo.post('/spapi/data/v1/entity/ofType', {
      typeId: 'crm:opportunity',
      query: 'name,stage',
      pageSize: 1,
    });
    const opportunity = query.body.entities[0];
    const started = await demo.post(`/spapi/data/v1/workflow/run/${button.properties.workflowId}`, {
      inputArguments: [{ name: 'Opportunity', value: { id: opportunity.id } }],
      waitForTask: true,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    let run = started.body;
    for (let i = 0; i < 200 && run.workflowRunStatus.name === 'Queued'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      run = (await demo.get(`/spapi/data/v1/workflow/run/${run.id}`)).body;
    }
    expect(run.workflowRunStatus.name, JSON.stringify(run.errorLogEntry)).toBe('Completed');
    expect(run.runStepCounter).toBe(4);
    const after = await demo.read(opportunity.id, 'stage,won,probability');
    expect(after.body).toMatchObject({ won: true, probability: 100 });
    expect(after.body.stage).toMatchObject({ name: 'Closed Won' });
  });
});
