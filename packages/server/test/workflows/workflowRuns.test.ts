import { sysField, sysRecord, sysType, type WorkflowDefinition } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceRun, type RunJob } from '../../src/workflows/runEngine.js';
import type { Notifier } from '../../src/workflows/stepRunners.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { createRole } from '../support/roles.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import { startWorkflowQueue } from '../support/workflowQueue.js';

/**
 * Workflows (issue 21, decision 0126): a definition is compiled when saved; a run goes through the
 * job queue step by step, each step one transaction with the run's place, with the runner's rights.
 */
describe.each(engines)('workflow runs on %s', (engine) => {
  let t: TestApp;
  let seller: Client;
  let sellerId: number;
  const ids = { deal: 0, activity: 0, won: 0, closeDate: 0, stage: 0, dealActivities: 0, sellers: 0 };

  const definition = (steps: WorkflowDefinition['steps']): WorkflowDefinition => ({
    arguments: [{ name: 'Deal', type: 'core:resourceArgument', entityTypeId: ids.deal, required: true }],
    steps,
  });
  const markWon = (): WorkflowDefinition =>
    definition([
      {
        id: 's1',
        name: 'Mark won',
        kind: 'setFields',
        record: '[Deal]',
        values: [
          { memberId: ids.won, expression: 'true' },
          { memberId: ids.closeDate, expression: '#2026-03-20#' },
          { memberId: ids.stage, expression: "'Won'" },
        ],
      },
      {
        id: 's2',
        name: 'Follow up',
        kind: 'createRecord',
        typeId: ids.activity,
        values: [
          { memberId: sysField.name, expression: "$'Follow up {[Deal].Name}'" },
          { memberId: ids.dealActivities, expression: '[Deal]' },
        ],
        saveAs: 'FollowUp',
      },
      {
        id: 's3',
        name: 'Call the customer',
        kind: 'assignTask',
        title: "$'Call about {[Deal].Name}'",
        assignee: '[Deal].securityOwner',
        record: '@FollowUp',
        popup: false,
        editMode: true,
        wait: true,
      },
      {
        id: 's4',
        name: 'Big deal?',
        kind: 'branch',
        condition: '[Deal].Amount > 1000',
        whenFalse: 'end',
      },
      {
        id: 's5',
        name: 'Note it',
        kind: 'setFields',
        record: '@FollowUp',
        values: [{ memberId: sysField.description, expression: "'Big one'" }],
      },
    ]);

  async function saveWorkflow(client: Client, name: string, def: WorkflowDefinition, roles: number[] = []) {
    return client.put([
      {
        id: 'new:wf',
        typeId: 'core:workflow',
        fields: { name, workflowDefinition: JSON.stringify(def) },
        ...(roles.length ? { relationships: { workflowRunnableBy: { set: roles } } } : {}),
      },
    ]);
  }

  async function newDeal(client: Client, name: string, amount: number): Promise<number> {
    const res = await client.put([{ id: 'new:d', typeId: ids.deal, fields: { name, Amount: amount } }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.ids['new:d'];
  }

  async function runToStop(client: Client, workflowId: number, dealId: number) {
    const res = await client.post(`/spapi/data/v1/workflow/run/${workflowId}`, {
      inputArguments: [{ name: 'Deal', value: { id: dealId }, typeName: 'core:resourceArgument' }],
      waitForTask: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return waitStopped(client, res.body.id);
  }

  /** Polls as the browser does until the run has stopped (or, `finished`, has completed or failed). */
  async function waitStopped(client: Client, runId: number, finished = false) {
    for (let i = 0; i < 400; i++) {
      const stopped = await client.get(`/spapi/data/v1/workflow/hasrunstopped/${runId}`);
      expect(stopped.status).toBe(200);
      if (stopped.body.stopped && (!finished || stopped.body.status !== 'WaitingForTask')) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const run = await client.get(`/spapi/data/v1/workflow/run/${runId}`);
    expect(run.status).toBe(200);
    return run.body;
  }

  beforeAll(async () => {
    t = await startTestApp(engine);
    await startWorkflowQueue(t);
    const deal = await defineType(t.admin, 'Deal', [
      { name: 'Amount', type: 'Number' },
      { name: 'Won', type: 'Boolean' },
      { name: 'Close Date', script: 'closeDate', type: 'Date' },
      { name: 'Stage', type: 'Text', maxLength: 20 },
    ]);
    const activity = await defineType(t.admin, 'Activity', [{ name: 'Due', type: 'Date' }]);
    ids.deal = deal.typeId;
    ids.activity = activity.typeId;
    ids.won = deal.fieldIds.Won!;
    ids.closeDate = deal.fieldIds.closeDate!;
    ids.stage = deal.fieldIds.Stage!;
    ids.dealActivities = await defineRelationship(
      t.admin,
      'dependants',
      deal.typeId,
      activity.typeId,
      'activities',
      'deal',
    );
    ids.sellers = await createRole(t.admin, 'Sellers', [
      { typeId: deal.typeId, canRead: true, canCreate: true, canModify: true },
      { typeId: activity.typeId, canRead: true, canCreate: true, canModify: true },
    ]);
    sellerId = await t.addUser('seller', [ids.sellers]);
    seller = await t.login('seller');
  });
  afterAll(async () => {
    await t?.services.jobs?.stop();
    await t?.close();
  });

  it('refuses a workflow whose expression does not compile, naming the step', async () => {
    const def = markWon();
    (def.steps[0] as { record: string }).record = '[Dael]';
    const res = await saveWorkflow(t.admin, 'Broken', def);
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors[0]).toMatchObject({
      member: 'workflowDefinition',
      message:
        "Step 1 'Mark won', Record: Attempted to access a field or relationship, when no starting entity-type has been provided.",
    });
    const wrongType = definition([{ id: 'a', name: 'Check', kind: 'branch', condition: "'yes'" }]);
    const subjectOnly = definition([
      {
        id: 'n',
        name: 'Tell',
        kind: 'notify',
        recipient: '[Deal].securityOwner',
        subject: "'Hi'",
        message: '',
        email: false,
      },
    ]);
    expect((await saveWorkflow(t.admin, 'Subject only', subjectOnly)).status).toBe(200);
    const refused = await saveWorkflow(t.admin, 'Wrong type', wrongType);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.errors[0].message).toMatch(/^Step 1 'Check', Condition: /);
  });

  it('runs a workflow step by step, waits for its task and goes on when it is completed', async () => {
    const saved = await saveWorkflow(t.admin, 'Mark won', markWon());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const workflowId = saved.body.ids['new:wf'];
    const dealId = await newDeal(seller, 'Acme renewal', 5000);

    const waiting = await runToStop(seller, workflowId, dealId);
    expect(waiting.workflowRunStatus.name, JSON.stringify(waiting.errorLogEntry)).toBe('WaitingForTask');
    expect(waiting.runStepCounter).toBe(3);
    expect(waiting.runLog.map((e: { name: string }) => e.name)).toEqual([
      'Run started',
      'Mark won',
      'Follow up',
      'Call the customer',
    ]);
    const deal = await seller.read(dealId, 'Won,closeDate,Stage');
    expect(deal.body).toMatchObject({ Won: true, closeDate: '2026-03-20', Stage: 'Won' });
    const task = waiting.pendingTask;
    expect(task).toMatchObject({
      name: 'Call about Acme renewal',
      assignedToUser: { id: sellerId },
      userTaskIsComplete: false,
      openInEditMode: true,
      promptForTaskIsPopup: false,
    });
    expect(task.navigateToTaskUrl).toBe(`_editRecord?cid=${task.taskReferencesRecord.id}&taskId=${task.id}`);

    // The assignee completes the task; the run goes on to its end.
    const taskRead = await seller.read(task.id);
    expect(taskRead.status).toBe(200);
    const done = await seller.request(
      'PATCH',
      `/spapi/data/v1/entity/${task.id}`,
      { fields: { userTaskIsComplete: true } },
      {
        'if-match': String(taskRead.headers.etag),
      },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const finished = await waitStopped(seller, waiting.id, true);
    expect(finished.workflowRunStatus.name).toBe('Completed');
    expect(finished.runCompletedAt).not.toBeNull();
    expect(finished.runStepCounter).toBe(5);
    expect(finished.pendingTask).toBeNull();
    const followUp = await seller.read(task.taskReferencesRecord.id, 'name,description');
    expect(followUp.body).toMatchObject({ name: 'Follow up Acme renewal', description: 'Big one' });
  });

  it('takes the branch: a small deal ends after the task', async () => {
    const saved = await saveWorkflow(t.admin, 'Mark won (branch)', markWon());
    const dealId = await newDeal(seller, 'Small one', 10);
    const waiting = await runToStop(seller, saved.body.ids['new:wf'], dealId);
    const task = waiting.pendingTask;
    const taskRead = await seller.read(task.id);
    await seller.request(
      'PATCH',
      `/spapi/data/v1/entity/${task.id}`,
      { fields: { userTaskIsComplete: true } },
      {
        'if-match': String(taskRead.headers.etag),
      },
    );
    const finished = await waitStopped(seller, waiting.id, true);
    expect(finished.workflowRunStatus.name).toBe('Completed');
    expect(finished.runLog.at(-2)).toMatchObject({ name: 'Big deal?', description: 'Condition is false' });
    const followUp = await seller.read(task.taskReferencesRecord.id, 'description');
    expect(followUp.body.description ?? null).toBeNull();
  });

  it('checks who may run a workflow and what its input arguments are', async () => {
    const other = await createRole(t.admin, 'Others', [{ typeId: ids.deal, canRead: true }]);
    const saved = await saveWorkflow(t.admin, 'Only others', markWon(), [other]);
    const workflowId = saved.body.ids['new:wf'];
    const dealId = await newDeal(seller, 'Guarded', 1);
    const run = (body: unknown) => seller.post(`/spapi/data/v1/workflow/run/${workflowId}`, body);
    expect((await run({ inputArguments: [{ name: 'Deal', value: dealId }] })).status).toBe(403);

    const open = await saveWorkflow(t.admin, 'Open', markWon());
    const start = (body: unknown) =>
      seller.post(`/spapi/data/v1/workflow/run/${open.body.ids['new:wf']}`, body);
    expect((await start({ inputArguments: [] })).body.error.message).toBe(
      "The input argument 'Deal' is required.",
    );
    expect((await start({ inputArguments: [{ name: 'Nope', value: 'x' }] })).body.error.message).toBe(
      "The workflow has no input argument 'Nope'.",
    );
    const wrong = await start({ inputArguments: [{ name: 'Deal', value: { id: sysRecord.everyoneRole } }] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("The input argument 'Deal' must be a record of Deal.");
    expect((await start({ inputArguments: [{ name: 'Deal', value: 99_999_999 }] })).status).toBe(404);
    expect((await seller.post('/spapi/data/v1/workflow/run/99999999', { inputArguments: [] })).status).toBe(
      404,
    );
    expect((await seller.get('/spapi/data/v1/workflow/hasrunstopped/abc')).status).toBe(400);
    expect((await seller.get('/spapi/data/v1/workflow/hasrunstopped/99999999')).status).toBe(404);
  });

  it('links and unlinks records, and refuses a link step the schema does not allow', async () => {
    const def = definition([
      {
        id: 'a',
        name: 'Make two',
        kind: 'createRecord',
        typeId: ids.activity,
        values: [{ memberId: sysField.name, expression: "'First'" }],
        saveAs: 'First',
      },
      {
        id: 'b',
        name: 'Make another',
        kind: 'createRecord',
        typeId: ids.activity,
        values: [{ memberId: sysField.name, expression: "'Second'" }],
        saveAs: 'Second',
      },
      {
        id: 'c',
        name: 'Link first',
        kind: 'link',
        relationshipId: ids.dealActivities,
        from: '[Deal]',
        to: '@First',
      },
      {
        id: 'd',
        name: 'Link second',
        kind: 'link',
        relationshipId: ids.dealActivities,
        from: '[Deal]',
        to: '@Second',
      },
      {
        id: 'e',
        name: 'Unlink first',
        kind: 'unlink',
        relationshipId: ids.dealActivities,
        from: '[Deal]',
        to: '@First',
      },
    ]);
    const saved = await saveWorkflow(t.admin, 'Links', def);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const dealId = await newDeal(seller, 'Linked', 1);
    const run = await runToStop(seller, saved.body.ids['new:wf'], dealId);
    expect(run.workflowRunStatus.name, JSON.stringify(run.errorLogEntry)).toBe('Completed');
    const deal = await seller.read(dealId, 'activities.name');
    expect(deal.body.activities.map((a: { name: string }) => a.name)).toEqual(['Second']);

    const backwards = definition([
      {
        id: 'x',
        name: 'Wrong way',
        kind: 'link',
        relationshipId: ids.dealActivities,
        from: '[Deal]',
        to: '[Deal]',
      },
    ]);
    const refused = await saveWorkflow(t.admin, 'Backwards', backwards);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.errors[0].message).toMatch(
      /^Step 1 'Wrong way', To: Give a record of another Object/,
    );
  });

  it('offers each workflow the caller may run on a record in its action menus', async () => {
    const others = await createRole(t.admin, 'Menu others', [{ typeId: ids.deal, canRead: true }]);
    await saveWorkflow(t.admin, 'Zz only others', markWon(), [others]);
    const open = await saveWorkflow(t.admin, 'Zz for deals', markWon());
    const dealId = await newDeal(seller, 'Menu deal', 3);
    const menu = await seller.post('/spapi/data/v1/actions/menu', { entityTypeId: ids.deal, ids: [dealId] });
    expect(menu.status, JSON.stringify(menu.body)).toBe(200);
    const runs = menu.body.data.actions.filter((a: { method: string }) => a.method === 'run');
    expect(runs.map((a: { name: string }) => a.name)).toContain('Zz for deals');
    expect(runs.map((a: { name: string }) => a.name)).not.toContain('Zz only others');
    expect(runs.find((a: { name: string }) => a.name === 'Zz for deals')).toMatchObject({
      eid: open.body.ids['new:wf'],
      isenabled: true,
      data: { WorkflowArgument: 'Deal' },
    });
    const none = await seller.post('/spapi/data/v1/actions/menu', { entityTypeId: ids.activity, ids: [] });
    expect(none.body.data.actions.some((a: { method: string }) => a.method === 'run')).toBe(false);
  });

  it('runs each step with the runner’s rights: a refused step fails the run and writes nothing', async () => {
    const reader = await createRole(t.admin, 'Readers', [
      { typeId: ids.deal, canRead: true },
      { typeId: ids.activity, canRead: true, canCreate: true },
    ]);
    await t.addUser('reader', [reader]);
    const readerClient = await t.login('reader');
    const saved = await saveWorkflow(t.admin, 'Mark won (rights)', markWon());
    const dealId = await newDeal(t.admin, 'Not yours', 5);
    const failed = await runToStop(readerClient, saved.body.ids['new:wf'], dealId);
    expect(failed.workflowRunStatus.name).toBe('Failed');
    expect(failed.errorLogEntry).toEqual({
      name: 'Mark won',
      description: 'You do not have permission to do this.',
    });
    const deal = await t.admin.read(dealId, 'Won');
    expect(deal.body.Won ?? null).toBeNull();
    // Another user cannot read the run.
    expect((await seller.get(`/spapi/data/v1/workflow/run/${failed.id}`)).status).toBe(404);
  });

  it('resumes a run whose process died mid-step without doing a finished step again', async () => {
    const def = definition([
      {
        id: 'c',
        name: 'Create',
        kind: 'createRecord',
        typeId: ids.activity,
        values: [{ memberId: sysField.name, expression: "'Once only'" }],
      },
      {
        id: 'n',
        name: 'Tell',
        kind: 'notify',
        recipient: '[Deal].securityOwner',
        subject: "'Done'",
        message: "''",
        email: false,
      },
    ]);
    const saved = await saveWorkflow(t.admin, 'Crashy', def);
    const dealId = await newDeal(seller, 'Crash test', 1);
    // Nobody works the queue while the run is started: the test plays the worker.
    await t.services.jobs!.stop();
    const res = await seller.post(`/spapi/data/v1/workflow/run/${saved.body.ids['new:wf']}`, {
      inputArguments: [{ name: 'Deal', value: dealId }],
    });
    expect(res.status).toBe(200);
    const job: RunJob = { tenantId: t.tenantId, runId: res.body.id, userId: sellerId };
    let notified = 0;
    const crashing: Notifier = async () => {
      throw new Error('the process died');
    };
    await expect(advanceRun(t.services, crashing, job)).rejects.toThrow('the process died');
    const midway = await seller.get(`/spapi/data/v1/workflow/run/${res.body.id}`);
    expect(midway.body).toMatchObject({ workflowRunStatus: { name: 'Running' }, runStepCounter: 1 });
    const counting: Notifier = async () => {
      notified++;
    };
    await advanceRun(t.services, counting, job);
    const after = await seller.get(`/spapi/data/v1/workflow/run/${res.body.id}`);
    expect(after.body).toMatchObject({ workflowRunStatus: { name: 'Completed' }, runStepCounter: 2 });
    expect(notified).toBe(1);
    const count = await t.services.db
      .selectFrom('entities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', t.tenantId)
      .where('type_id', '=', ids.activity)
      .where('name', '=', 'Once only')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    await startWorkflowQueue(t);
  });

  it('keeps system types apart: nobody writes a run’s status through the entity service', async () => {
    const saved = await saveWorkflow(t.admin, 'Plain', definition([]));
    const dealId = await newDeal(seller, 'Plain', 1);
    const run = await runToStop(seller, saved.body.ids['new:wf'], dealId);
    expect(run.workflowRunStatus.name).toBe('Completed');
    const read = await t.admin.read(run.id);
    const res = await t.admin.request(
      'PATCH',
      `/spapi/data/v1/entity/${run.id}`,
      { fields: { workflowRunStatus: 'Running' } },
      { 'if-match': String(read.headers.etag) },
    );
    expect(res.status).toBe(400);
    expect(sysType.workflowRun).toBeGreaterThan(0);
  });
});
