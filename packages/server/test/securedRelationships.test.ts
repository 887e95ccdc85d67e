import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { createRole } from './support/roles.js';
import { type Answer, type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

const names = (a: Answer) => (a.body.entities as Array<{ name: string }>).map((e) => e.name).sort();

/**
 * securesTo and securesFrom (decision 0115): whoever may read a record may read the records it
 * secures through the relationship, one step, and nothing more.
 */
describe.each(engines)('relationships that secure their records on %s', (engine) => {
  let t: TestApp;
  let project: number;
  let task: number;
  let note: number;
  let tasksRel: number;
  let mine: number;
  let theirs: number;
  let myTask: number;
  let theirTask: number;
  let looseTask: number;
  let myNote: number;
  let theirNote: number;
  let pm: Client;
  let pmId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    project = (await defineType(t.admin, 'Project', [])).typeId;
    task = (await defineType(t.admin, 'Task', [])).typeId;
    note = (await defineType(t.admin, 'Note', [])).typeId;
    // A project secures its tasks (forward end) and its notes (the reverse end of the notes' lookup).
    tasksRel = await defineRelationship(t.admin, 'dependants', project, task, 'tasks', 'project', {
      securesTo: true,
    });
    await defineRelationship(t.admin, 'lookup', note, project, 'project', 'notes', { securesFrom: true });
    const role = await createRole(t.admin, 'Project managers', [
      { typeId: project, canRead: true, canCreate: true, canModify: true, ownedOnly: true },
    ]);
    pmId = await t.addUser('pm', [role]);
    pm = await t.login('pm');

    const own = await pm.put([{ id: 'new:p', typeId: project, fields: { name: 'My project' } }]);
    expect(own.status).toBe(200);
    mine = own.body.ids['new:p'];
    const put = await t.admin.put([
      { id: 'new:p', typeId: project, fields: { name: 'Their project' } },
      {
        id: 'new:t1',
        typeId: task,
        fields: { name: 'My task' },
        relationships: { project: { set: [mine] } },
      },
      {
        id: 'new:t2',
        typeId: task,
        fields: { name: 'Their task' },
        relationships: { project: { set: ['new:p'] } },
      },
      { id: 'new:t3', typeId: task, fields: { name: 'Loose task' } },
      {
        id: 'new:n1',
        typeId: note,
        fields: { name: 'My note' },
        relationships: { project: { set: [mine] } },
      },
      {
        id: 'new:n2',
        typeId: note,
        fields: { name: 'Their note' },
        relationships: { project: { set: ['new:p'] } },
      },
    ]);
    expect(put.status).toBe(200);
    ({
      'new:p': theirs,
      'new:t1': myTask,
      'new:t2': theirTask,
      'new:t3': looseTask,
      'new:n1': myNote,
      'new:n2': theirNote,
    } = put.body.ids);
  });
  afterAll(() => t.close());

  it('lets the reader of a project read its tasks (securesTo) and its notes (securesFrom)', async () => {
    expect((await pm.read(myTask, 'name')).body).toMatchObject({ name: 'My task', canModify: false });
    expect((await pm.read(myNote, 'name')).body).toMatchObject({ name: 'My note' });
    expect(names(await pm.post('/spapi/data/v1/entity/ofType', { typeId: task }))).toEqual(['My task']);
    expect(names(await pm.post('/spapi/data/v1/entity/ofType', { typeId: note }))).toEqual(['My note']);
    const p = await pm.read(mine, 'name, tasks.name, notes.name');
    expect(p.body.tasks).toEqual([expect.objectContaining({ id: myTask, name: 'My task' })]);
    expect(p.body.notes).toEqual([expect.objectContaining({ id: myNote, name: 'My note' })]);
  });

  it('is named by the "view as" check as the reason a secured record is readable', async () => {
    const view = await t.admin.post('/spapi/admin/v1/viewAs', { userId: pmId, typeId: task });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ readableCount: 1, totalCount: 3 });
    expect(view.body.records).toEqual([
      expect.objectContaining({
        id: myTask,
        reasons: [
          expect.objectContaining({
            description: "Secured by its Project ('project'): read where that record is",
          }),
        ],
      }),
    ]);
  });

  it('reaches no record secured by a project the reader may not read, and no unlinked one', async () => {
    expect((await pm.read(theirs, 'name')).status).toBe(404);
    for (const id of [theirTask, theirNote, looseTask]) expect((await pm.read(id, 'name')).status).toBe(404);
  });

  it('grants reading only: a secured task cannot be changed or deleted', async () => {
    expect((await pm.put([{ id: myTask, fields: { name: 'Renamed' } }])).status).toBe(403);
    expect((await pm.post('/spapi/data/v1/entity/delete', { ids: [myTask] })).status).toBe(403);
    expect((await t.admin.read(myTask, 'name')).body).toMatchObject({ name: 'My task', version: 1 });
  });

  it('cannot be used to reach a record by linking it: the link is refused and nothing changes', async () => {
    const res = await pm.put([{ id: mine, relationships: { tasks: { add: [looseTask] } } }]);
    expect(res.status).toBe(404);
    expect((await pm.read(looseTask, 'name')).status).toBe(404);
    expect((await t.admin.read(looseTask, 'project.name')).body.project).toBeNull();
  });

  it('follows the relationship as it is now: turned off, the tasks are hidden at once', async () => {
    const rel = await t.admin.read(tasksRel, 'name');
    const off = await t.admin.put([
      { id: tasksRel, version: rel.body.version, fields: { securesTo: false } },
    ]);
    expect(off.status).toBe(200);
    expect((await pm.read(myTask, 'name')).status).toBe(404);
    expect((await pm.read(myNote, 'name')).status).toBe(200);
    const on = await t.admin.put([
      { id: tasksRel, version: rel.body.version + 1, fields: { securesTo: true } },
    ]);
    expect(on.status).toBe(200);
    expect((await pm.read(myTask, 'name')).status).toBe(200);
  });
});
