import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

describe.each(engines)('entity service on %s', (engine) => {
  let t: TestApp;
  let account: number;
  let contact: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    account = (
      await defineType(t.admin, 'Account', [{ name: 'Revenue', script: 'revenue', type: 'Currency' }])
    ).typeId;
    contact = (
      await defineType(t.admin, 'Contact', [
        { name: 'Email', script: 'email', type: 'Text', isRequired: true },
      ])
    ).typeId;
    await defineRelationship(t.admin, 'lookup', contact, account, 'account', 'contacts');
  });
  afterAll(() => t.close());

  it('creates records with relationships in one put and reads them back with a nested query', async () => {
    const put = await t.admin.put([
      { id: 'new:a', typeId: account, fields: { name: 'Acme Pty', revenue: '1234.50' } },
      {
        id: 'new:c',
        typeId: contact,
        fields: { name: 'Jo', email: 'jo@acme.test' },
        relationships: { account: { set: ['new:a'] } },
      },
    ]);
    expect(put.status).toBe(200);
    const { 'new:a': a, 'new:c': c } = put.body.ids;
    const read = await t.admin.read(c, 'name, email, account.name, account.revenue, isOfType.name');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: c,
      name: 'Jo',
      email: 'jo@acme.test',
      version: 1,
      canModify: true,
      canDelete: true,
      account: { id: a, name: 'Acme Pty', revenue: 1234.5 },
      isOfType: { name: 'Contact' },
    });
    const back = await t.admin.read(a, 'name, contacts.name');
    expect(back.body.contacts).toEqual([expect.objectContaining({ id: c, name: 'Jo' })]);
  });

  it('answers 400 with the spec message for a missing required value, and writes nothing', async () => {
    const res = await t.admin.put([
      { id: 'new:a', typeId: account, fields: { name: 'Orphan Co' } },
      { id: 'new:c', typeId: contact, fields: { name: 'No Email' } },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed' });
    expect(res.body.error.details.errors).toEqual([
      { id: 'new:c', member: 'email', message: 'A value is required.' },
    ]);
    const list = await t.admin.post('/spapi/data/v1/entity/ofType', {
      typeId: account,
      filter: { name: 'Orphan Co' },
    });
    expect(list.body.entities).toEqual([]);
  });

  it('reads the order of a choice value that has none as 999', async () => {
    const stage = (await defineType(t.admin, 'Stage', [], sysType.enumValue)).typeId;
    const put = await t.admin.put([
      { id: 'new:first', typeId: stage, fields: { name: 'First', enumOrder: 1 } },
      { id: 'new:unordered', typeId: stage, fields: { name: 'Unordered' } },
    ]);
    const read = await t.admin.post('/spapi/data/v1/entity/query', {
      ids: [put.body.ids['new:first'], put.body.ids['new:unordered']],
      query: 'name, enumOrder',
    });
    expect(read.body.entities.map((e: { enumOrder: number }) => e.enumOrder)).toEqual([1, 999]);
  });
});
