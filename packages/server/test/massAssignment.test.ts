import { sysRecord } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from './support/crmSchema.js';
import { type Answer, engines, startTestApp, type TestApp } from './support/testApp.js';

const PUT = '/spapi/data/v1/entity/put';

describe.each(engines)('mass assignment on %s', (engine) => {
  let t: TestApp;
  let account: number;
  let rec: number;
  let before: unknown;

  const count = async () =>
    Number(
      (
        await t.services.db
          .selectFrom('entities')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', t.tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stored = () =>
    t.services.db
      .selectFrom('entities')
      .selectAll()
      .where('tenant_id', '=', t.tenantId)
      .where('id', '=', rec)
      .executeTakeFirstOrThrow();

  /** A 400 with the JSON error shape, and the record and the record count as they were. */
  const expectRefused = async (res: Answer, n: number) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toEqual({
      error: {
        code: expect.stringMatching(/^(bad_request|validation_failed)$/),
        message: expect.any(String),
        ...(res.body.error.details === undefined ? {} : { details: expect.anything() }),
      },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(await stored()).toEqual(before);
    expect(await count()).toBe(n);
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    account = (
      await defineType(t.admin, 'Account', [
        { name: 'Notes', script: 'notes', type: 'Text' },
        { name: 'Reference', script: 'reference', type: 'AutoNumber', autoNumberSeed: 100 },
        {
          name: 'Total',
          script: 'total',
          type: 'Calculation',
          fieldCalculation: '1 + 1',
          calcResultType: 'Number',
        },
      ])
    ).typeId;
    const put = await t.admin.put([{ id: 'new:a', typeId: account, fields: { name: 'Acme', notes: 'n' } }]);
    expect(put.status).toBe(200);
    rec = put.body.ids['new:a'];
    before = await stored();
  });
  afterAll(() => t.close());

  const forbiddenFields: Array<[string, unknown]> = [
    ['id', 1],
    ['tenant_id', 2],
    ['tenantId', 2],
    ['version', 99],
    ['createdDate', '2020-01-01T00:00:00Z'],
    ['modifiedDate', '2020-01-01T00:00:00Z'],
    ['#102', '2020-01-01T00:00:00Z'],
    ['created_at', '2020-01-01T00:00:00Z'],
    ['createdBy', 10_001],
    ['created_by', 10_001],
    ['lastModifiedBy', 10_001],
    ['securityOwner', 10_001],
    ['owner_id', 10_001],
    ['isOfType', 3],
    ['type_id', 3],
    ['typeId', 3],
    ['total', 5],
    ['reference', 7],
    ['constructor', 'x'],
    ['prototype', 'x'],
    ['toString', 'x'],
    ['hasOwnProperty', 'x'],
    ['data', '{}'],
    // Fields of other types, by id: the access-rule flags and a field's type.
    ['#200', true],
    ['#120', 'Text'],
    ['canRead', true],
    ['fieldType', 'Text'],
  ];

  it.each(forbiddenFields)('refuses the field %s on update and on create', async (key, value) => {
    const n = await count();
    await expectRefused(await t.admin.put([{ id: rec, fields: { [key]: value } }]), n);
    await expectRefused(await t.admin.put([{ id: rec, fields: { notes: 'changed', [key]: value } }]), n);
    await expectRefused(
      await t.admin.put([{ id: 'new:b', typeId: account, fields: { name: 'New', [key]: value } }]),
      n,
    );
  });

  it.each(['isOfType', 'createdBy', 'lastModifiedBy', 'securityOwner', 'instancesOfType'])(
    'refuses a change of the relationship %s',
    async (key) => {
      const n = await count();
      for (const change of [
        { set: [t.adminId] },
        { add: [t.adminId] },
        { remove: [t.adminId] },
        { set: [] },
      ]) {
        await expectRefused(await t.admin.put([{ id: rec, relationships: { [key]: change } }]), n);
        await expectRefused(
          await t.admin.put([
            { id: 'new:b', typeId: account, fields: { name: 'B' }, relationships: { [key]: change } },
          ]),
          n,
        );
      }
    },
  );

  it('refuses __proto__ and constructor.prototype keys anywhere in the body', async () => {
    const n = await count();
    const bodies = [
      `{"entities":[{"id":${rec},"fields":{"__proto__":{"isAdmin":true}}}]}`,
      `{"entities":[{"id":${rec},"fields":{"notes":"x","__proto__":{"notes":"y"}}}]}`,
      `{"__proto__":{"isAdmin":true},"entities":[{"id":${rec},"fields":{"notes":"x"}}]}`,
      `{"entities":[{"id":${rec},"__proto__":{"version":1},"fields":{"notes":"x"}}]}`,
      `{"entities":[{"id":${rec},"fields":{"constructor":{"prototype":{"isAdmin":true}}}}]}`,
      `{"constructor":{"prototype":{"isAdmin":true}},"entities":[]}`,
      `{"entities":[{"id":${rec},"relationships":{"__proto__":{"set":[1]}}}]}`,
    ];
    for (const body of bodies) {
      const res = await t.admin.request('POST', PUT, body, { 'content-type': 'application/json' });
      await expectRefused(res, n);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    }
  });

  it('refuses unknown top-level and per-entity properties', async () => {
    const n = await count();
    const bodies: unknown[] = [
      { entities: [{ id: rec, fields: { notes: 'x' } }], deleted: [], tenantId: 2 },
      { entities: [{ id: rec, fields: { notes: 'x' } }], isAdmin: true },
      { entities: [{ id: rec, fields: { notes: 'x' }, tenant_id: 2 }] },
      { entities: [{ id: rec, fields: { notes: 'x' }, createdBy: 10_001 }] },
      { entities: [{ id: rec, fields: { notes: 'x' }, ownerId: 10_001 }] },
      { entities: [{ id: rec, fields: { notes: 'x' }, canModify: true }] },
      { entities: [{ id: rec, fields: { notes: 'x' }, createdDate: '2020-01-01' }] },
      { entities: [{ id: rec, relationships: { notes: { set: [1], replace: [2] } } }] },
      { entities: [{ id: 'new:b', typeId: account, fields: { name: 'B' }, id2: 5 }] },
    ];
    for (const body of bodies) await expectRefused(await t.admin.post(PUT, body), n);
  });

  it('refuses record references that are neither an id nor a new:key', async () => {
    const n = await count();
    for (const id of [0, -1, 1.5, '10000', 'new:', 'x:y', 'new:a b', null, true, { id: 1 }]) {
      await expectRefused(
        await t.admin.post(PUT, { entities: [{ id, typeId: account, fields: { name: 'Claim' } }] }),
        n,
      );
    }
    // An existing catalogue id is an update of the catalogue: never allowed.
    const res = await t.admin.put([
      { id: sysRecord.administratorsRole, typeId: account, fields: { name: 'Claim' } },
    ]);
    expect(res.status).toBe(403);
    expect(await count()).toBe(n);
  });

  it('never changes the type of an existing record', async () => {
    const res = await t.admin.put([{ id: rec, typeId: 'core:accessRule', fields: { notes: 'typed' } }]);
    if (res.status === 200) {
      const row = await stored();
      expect(row.type_id).toBe(account);
      expect((await t.admin.read(rec, 'notes')).body).toMatchObject({ typeId: account, notes: 'typed' });
    } else {
      await expectRefused(res, await count());
    }
    before = await stored();
  });

  it('still accepts a clean update, so the refusals above are about the keys', async () => {
    const version = (await stored()).version;
    const res = await t.admin.put([{ id: rec, version, fields: { notes: 'clean' } }]);
    expect(res.status).toBe(200);
    const after = await t.admin.read(rec, 'notes, reference, total, createdDate');
    expect(after.body).toMatchObject({ notes: 'clean', version: version + 1, reference: 100 });
    before = await stored();
  });
});
