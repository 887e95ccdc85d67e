import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * A put's new records get their links together (applyRelChanges): what a later change of the same
 * put reads and replaces still sees the links earlier changes gave them, in the changes' order.
 */
describe.each(engines)('links of new records in one put on %s', (engine) => {
  let t: TestApp;
  let accountId: number;
  let projectId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    accountId = (await defineType(t.admin, 'Account', [])).typeId;
    projectId = (await defineType(t.admin, 'Project', [])).typeId;
    await defineRelationship(t.admin, 'lookup', projectId, accountId, 'account', 'projects');
  });
  afterAll(() => t.close());

  const projectsOf = async (id: number) =>
    ((await t.admin.read(id, 'projects.name')).body.projects as Array<{ name: string }>)
      .map((p) => p.name)
      .sort();

  it('replace, by a later set, a link an earlier change of the put made', async () => {
    const res = await t.admin.put([
      {
        id: 'new:p1',
        typeId: projectId,
        fields: { name: 'P1' },
        relationships: { account: { set: ['new:a'] } },
      },
      { id: 'new:p2', typeId: projectId, fields: { name: 'P2' } },
      {
        id: 'new:a',
        typeId: accountId,
        fields: { name: 'A' },
        relationships: { projects: { set: ['new:p2'] } },
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await projectsOf(res.body.ids['new:a'])).toEqual(['P2']);
  });

  it('keep both links when the set comes before the other link', async () => {
    const res = await t.admin.put([
      {
        id: 'new:a',
        typeId: accountId,
        fields: { name: 'B' },
        relationships: { projects: { set: ['new:p2'] } },
      },
      {
        id: 'new:p1',
        typeId: projectId,
        fields: { name: 'P3' },
        relationships: { account: { set: ['new:a'] } },
      },
      { id: 'new:p2', typeId: projectId, fields: { name: 'P4' } },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await projectsOf(res.body.ids['new:a'])).toEqual(['P3', 'P4']);
  });

  it('link a thousand new records to existing ones and refuse a second link on a to-one end', async () => {
    const account = (await t.admin.put([{ id: 'new:a', typeId: accountId, fields: { name: 'C' } }])).body.ids[
      'new:a'
    ];
    const many = Array.from({ length: 1000 }, (_, i) => ({
      id: `new:${i}`,
      typeId: projectId,
      fields: { name: `Bulk ${i}` },
      relationships: { account: { set: [account] } },
    }));
    expect((await t.admin.put(many)).status).toBe(200);
    expect((await projectsOf(account)).length).toBe(1000);
    const two = await t.admin.put([
      {
        id: 'new:x',
        typeId: projectId,
        fields: { name: 'Two' },
        relationships: { account: { add: [account] } },
      },
      {
        id: 'new:y',
        typeId: accountId,
        fields: { name: 'D' },
        relationships: { projects: { add: ['new:x'] } },
      },
    ]);
    expect(two.status).toBe(400);
  });
});
