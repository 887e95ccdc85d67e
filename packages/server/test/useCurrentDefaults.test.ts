import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { createRole } from './support/roles.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Issue 17 item 6: a relationship whose end says "use current" starts a new record linked to the
 * signed-in user — in the put, whatever makes the record, and in the new record's form/data.
 */
describe.each(engines)('use-current relationship defaults on %s', (engine) => {
  let t: TestApp;
  let task: number;
  let plain: Client;
  let plainId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    task = (await defineType(t.admin, 'Task', [{ name: 'Title', script: 'title', type: 'Text' }])).typeId;
    await defineRelationship(t.admin, 'lookup', task, sysType.userAccount, 'owner', 'ownedTasks', {
      defaultToUseCurrent: true,
    });
    await defineRelationship(t.admin, 'lookup', task, sysType.userAccount, 'reviewer', 'reviewedTasks');
    const role = await createRole(t.admin, 'Task makers', [
      { typeId: task, canRead: true, canCreate: true, canModify: true },
    ]);
    plainId = await t.addUser('plain', [role]);
    plain = await t.login('plain');
  });
  afterAll(() => t?.close());

  const create = async (client: Client, relationships: Record<string, { set: number[] }> = {}) => {
    const res = await client.put([{ id: 'new:t', typeId: task, fields: { name: 'A task' }, relationships }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (await t.admin.read(res.body.ids['new:t'], 'owner, reviewer')).body;
  };

  it('links a new record to the signed-in user unless the write names the end', async () => {
    const made = await create(t.admin);
    expect(made.owner).toMatchObject({ id: t.adminId });
    expect(made.reviewer).toBeNull();
    // Named, even as no one, the end is what the write says.
    expect((await create(t.admin, { owner: { set: [] } })).owner).toBeNull();
    expect((await create(t.admin, { owner: { set: [plainId] } })).owner).toMatchObject({ id: plainId });
    // A change of an existing record is never defaulted.
    const id = (await create(t.admin, { owner: { set: [] } })).id;
    expect((await t.admin.put([{ id, fields: { title: 'changed' } }])).status).toBe(200);
    expect((await t.admin.read(id, 'owner')).body.owner).toBeNull();
  });

  it('shows the signed-in user on the new record’s form before it is saved', async () => {
    const res = await t.admin.post('/spapi/data/v1/form/data', { typeId: task });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.formDataEntity.owner).toMatchObject({ id: t.adminId });
    expect(res.body.formDataEntity.reviewer).toBeNull();
  });

  it('leaves the end empty, and the record made, for a user who may not read their own account', async () => {
    // Plain users may not read user accounts (no rule grants it): linking one would refuse the write.
    expect((await plain.read(plainId, 'name')).status).toBe(404);
    const res = await plain.put([{ id: 'new:t', typeId: task, fields: { name: 'Mine' } }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.admin.read(res.body.ids['new:t'], 'owner')).body.owner).toBeNull();
  });
});
