import { sysRecord } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { type Answer, type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * A put is one transaction: whatever phase fails (value validation, relationship targets,
 * cardinality, permissions, the metamodel rules, a stale version), nothing it wrote stays — no
 * record, no link, no auto-number. Versions make concurrent writers fail loudly instead of losing
 * an update.
 */
describe.each(engines)('batch put and concurrency on %s', (engine) => {
  let t: TestApp;
  let item: number;
  let holder: number;
  let part: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    item = (
      await defineType(t.admin, 'Item', [
        { name: 'No', script: 'no', type: 'AutoNumber' },
        { name: 'Qty', script: 'qty', type: 'Number', minInt: 0, maxInt: 100 },
        { name: 'Note', script: 'note', type: 'Text' },
        { name: 'Other note', script: 'otherNote', type: 'Text' },
      ])
    ).typeId;
    holder = (await defineType(t.admin, 'Holder', [])).typeId;
    part = (await defineType(t.admin, 'Part', [])).typeId;
    await defineRelationship(t.admin, 'singleLookup', holder, item, 'favourite', 'favouriteOf');
    await defineRelationship(t.admin, 'components', holder, part, 'parts', 'holder');
  });
  afterAll(() => t.close());

  const countOf = async (typeId: number) => {
    const res = await t.admin.post('/spapi/data/v1/entity/ofType', { typeId, pageSize: 1000 });
    expect(res.status).toBe(200);
    return res.body.entities.length as number;
  };
  const countAll = async () => {
    const entities = await t.services.db
      .selectFrom('entities')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', t.tenantId)
      .executeTakeFirstOrThrow();
    const links = await t.services.db
      .selectFrom('relationships')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', t.tenantId)
      .executeTakeFirstOrThrow();
    return { entities: Number(entities.n), links: Number(links.n) };
  };
  /** Creates one item and answers its auto-number: the counter's next value. */
  const nextAutoNumber = async () => {
    const res = await t.admin.put([{ id: 'new:probe', typeId: item, fields: { name: 'probe' } }]);
    expect(res.status).toBe(200);
    return (await t.admin.read(res.body.ids['new:probe'], 'no')).body.no as number;
  };
  const items = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => ({
      id: `new:${i}`,
      typeId: item,
      fields: { name: `${prefix} ${i}`, qty: i },
    }));

  /** Asserts that a failing put left every record, link and counter as it was. */
  async function expectNothingWritten(send: () => Promise<Answer>, status: number) {
    const before = await countAll();
    const itemsBefore = await countOf(item);
    const numberBefore = await nextAutoNumber();
    const res = await send();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error).toEqual(
      expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
    );
    expect(await countOf(item)).toBe(itemsBefore + 1);
    expect(await countAll()).toEqual({ entities: before.entities + 1, links: before.links });
    // The probe before took numberBefore; had the failed put taken numbers, this would skip ahead.
    expect(await nextAutoNumber()).toBe(numberBefore + 1);
    return res;
  }

  it('writes 100 valid records in one put, numbering them in order', async () => {
    const start = await nextAutoNumber();
    const before = await countOf(item);
    const res = await t.admin.put(items(100, 'ok'));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.ids)).toHaveLength(100);
    expect(res.body.versions).toHaveLength(100);
    expect(await countOf(item)).toBe(before + 100);
    const read = await t.admin.post('/spapi/data/v1/entity/query', {
      ids: [res.body.ids['new:0'], res.body.ids['new:99']],
      query: 'no, qty',
    });
    expect(read.body.entities.map((e: any) => [e.no, e.qty])).toEqual([
      [start + 1, 0],
      [start + 100, 99],
    ]);
  });

  it('refuses 100 records with exactly one invalid value: 400 naming only it, nothing written, no number taken', async () => {
    const batch = items(100, 'bad');
    batch[57]!.fields.qty = 101;
    const res = await expectNothingWritten(() => t.admin.put(batch), 400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.errors).toEqual([
      {
        id: 'new:57',
        member: 'qty',
        message: 'The value is out of range; the value must be between 0 and 100 inclusive',
      },
    ]);
    const named = await t.admin.post('/spapi/data/v1/entity/ofType', {
      typeId: item,
      filter: { name: 'bad 0' },
    });
    expect(named.body.entities).toEqual([]);
  });

  it('undoes everything when a cardinality check fails after the records were written', async () => {
    const res = await expectNothingWritten(
      () =>
        t.admin.put([
          ...items(50, 'card'),
          {
            id: 'new:h',
            typeId: holder,
            fields: { name: 'h' },
            relationships: { favourite: { set: ['new:1', 'new:2'] } },
          },
        ]),
      400,
    );
    expect(res.body.error.details.errors).toEqual([
      { id: 'new:h', member: 'favourite', message: "'favourite' can hold only one record." },
    ]);
  });

  it('undoes everything when one relationship points at a missing record (404)', async () => {
    await expectNothingWritten(
      () =>
        t.admin.put([
          ...items(50, 'gone'),
          {
            id: 'new:h',
            typeId: holder,
            fields: { name: 'h' },
            relationships: { favourite: { set: [987_654_321] } },
          },
        ]),
      404,
    );
  });

  it('undoes everything when deleting a record in the batch is forbidden (403)', async () => {
    await expectNothingWritten(() => t.admin.put(items(50, 'forbidden'), [sysRecord.everyoneRole]), 403);
    expect((await t.admin.read(sysRecord.everyoneRole)).status).toBe(200);
  });

  it('undoes everything when the cascade of a delete reaches a record the caller may not delete (403)', async () => {
    const made = await t.admin.put([
      { id: 'new:h', typeId: holder, fields: { name: 'locked holder' } },
      {
        id: 'new:p',
        typeId: part,
        fields: { name: 'locked part' },
        relationships: { holder: { set: ['new:h'] } },
      },
      { id: 'new:i', typeId: item, fields: { name: 'editable' } },
    ]);
    expect(made.status).toBe(200);
    const { 'new:h': h, 'new:p': p, 'new:i': i } = made.body.ids;
    const role = await t.admin.put([
      { id: 'new:role', typeId: 'core:role', fields: { name: 'Holders' } },
      ...[
        { typeId: holder, canRead: true, canCreate: true, canModify: true, canDelete: true },
        { typeId: item, canRead: true, canCreate: true, canModify: true, canDelete: true },
        { typeId: part, canRead: true },
      ].map(({ typeId, ...flags }, n) => ({
        id: `new:rule${n}`,
        typeId: 'core:accessRule',
        fields: { name: `Holders ${n}`, ...flags },
        relationships: { accessRuleRole: { set: ['new:role'] }, accessRuleType: { set: [typeId] } },
      })),
    ]);
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    await t.addUser('holderUser', [role.body.ids['new:role']]);
    const user: Client = await t.login('holderUser');
    await expectNothingWritten(
      () => user.put([...items(20, 'by user'), { id: i, fields: { note: 'changed by user' } }], [h]),
      403,
    );
    expect((await t.admin.read(h)).status).toBe(200);
    expect((await t.admin.read(p)).status).toBe(200);
    expect((await t.admin.read(i, 'note')).body.note).toBeNull();
    // The same user may delete a holder without parts.
    const free = await user.put([{ id: 'new:h', typeId: holder, fields: { name: 'free' } }]);
    expect(free.status).toBe(200);
    expect((await user.put([], [free.body.ids['new:h']])).status).toBe(200);
  });

  it('undoes everything when the metamodel rules refuse a field written in the same batch', async () => {
    const res = await expectNothingWritten(
      () =>
        t.admin.put([
          ...items(10, 'meta'),
          {
            id: 'new:f',
            typeId: 'core:field',
            fields: { name: 'Qty', fieldScriptName: 'qty2', fieldType: 'Number' },
            relationships: { fieldIsOnType: { set: [item] } },
          },
        ]),
      400,
    );
    expect(res.body.error.details.errors).toEqual([
      {
        id: 'new:f',
        member: 'name',
        message: "There is another field with the same 'Field name'.",
      },
    ]);
    const schema = await t.admin.get(`/spapi/data/v1/schema/type/${item}`);
    expect(schema.body.fields.filter((f: any) => f.name === 'Qty')).toHaveLength(1);
  });

  it('undoes everything when an update in the batch is stale (412)', async () => {
    const made = await t.admin.put([{ id: 'new:s', typeId: item, fields: { name: 'stale', note: 'v1' } }]);
    const id = made.body.ids['new:s'];
    expect((await t.admin.put([{ id, version: 1, fields: { note: 'v2' } }])).status).toBe(200);
    await expectNothingWritten(
      () => t.admin.put([...items(30, 'stale batch'), { id, version: 1, fields: { note: 'lost' } }]),
      412,
    );
    expect((await t.admin.read(id, 'note')).body).toMatchObject({ note: 'v2', version: 2 });
  });

  it('refuses a record that is both updated and deleted, or sent twice, with 400 and writes nothing', async () => {
    const made = await t.admin.put([{ id: 'new:s', typeId: item, fields: { name: 'both', note: 'kept' } }]);
    const id = made.body.ids['new:s'];
    const both = await expectNothingWritten(
      () => t.admin.put([...items(5, 'both'), { id, fields: { note: 'changed' } }], [id]),
      400,
    );
    expect(both.body.error.code).not.toBe('validation_failed');
    const twice = await expectNothingWritten(
      () =>
        t.admin.put([
          { id, fields: { note: 'a' } },
          { id, fields: { note: 'b' } },
        ]),
      400,
    );
    expect(twice.body.error.message).toEqual(expect.any(String));
    expect((await t.admin.read(id, 'note')).body).toMatchObject({ note: 'kept', version: 1 });
  });

  describe('optimistic concurrency', () => {
    const fresh = async (note = 'start') => {
      const res = await t.admin.put([{ id: 'new:c', typeId: item, fields: { name: 'conc', note } }]);
      expect(res.status).toBe(200);
      expect(res.body.versions).toEqual([{ id: res.body.ids['new:c'], version: 1 }]);
      return res.body.ids['new:c'] as number;
    };

    it('increments the version on every update and answers it', async () => {
      const id = await fresh();
      for (const version of [2, 3, 4]) {
        const res = await t.admin.put([{ id, version: version - 1, fields: { note: `v${version}` } }]);
        expect(res.status).toBe(200);
        expect(res.body.versions).toEqual([{ id, version }]);
      }
      expect((await t.admin.read(id, 'note')).body).toMatchObject({ note: 'v4', version: 4 });
    });

    it('sequential writers holding the same version: the first gets 200, the second 412', async () => {
      const id = await fresh();
      const first = await t.admin.put([{ id, version: 1, fields: { note: 'first' } }]);
      const second = await t.admin.put([{ id, version: 1, fields: { note: 'second' } }]);
      expect(first.status).toBe(200);
      expect(second.status).toBe(412);
      expect(second.body.error.code).toBe('precondition_failed');
      expect((await t.admin.read(id, 'note')).body).toMatchObject({ note: 'first', version: 2 });
      // Re-reading and sending the current version succeeds.
      expect((await t.admin.put([{ id, version: 2, fields: { note: 'second' } }])).status).toBe(200);
      expect((await t.admin.read(id, 'note')).body).toMatchObject({ note: 'second', version: 3 });
    });

    it('refuses a version from the future with 412', async () => {
      const id = await fresh();
      expect((await t.admin.put([{ id, version: 7, fields: { note: 'x' } }])).status).toBe(412);
      expect((await t.admin.read(id, 'note')).body).toMatchObject({ note: 'start', version: 1 });
    });

    it('concurrent writers holding the same version: exactly one 200 and one 412', async () => {
      for (let round = 0; round < 5; round += 1) {
        const id = await fresh();
        const [a, b] = await Promise.all([
          t.admin.put([{ id, version: 1, fields: { note: 'A' } }]),
          t.admin.put([{ id, version: 1, fields: { note: 'B' } }]),
        ]);
        expect([a.status, b.status].sort()).toEqual([200, 412]);
        const winner = a.status === 200 ? 'A' : 'B';
        expect((await t.admin.read(id, 'note')).body).toMatchObject({ note: winner, version: 2 });
      }
    });

    it('concurrent writers in two sessions, with relationship changes, still give one 200 and one 412', async () => {
      const other = await t.login();
      const id = await fresh();
      const made = await t.admin.put([
        { id: 'new:h1', typeId: holder, fields: { name: 'h1' } },
        { id: 'new:h2', typeId: holder, fields: { name: 'h2' } },
      ]);
      const [a, b] = await Promise.all([
        t.admin.put([
          { id, version: 1, fields: { note: 'A' } },
          { id: made.body.ids['new:h1'], relationships: { favourite: { set: [id] } } },
        ]),
        other.put([
          { id, version: 1, fields: { note: 'B' } },
          { id: made.body.ids['new:h2'], relationships: { favourite: { set: [id] } } },
        ]),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 412]);
      const back = await t.admin.read(id, 'note, favouriteOf');
      const winner = a.status === 200 ? 'h1' : 'h2';
      expect(back.body).toMatchObject({ version: 2, favouriteOf: { name: winner } });
    });

    it('concurrent puts linking the same record through a one-to-one relationship: one 200, one 400', async () => {
      for (let round = 0; round < 5; round += 1) {
        const made = await t.admin.put([
          { id: 'new:i', typeId: item, fields: { name: 'prize' } },
          { id: 'new:h1', typeId: holder, fields: { name: 'h1' } },
          { id: 'new:h2', typeId: holder, fields: { name: 'h2' } },
        ]);
        const { 'new:i': i, 'new:h1': h1, 'new:h2': h2 } = made.body.ids;
        const [a, b] = await Promise.all([
          t.admin.put([{ id: h1, relationships: { favourite: { set: [i] } } }]),
          t.admin.put([{ id: h2, relationships: { favourite: { set: [i] } } }]),
        ]);
        expect([a.status, b.status].sort()).toEqual([200, 400]);
        const back = await t.admin.read(i, 'favouriteOf');
        expect(back.body.favouriteOf).toEqual(expect.objectContaining({ id: a.status === 200 ? h1 : h2 }));
      }
    });

    it('concurrent writers without versions never lose each other’s changes', async () => {
      for (let round = 0; round < 5; round += 1) {
        const id = await fresh();
        const [a, b] = await Promise.all([
          t.admin.put([{ id, fields: { note: 'from A' } }]),
          t.admin.put([{ id, fields: { otherNote: 'from B' } }]),
        ]);
        for (const res of [a, b]) expect([200, 412]).toContain(res.status);
        const read = (await t.admin.read(id, 'note, otherNote')).body;
        expect(read.note).toBe(a.status === 200 ? 'from A' : 'start');
        expect(read.otherNote).toBe(b.status === 200 ? 'from B' : null);
        expect(read.version).toBe(1 + [a, b].filter((r) => r.status === 200).length);
      }
    });

    it('a stale delete is not refused silently: deleting then updating answers 404', async () => {
      const id = await fresh();
      expect((await t.admin.put([], [id])).status).toBe(200);
      expect((await t.admin.put([{ id, version: 1, fields: { note: 'late' } }])).status).toBe(404);
    });
  });
});
