import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * The report grid's delete (spec 01 §8, issue 12 item 4): the delete details name the records
 * asked about and their dependents; the delete that follows carries every id the user was shown
 * and takes nothing else (decision 0033).
 */
describe.each(engines)('deleting what the user was shown, on %s', (engine) => {
  let t: TestApp;
  let opp: number;
  let activity: number;
  let task: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    opp = (await defineType(t.admin, 'Opportunity', [])).typeId;
    activity = (await defineType(t.admin, 'Activity', [])).typeId;
    task = (await defineType(t.admin, 'Task', [])).typeId;
    // As in the demo CRM: an opportunity's activities go with it; an activity's tasks go with it.
    await defineRelationship(t.admin, 'dependants', opp, activity, 'activities', 'opportunity');
    await defineRelationship(t.admin, 'dependants', activity, task, 'tasks', 'activity');
  });
  afterAll(() => t.close());

  /** Creates one record and answers its id. */
  async function create(typeId: number, name: string | null, relationships = {}) {
    const res = await t.admin.put([
      { id: 'new:x', typeId, fields: name === null ? {} : { name }, relationships },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.ids['new:x'] as number;
  }
  const details = (ids: number[]) => t.admin.post('/spapi/data/v1/entity/deleteDetails', { ids });
  const remove = (ids: number[], shown?: number[]) =>
    t.admin.post('/spapi/data/v1/entity/delete', shown ? { ids, shown } : { ids });
  const exists = async (id: number) => (await t.admin.read(id)).status === 200;
  /** What the confirmation shows: the records asked about and every dependent. */
  const shownBy = (body: { entities: { id: number }[]; dependents: { id: number }[] }) => [
    ...body.entities.map((e) => e.id),
    ...body.dependents.map((d) => d.id),
  ];

  it('names the records asked about, with their type, beside the dependents and their path', async () => {
    const o = await create(opp, 'Big deal');
    const unnamed = await create(opp, null);
    const a = await create(activity, 'Call with Jane', { opportunity: { set: [o] } });
    const k = await create(task, 'Send notes', { activity: { set: [a] } });
    const res = await details([o, unnamed]);
    expect(res.status).toBe(200);
    expect(res.body.entities).toEqual([
      { id: o, name: 'Big deal', typeName: 'Opportunity' },
      { id: unnamed, name: null, typeName: 'Opportunity' },
    ]);
    const bigDeal = { id: o, name: 'Big deal', typeName: 'Opportunity' };
    expect(res.body.dependents).toEqual([
      { id: a, name: 'Call with Jane', typeName: 'Activity', entitiesOnPath: [bigDeal] },
      {
        id: k,
        name: 'Send notes',
        typeName: 'Task',
        entitiesOnPath: [bigDeal, { id: a, name: 'Call with Jane', typeName: 'Activity' }],
      },
    ]);
  });

  it('deletes exactly what was shown: the record and its dependents', async () => {
    const o = await create(opp, 'Shown deal');
    const a = await create(activity, 'Shown call', { opportunity: { set: [o] } });
    const shown = shownBy((await details([o])).body);
    expect(shown.sort()).toEqual([o, a].sort());
    const res = await remove([o], shown);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.deleted.sort()).toEqual([o, a].sort());
    expect(await exists(o)).toBe(false);
    expect(await exists(a)).toBe(false);
  });

  it('refuses, deleting nothing, when a dependent was added after the details were shown', async () => {
    const o = await create(opp, 'Growing deal');
    const a = await create(activity, 'First call', { opportunity: { set: [o] } });
    const shown = shownBy((await details([o])).body);
    // Someone else adds an activity while the confirmation is open.
    const added = await create(activity, 'Late call', { opportunity: { set: [o] } });
    const res = await remove([o], shown);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'conflict',
      message:
        "The delete would now also take Activity 'Late call', which was not shown. Nothing was deleted; " +
        'delete again to see everything it takes.',
      details: { notShown: [added] },
    });
    for (const id of [o, a, added]) expect(await exists(id)).toBe(true);
    // Asked again, the details show the new dependent, and the delete takes all three.
    const again = await remove([o], shownBy((await details([o])).body));
    expect(again.status).toBe(200);
    expect(again.body.deleted.sort()).toEqual([o, a, added].sort());
  });

  it('counts the further records a grown cascade would take, and names an unnamed one by its type', async () => {
    const o = await create(opp, 'Busy deal');
    const shown = shownBy((await details([o])).body);
    const first = await create(activity, null, { opportunity: { set: [o] } });
    const second = await create(activity, 'Second', { opportunity: { set: [o] } });
    const third = await create(task, 'Third', { activity: { set: [second] } });
    const res = await remove([o], shown);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'The delete would now also take an unnamed Activity and 2 more records, which were not shown. ' +
        'Nothing was deleted; delete again to see everything it takes.',
    );
    expect(res.body.error.details.notShown.sort()).toEqual([first, second, third].sort());
    for (const id of [o, first, second, third]) expect(await exists(id)).toBe(true);
  });

  it('refuses a record asked to be deleted that the shown ids leave out', async () => {
    const o = await create(opp, 'Left out');
    const res = await remove([o], [o + 1_000_000]);
    expect(res.status).toBe(409);
    expect(res.body.error.details).toEqual({ notShown: [o] });
    expect(await exists(o)).toBe(true);
  });

  it('deletes what is left when a shown dependent went meanwhile: never more than shown', async () => {
    const o = await create(opp, 'Shrinking deal');
    const a = await create(activity, 'Kept call', { opportunity: { set: [o] } });
    const gone = await create(activity, 'Gone call', { opportunity: { set: [o] } });
    const shown = shownBy((await details([o])).body);
    expect((await remove([gone])).status).toBe(200);
    const res = await remove([o], shown);
    expect(res.status).toBe(200);
    expect(res.body.deleted.sort()).toEqual([o, a].sort());
  });

  it('still deletes by ids alone for callers that show nothing first (the API)', async () => {
    const o = await create(opp, 'API deal');
    const a = await create(activity, 'API call', { opportunity: { set: [o] } });
    const res = await remove([o]);
    expect(res.status).toBe(200);
    expect(res.body.deleted.sort()).toEqual([o, a].sort());
  });

  it('refuses a malformed list of shown ids with 400', async () => {
    const o = await create(opp, 'Bad input');
    for (const shown of [['x'], [0], [-3], 'all']) {
      const res = await t.admin.post('/spapi/data/v1/entity/delete', { ids: [o], shown });
      expect(res.status).toBe(400);
    }
    expect(await exists(o)).toBe(true);
  });
});
