import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { type Answer, type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

/** Status and raw body of an answer, to compare two answers byte for byte. */
const raw = (a: Answer) => ({ status: a.status, body: JSON.stringify(a.body) });

describe.each(engines)('tenant isolation on %s', (engine) => {
  let t: TestApp;
  let acme: Client;
  let other: Client;
  /** Acme's types. */
  let account: number;
  let contact: number;
  /** A record of the other tenant whose id is free in Acme. */
  let foreign: number;
  /** An id no tenant uses. */
  const missing = 987_654;
  /** A record of Acme. */
  let mine: number;
  let otherTenant: number;
  let otherAccount: number;

  const countAll = async (tenantId: number) =>
    Number(
      (
        await t.services.db
          .selectFrom('entities')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(engine);
    acme = t.admin;
    account = (await defineType(acme, 'Account', [{ name: 'Notes', script: 'notes', type: 'Text' }])).typeId;
    contact = (await defineType(acme, 'Contact', [])).typeId;
    await defineRelationship(acme, 'lookup', contact, account, 'account', 'contacts');
    mine = (await acme.put([{ id: 'new:a', typeId: account, fields: { name: 'Acme own' } }])).body.ids[
      'new:a'
    ];

    const o = await t.addTenant('globex');
    other = o.admin;
    otherTenant = o.tenantId;
    // A first type of its own, so the other tenant's Account has a different id from Acme's.
    await defineType(other, 'Filler', []);
    otherAccount = (await defineType(other, 'Account', [{ name: 'Notes', script: 'notes', type: 'Text' }]))
      .typeId;
    // Enough records that the other tenant's newest id is one Acme has never handed out.
    const many = Array.from({ length: 40 }, (_, i) => ({
      id: `new:x${i}`,
      typeId: otherAccount,
      fields: { name: `Globex ${i}` },
    }));
    const put = await other.put(many);
    expect(put.status).toBe(200);
    foreign = put.body.ids['new:x39'];
    const acmeNext = await t.services.db
      .selectFrom('tenants')
      .select('next_id')
      .where('id', '=', t.tenantId)
      .executeTakeFirstOrThrow();
    expect(foreign).toBeGreaterThanOrEqual(Number(acmeNext.next_id));
    expect((await other.read(foreign, 'name')).body.name).toBe('Globex 39');
  });
  afterAll(() => t.close());

  const expectSameAsMissing = async (call: (id: number) => Promise<Answer>) => {
    const a = await call(foreign);
    const b = await call(missing);
    expect(a.status).toBe(404);
    expect(raw(a)).toEqual(raw(b));
    expect(a.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  };

  it('answers a read of another tenant’s record exactly like a missing one (GET and POST query)', async () => {
    await expectSameAsMissing((id) => acme.read(id, 'name'));
    await expectSameAsMissing((id) => acme.read(id));
    await expectSameAsMissing((id) => acme.post('/spapi/data/v1/entity/query', { ids: [id] }));
    await expectSameAsMissing((id) => acme.post('/spapi/data/v1/entity/query', { ids: [mine, id] }));
    await expectSameAsMissing((id) => acme.get(`/spapi/data/v1/entity/${id}?query=name,notes`));
  });

  it('answers an update of another tenant’s record like a missing one, and changes nothing', async () => {
    await expectSameAsMissing((id) => acme.put([{ id, fields: { name: 'Hijacked' } }]));
    await expectSameAsMissing((id) => acme.put([{ id, version: 1, fields: { name: 'Hijacked' } }]));
    await expectSameAsMissing((id) =>
      acme.put([
        { id: mine, fields: { notes: 'changed too' } },
        { id, fields: { name: 'Hijacked' } },
      ]),
    );
    const theirs = await other.read(foreign, 'name, notes');
    expect(theirs.body).toMatchObject({ name: 'Globex 39', notes: null, version: 1 });
    expect((await acme.read(mine, 'notes')).body.notes).toBeNull();
  });

  it('answers another tenant’s record as a relationship target like a missing one, and links nothing', async () => {
    const before = await countAll(t.tenantId);
    await expectSameAsMissing((id) =>
      acme.put([
        {
          id: 'new:c',
          typeId: contact,
          fields: { name: 'Linked' },
          relationships: { account: { set: [id] } },
        },
      ]),
    );
    await expectSameAsMissing((id) =>
      acme.put([
        {
          id: 'new:c',
          typeId: contact,
          fields: { name: 'Linked' },
          relationships: { account: { add: [id] } },
        },
      ]),
    );
    expect(await countAll(t.tenantId)).toBe(before);
    const links = await t.services.db
      .selectFrom('relationships')
      .select('from_id')
      .where('to_id', '=', foreign)
      .where('tenant_id', '=', t.tenantId)
      .execute();
    expect(links).toEqual([]);
  });

  it('answers a delete of another tenant’s record like a missing one, and deletes nothing', async () => {
    const theirs = await countAll(otherTenant);
    await expectSameAsMissing((id) => acme.post('/spapi/data/v1/entity/delete', { ids: [id] }));
    await expectSameAsMissing((id) => acme.request('DELETE', `/spapi/data/v1/entity/${id}`));
    await expectSameAsMissing((id) => acme.put([], [id]));
    await expectSameAsMissing((id) => acme.post('/spapi/data/v1/entity/deleteDetails', { ids: [id] }));
    expect(await countAll(otherTenant)).toBe(theirs);
    expect((await other.read(foreign, 'name')).status).toBe(200);
  });

  it('never lists another tenant’s records by type', async () => {
    const list = await acme.post('/spapi/data/v1/entity/ofType', { typeId: account, pageSize: 1000 });
    expect(list.status).toBe(200);
    expect(list.body.entities.map((e: { name: string }) => e.name)).toEqual(['Acme own']);
    const resources = await acme.post('/spapi/data/v1/entity/ofType', {
      typeId: 'core:resource',
      query: 'name',
      pageSize: 1000,
    });
    expect(resources.status).toBe(200);
    const names: string[] = resources.body.entities.map((e: { name: string }) => e.name);
    expect(names.filter((n) => n?.startsWith('Globex'))).toEqual([]);
    // Filtering on a name only the other tenant has finds nothing.
    const byName = await acme.post('/spapi/data/v1/entity/ofType', {
      typeId: 'core:resource',
      filter: { name: 'Globex 39' },
    });
    expect(byName.body.entities).toEqual([]);
  });

  it('answers another tenant’s types like missing ones in the schema calls, and its own settings only', async () => {
    // Type ids are per tenant: the other tenant's alias names nothing here.
    const theirs = await acme.get('/spapi/data/v1/schema/type/test:Filler');
    const nothing = await acme.get('/spapi/data/v1/schema/type/test:Nothing');
    expect(theirs.status).toBe(404);
    expect(raw(theirs)).toEqual(raw(nothing));
    expect((await other.get('/spapi/data/v1/schema/type/test:Filler')).status).toBe(200);
    expect(
      (await acme.get('/spapi/data/v1/schema/newFieldName?typeId=test:Filler&fieldType=Text')).status,
    ).toBe(404);
    const list = await acme.post('/spapi/data/v1/entity/ofType', { typeId: 'test:Filler' });
    expect(list.status).toBeGreaterThanOrEqual(400);
    expect(list.status).toBeLessThan(500);
    const settings = await acme.get('/spapi/data/v1/tenantSettings');
    expect(settings.body.tenantName).toBe('Acme');
    expect((await other.get('/spapi/data/v1/tenantSettings')).body.tenantName).toBe('globex');
  });

  it('resolves aliases within the caller’s tenant only', async () => {
    const put = await other.put([
      { id: 'new:s', typeId: 'test:Account', fields: { name: 'Secret', alias: 'globex:secret' } },
    ]);
    expect(put.status).toBe(200);
    expect((await other.read('globex:secret', 'name')).body.name).toBe('Secret');
    const leaked = await acme.read('globex:secret', 'name');
    const nothing = await acme.read('globex:nothing', 'name');
    expect(leaked.status).toBe(404);
    expect(raw(leaked)).toEqual(raw(nothing));
    const viaQuery = await acme.post('/spapi/data/v1/entity/query', { ids: ['globex:secret'] });
    expect(viaQuery.status).toBe(404);
    // The same alias names each tenant's own type.
    const acmeType = await acme.read('test:Account', 'name');
    const otherType = await other.read('test:Account', 'name');
    expect(acmeType.body.id).toBe(account);
    expect(otherType.body.id).toBe(otherAccount);
    expect(otherAccount).not.toBe(account);
    // A put in Acme by the other tenant's alias creates nothing there.
    const before = await countAll(t.tenantId);
    const cross = await acme.put([
      {
        id: 'new:c',
        typeId: contact,
        fields: { name: 'X' },
        relationships: { account: { set: [put.body.ids['new:s']] } },
      },
    ]);
    expect(cross.status).toBe(404);
    expect(await countAll(t.tenantId)).toBe(before);
  });
});
