import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Deleting a record another record requires (a mandatory end of theirs holds only it) is refused
 * with the put's validation error, whatever the route, unless the delete takes that record too
 * (decision 0028).
 */
describe.each(engines)('deleting a record other records require, on %s', (engine) => {
  let t: TestApp;
  let account: number;
  let opp: number;
  let contact: number;
  let region: number;
  let line: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    account = (await defineType(t.admin, 'Account', [])).typeId;
    opp = (await defineType(t.admin, 'Opp', [])).typeId;
    contact = (await defineType(t.admin, 'Contact', [])).typeId;
    region = (await defineType(t.admin, 'Region', [])).typeId;
    line = (await defineType(t.admin, 'Line', [])).typeId;
    // An opportunity needs its account (the from-end is mandatory).
    await defineRelationship(t.admin, 'lookup', opp, account, 'account', 'opportunities', {
      relationshipIsMandatory: true,
    });
    // A contact's account is optional.
    await defineRelationship(t.admin, 'lookup', contact, account, 'employer', 'staff');
    // A region needs at least one account (the reverse end is mandatory).
    await defineRelationship(t.admin, 'manyToMany', account, region, 'regions', 'accounts', {
      revRelationshipIsMandatory: true,
    });
    // A line needs its account, and goes with it (dependantOf cascades from the account).
    await defineRelationship(t.admin, 'dependantOf', line, account, 'lineAccount', 'lines', {
      relationshipIsMandatory: true,
    });
  });
  afterAll(() => t.close());

  /** Creates one record of a type with relationships and answers its id. */
  async function create(typeId: number, relationships: Record<string, { set: number[] }> = {}) {
    const res = await t.admin.put([{ id: 'new:x', typeId, fields: { name: 'x' }, relationships }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.ids['new:x'] as number;
  }

  const exists = async (id: number) => (await t.admin.read(id)).status === 200;
  const accountOf = async (id: number) => (await t.admin.read(id, 'account')).body.account?.id;

  it('refuses deleting an account an opportunity requires, by every route, and deletes nothing', async () => {
    const a = await create(account);
    const o = await create(opp, { account: { set: [a] } });
    const spare = await create(contact);
    const expected = {
      code: 'validation_failed',
      message: `The record ${a} cannot be deleted: 'account' of record ${o} requires it.`,
      details: { errors: [{ id: o, member: 'account', message: 'A value is required.' }] },
    };

    const put = await t.admin.put([], [spare, a]);
    expect(put.status).toBe(400);
    expect(put.body.error).toEqual(expected);
    const del = await t.admin.post('/spapi/data/v1/entity/delete', { ids: [spare, a] });
    expect(del.status).toBe(400);
    expect(del.body.error).toEqual(expected);
    const one = await t.admin.request('DELETE', `/spapi/data/v1/entity/${a}`);
    expect(one.status).toBe(400);
    expect(one.body.error).toEqual(expected);

    expect(await exists(a)).toBe(true);
    expect(await exists(spare)).toBe(true);
    expect(await accountOf(o)).toBe(a);
  });

  it('deletes the account together with the opportunity that requires it', async () => {
    const a = await create(account);
    const o = await create(opp, { account: { set: [a] } });
    const res = await t.admin.post('/spapi/data/v1/entity/delete', { ids: [a, o] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.deleted.sort()).toEqual([a, o].sort());
    expect(await exists(a)).toBe(false);
    expect(await exists(o)).toBe(false);
  });

  it('deletes the account when the same put moves the opportunity to another account', async () => {
    const a = await create(account);
    const b = await create(account);
    const o = await create(opp, { account: { set: [a] } });
    const res = await t.admin.put([{ id: o, relationships: { account: { set: [b] } } }], [a]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await exists(a)).toBe(false);
    expect(await accountOf(o)).toBe(b);
  });

  it('deletes the account when its cascade takes the record that requires it', async () => {
    const a = await create(account);
    const l = await create(line, { lineAccount: { set: [a] } });
    const res = await t.admin.put([], [a]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.deleted.sort()).toEqual([a, l].sort());
    expect(await exists(l)).toBe(false);
  });

  it('does not let an optional link stop the delete', async () => {
    const a = await create(account);
    const c = await create(contact, { employer: { set: [a] } });
    const res = await t.admin.request('DELETE', `/spapi/data/v1/entity/${a}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await exists(a)).toBe(false);
    expect((await t.admin.read(c, 'employer')).body.employer).toBeNull();
  });

  it('refuses deleting the last account of a region (a mandatory reverse end), not one of two', async () => {
    // A new region needs its account in the same put.
    const made = await t.admin.put([
      { id: 'new:r', typeId: region, fields: { name: 'r' } },
      { id: 'new:a', typeId: account, fields: { name: 'a' }, relationships: { regions: { set: ['new:r'] } } },
    ]);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const r = made.body.ids['new:r'] as number;
    const a = made.body.ids['new:a'] as number;
    const b = await create(account, { regions: { set: [r] } });

    const first = await t.admin.put([], [a]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);

    const last = await t.admin.put([], [b]);
    expect(last.status).toBe(400);
    expect(last.body.error).toEqual({
      code: 'validation_failed',
      message: `The record ${b} cannot be deleted: 'accounts' of record ${r} requires it.`,
      details: { errors: [{ id: r, member: 'accounts', message: 'A value is required.' }] },
    });
    expect(await exists(b)).toBe(true);
    expect(await exists(r)).toBe(true);

    const both = await t.admin.put([], [b, r]);
    expect(both.status, JSON.stringify(both.body)).toBe(200);
  });

  it('names every record left without what it requires, the first one in the message', async () => {
    const a = await create(account);
    const o1 = await create(opp, { account: { set: [a] } });
    const o2 = await create(opp, { account: { set: [a] } });
    const res = await t.admin.put([], [a]);
    expect(res.status).toBe(400);
    const errors = res.body.error.details.errors;
    expect(errors).toHaveLength(2);
    expect(errors).toEqual(
      expect.arrayContaining([
        { id: o1, member: 'account', message: 'A value is required.' },
        { id: o2, member: 'account', message: 'A value is required.' },
      ]),
    );
    const [firstError] = errors;
    expect(res.body.error.message).toBe(
      `The record ${a} cannot be deleted: 'account' of record ${firstError.id} requires it (and 1 more like it).`,
    );
  });
});
