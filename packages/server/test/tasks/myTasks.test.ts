import { sysType, type WorkflowDefinition, type WorkflowStep } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from '../support/crmSchema.js';
import { createRole } from '../support/roles.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import { startWorkflowQueue } from '../support/workflowQueue.js';

type TaskStep = Extract<WorkflowStep, { kind: 'assignTask' }>;

/**
 * "My tasks" (issue 21 item 5, decision 0131): a user's own tasks — open, due on or before today in
 * the tenant's time zone, done — made by running workflows, and completed through the entity
 * service, which moves the run on.
 */
describe.each(engines)('my tasks on %s', (engine) => {
  let t: TestApp;
  let seller: Client;
  let other: Client;
  let reader: Client;
  const ids = { deal: 0, seller: 0, other: 0, reader: 0 };

  /** A workflow that gives the user `Who` a task about `Deal`, saved by the administrator. */
  async function taskWorkflow(name: string, task: Partial<TaskStep> = {}): Promise<number> {
    const definition: WorkflowDefinition = {
      arguments: [
        { name: 'Deal', type: 'core:resourceArgument', entityTypeId: ids.deal, required: true },
        { name: 'Who', type: 'core:resourceArgument', entityTypeId: sysType.userAccount, required: true },
      ],
      steps: [
        {
          id: 'task',
          name: 'Ask',
          kind: 'assignTask',
          title: "$'Call about {[Deal].Name}'",
          assignee: '[Who]',
          record: '[Deal]',
          popup: false,
          editMode: true,
          wait: false,
          ...task,
        },
      ],
    };
    const res = await t.admin.put([
      {
        id: 'new:wf',
        typeId: 'core:workflow',
        fields: { name, workflowDefinition: JSON.stringify(definition) },
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.ids['new:wf'];
  }

  async function newDeal(name: string): Promise<number> {
    const res = await t.admin.put([{ id: 'new:d', typeId: ids.deal, fields: { name } }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.ids['new:d'];
  }

  /** Runs a workflow as the administrator until it stops; answers the run. */
  async function run(workflowId: number, dealId: number, who: number) {
    const res = await t.admin.post(`/spapi/data/v1/workflow/run/${workflowId}`, {
      inputArguments: [
        { name: 'Deal', value: { id: dealId } },
        { name: 'Who', value: { id: who } },
      ],
      waitForTask: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return waitFor(res.body.id, (status) => status !== 'Queued' && status !== 'Running');
  }

  async function waitFor(runId: number, until: (status: string) => boolean) {
    for (let i = 0; i < 400; i++) {
      const answer = await t.admin.get(`/spapi/data/v1/workflow/run/${runId}`);
      expect(answer.status).toBe(200);
      if (until(answer.body.workflowRunStatus.name)) return answer.body;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`run ${runId} did not get there`);
  }

  const list = (client: Client, query: string) => client.get(`/spapi/data/v1/tasks?${query}`);
  const names = (res: { body: { tasks: { name: string }[] } }) => res.body.tasks.map((task) => task.name);

  beforeAll(async () => {
    t = await startTestApp(engine);
    await startWorkflowQueue(t);
    // Auckland is a day ahead of UTC at 12:30 UTC: "today" is the tenant's, not the server's.
    t.clock.time = new Date('2026-03-15T12:30:00.000Z');
    const settingsId = (await t.admin.read('core:currentTenantSettings', 'name')).body.id;
    expect((await t.admin.put([{ id: settingsId, fields: { timeZone: 'Pacific/Auckland' } }])).status).toBe(
      200,
    );
    ids.deal = (await defineType(t.admin, 'Deal', [{ name: 'Amount', type: 'Number' }])).typeId;
    const sellers = await createRole(t.admin, 'Sellers', [{ typeId: ids.deal, canRead: true }]);
    ids.seller = await t.addUser('seller', [sellers]);
    ids.other = await t.addUser('other', [sellers]);
    ids.reader = await t.addUser('reader', []);
    seller = await t.login('seller');
    other = await t.login('other');
    reader = await t.login('reader');
  });
  afterAll(async () => {
    await t?.services.jobs?.stop();
    await t?.close();
  });

  it('lists the caller’s own open tasks with what opens them, never another user’s', async () => {
    const ask = await taskWorkflow('Ask', { dueInDays: 3, editMode: false, popup: true });
    const mineDeal = await newDeal('Acme renewal');
    const theirsDeal = await newDeal('Globex upsell');
    const first = await run(ask, mineDeal, ids.seller);
    expect(first.workflowRunStatus.name, JSON.stringify(first.errorLogEntry)).toBe('Completed');
    await run(ask, theirsDeal, ids.other);

    const mine = await list(seller, 'state=open');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body).toMatchObject({
      state: 'open',
      counts: { open: 1, due: 0, done: 0 },
      today: '2026-03-16',
      limit: 50,
      offset: 0,
    });
    const [task] = mine.body.tasks;
    expect(task).toMatchObject({
      name: 'Call about Acme renewal',
      dueDate: '2026-03-19',
      isOverdue: false,
      isComplete: false,
      completedAt: null,
      assignedToUser: { id: ids.seller },
      record: { id: mineDeal, typeId: ids.deal, name: 'Acme renewal' },
      formToUse: null,
      openInEditMode: false,
      promptForTaskIsPopup: true,
      canComplete: true,
    });
    expect(task.navigateToTaskUrl).toBe(`_viewRecord?cid=${mineDeal}&taskId=${task.id}&formMode=view`);
    expect(task.version).toBe((await seller.read(task.id)).body.version);

    // The other seller sees only theirs; the administrator, who was given none, sees none.
    expect(names(await list(other, 'state=open'))).toEqual(['Call about Globex upsell']);
    expect((await list(t.admin, 'state=open')).body).toMatchObject({ tasks: [], counts: { open: 0 } });
    // One task by id: the assignee reads it; another user is told it is not there.
    const one = await seller.get(`/spapi/data/v1/tasks/${task.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ task, today: '2026-03-16' });
    const refused = await other.get(`/spapi/data/v1/tasks/${task.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe('The task was not found.');
  });

  it('counts a task due on or before today in the tenant’s time zone, and marks it overdue after', async () => {
    const ask = await taskWorkflow('Ask tomorrow', { dueInDays: 1 });
    await run(ask, await newDeal('Initech'), ids.other);
    const before = await list(other, 'state=due');
    expect(before.body.tasks).toEqual([]);
    // A day on: 12:30 UTC on the 16th is already the 17th in Auckland, the task's due date.
    t.clock.time = new Date('2026-03-16T12:30:00.000Z');
    try {
      const due = await list(other, 'state=due');
      expect(due.body.today).toBe('2026-03-17');
      expect(names(due)).toEqual(['Call about Initech']);
      expect(due.body.tasks[0]).toMatchObject({ dueDate: '2026-03-17', isOverdue: false });
      expect(due.body.counts).toMatchObject({ open: 2, due: 1 });
      t.clock.time = new Date('2026-03-17T12:30:00.000Z');
      const overdue = await list(other, 'state=due');
      expect(overdue.body.tasks[0]).toMatchObject({ dueDate: '2026-03-17', isOverdue: true });
      // Open lists the soonest due first, those without a due date last.
      expect(names(await list(other, 'state=open'))).toEqual([
        'Call about Initech',
        'Call about Globex upsell',
      ]);
    } finally {
      t.clock.time = new Date('2026-03-15T12:30:00.000Z');
    }
  });

  it('completes a task with its version: a stale one is refused, the run moves on, the task is done', async () => {
    const ask = await taskWorkflow('Ask and wait', { wait: true });
    const waiting = await run(ask, await newDeal('Umbrella'), ids.seller);
    expect(waiting.workflowRunStatus.name).toBe('WaitingForTask');
    const open = await list(seller, 'state=open');
    const task = open.body.tasks.find((x: { name: string }) => x.name === 'Call about Umbrella');
    expect(task.runId).toBeNull(); // the seller may not read the administrator's run
    const patch = (version: number) =>
      seller.request(
        'PATCH',
        `/spapi/data/v1/entity/${task.id}`,
        { fields: { userTaskIsComplete: true } },
        { 'if-match': `"${version}"` },
      );
    const stale = await patch(task.version - 1);
    expect(stale.status).toBe(412);
    expect((await list(seller, 'state=open')).body.counts.open).toBe(open.body.counts.open);

    const done = await patch(task.version);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const finished = await waitFor(waiting.id, (status) => status === 'Completed' || status === 'Failed');
    expect(finished.workflowRunStatus.name).toBe('Completed');

    const after = await list(seller, 'state=done');
    expect(names(after)[0]).toBe('Call about Umbrella');
    expect(after.body.tasks[0]).toMatchObject({ isComplete: true, isOverdue: false });
    expect(after.body.tasks[0].completedAt).toBe(t.clock.now().toISOString());
    expect(names(await list(seller, 'state=open'))).not.toContain('Call about Umbrella');

    // Another, no run waiting for it, completed later: done too, listed first, its time that of the write.
    const acme = (await list(seller, 'state=open')).body.tasks[0];
    expect(acme.name).toBe('Call about Acme renewal');
    t.clock.time = new Date('2026-03-15T13:00:00.000Z');
    try {
      const res = await seller.request(
        'PATCH',
        `/spapi/data/v1/entity/${acme.id}`,
        { fields: { userTaskIsComplete: true } },
        { 'if-match': `"${acme.version}"` },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    } finally {
      t.clock.time = new Date('2026-03-15T12:30:00.000Z');
    }
    const both = await list(seller, 'state=done');
    expect(names(both)).toEqual(['Call about Acme renewal', 'Call about Umbrella']);
    expect(both.body.tasks[0].completedAt).toBe('2026-03-15T13:00:00.000Z');
    expect(both.body.counts).toMatchObject({ open: 0, done: 2 });
  });

  it('leaves out the record a task is about when the caller may not read it', async () => {
    const ask = await taskWorkflow('Ask the reader');
    const dealId = await newDeal('Hidden deal');
    await run(ask, dealId, ids.reader);
    const res = await list(reader, 'state=open');
    expect(res.status).toBe(200);
    expect(res.body.tasks).toHaveLength(1);
    expect(res.body.tasks[0]).toMatchObject({
      name: 'Call about Hidden deal',
      record: null,
      navigateToTaskUrl: null,
      canComplete: true,
    });
    expect(JSON.stringify(res.body)).not.toContain(String(dealId));
  });

  it('pages a list, clamps its limit and refuses what is not a list or a task', async () => {
    const ask = await taskWorkflow('Ask many');
    for (const name of ['One', 'Two', 'Three']) await run(ask, await newDeal(name), ids.other);
    const all = await list(other, 'state=open&limit=1000');
    expect(all.body.limit).toBe(100);
    const firstTwo = await list(other, 'state=open&limit=2');
    const next = await list(other, 'state=open&limit=2&offset=2');
    expect([...names(firstTwo), ...names(next)]).toEqual(names(all).slice(0, 4));
    expect(next.body.offset).toBe(2);
    expect((await list(other, '')).body.state).toBe('open');

    for (const bad of ['state=later', 'limit=0', 'limit=x', 'offset=-1', 'colour=red']) {
      const res = await list(other, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toBeDefined();
    }
    expect((await other.get('/spapi/data/v1/tasks/abc')).status).toBe(400);
    expect((await other.get('/spapi/data/v1/tasks/99999999')).status).toBe(404);
    // A record that is not a task is not one, even one the caller may read.
    expect((await other.get(`/spapi/data/v1/tasks/${await newDeal('Not a task')}`)).status).toBe(404);
    const signedOut = await t.app.inject({ method: 'GET', url: '/spapi/data/v1/tasks' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('keeps tenants apart', async () => {
    const { admin: elsewhere } = await t.addTenant('globex');
    const theirs = (await list(other, 'state=open')).body.tasks[0];
    expect((await list(elsewhere, 'state=open')).body.tasks).toEqual([]);
    expect((await elsewhere.get(`/spapi/data/v1/tasks/${theirs.id}`)).status).toBe(404);
  });
});
