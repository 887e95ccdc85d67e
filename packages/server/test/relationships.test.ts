import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * What each relationship kind of spec 01 §3 means, written out here independently of the code
 * under test: whether a from-record may hold many to-records (toMany), whether a to-record may be
 * held by many from-records (fromMany), and what deleting either end takes with it.
 */
const kinds = [
  { kind: 'lookup', toMany: false, fromMany: true, cascade: false, cascadeTo: false },
  { kind: 'singleLookup', toMany: false, fromMany: false, cascade: false, cascadeTo: false },
  { kind: 'choiceField', toMany: false, fromMany: true, cascade: false, cascadeTo: false },
  { kind: 'multiChoiceField', toMany: true, fromMany: true, cascade: false, cascadeTo: false },
  { kind: 'dependants', toMany: true, fromMany: false, cascade: true, cascadeTo: false },
  { kind: 'dependantOf', toMany: false, fromMany: true, cascade: false, cascadeTo: true },
  { kind: 'components', toMany: true, fromMany: false, cascade: true, cascadeTo: false },
  { kind: 'componentOf', toMany: false, fromMany: true, cascade: false, cascadeTo: true },
  { kind: 'singleComponent', toMany: false, fromMany: false, cascade: true, cascadeTo: false },
  { kind: 'singleComponentOf', toMany: false, fromMany: false, cascade: false, cascadeTo: true },
  { kind: 'sharedDependants', toMany: true, fromMany: true, cascade: true, cascadeTo: false },
  { kind: 'sharedDependantsOf', toMany: true, fromMany: true, cascade: false, cascadeTo: true },
  { kind: 'exclusiveCollection', toMany: true, fromMany: false, cascade: false, cascadeTo: false },
  { kind: 'exclusiveCollectionOf', toMany: false, fromMany: true, cascade: false, cascadeTo: false },
  { kind: 'manyToMany', toMany: true, fromMany: true, cascade: false, cascadeTo: false },
  // A custom relationship keeps the cardinality and cascade flags it is given.
  {
    kind: 'custom',
    toMany: true,
    fromMany: false,
    cascade: true,
    cascadeTo: false,
    extra: { cardinality: 'oneToMany', cascadeDelete: true },
  },
] as const;

type Kind = (typeof kinds)[number];

describe.each(engines)('relationships on %s', (engine) => {
  let t: TestApp;
  let parent: number;
  let child: number;
  let colour: number;
  let other: number;

  /** The from-type of a kind: choice kinds point at a choice type. */
  const toTypeOf = (k: Kind) => (k.kind === 'choiceField' || k.kind === 'multiChoiceField' ? colour : child);
  const toEnd = (k: Kind) => `${k.kind}To`;
  const fromEnd = (k: Kind) => `${k.kind}From`;
  const toLabel = (k: Kind) => `${k.kind} to`;
  const fromLabel = (k: Kind) => `${k.kind} from`;

  beforeAll(async () => {
    t = await startTestApp(engine);
    parent = (await defineType(t.admin, 'Parent', [{ name: 'Note', script: 'note', type: 'Text' }])).typeId;
    child = (await defineType(t.admin, 'Child', [])).typeId;
    colour = (await defineType(t.admin, 'Colour', [], sysType.enumValue)).typeId;
    other = (await defineType(t.admin, 'Other', [])).typeId;
    for (const k of kinds) {
      await defineRelationship(t.admin, k.kind, parent, toTypeOf(k), toEnd(k), fromEnd(k), {
        toName: toLabel(k),
        fromName: fromLabel(k),
        ...('extra' in k ? k.extra : {}),
      });
    }
  });
  afterAll(() => t.close());

  let seq = 0;
  /** Creates records of a type and answers their ids. */
  async function create(typeId: number, count: number, prefix = 'r'): Promise<number[]> {
    const entities = Array.from({ length: count }, (_, i) => ({
      id: `new:${i}`,
      typeId,
      fields: { name: `${prefix}${++seq}` },
    }));
    const res = await t.admin.put(entities);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return entities.map((e) => res.body.ids[e.id]);
  }

  const ids = (v: unknown) => (Array.isArray(v) ? v.map((e) => e.id).sort((a, b) => a - b) : v);
  async function fwd(k: Kind, id: number) {
    const res = await t.admin.read(id, toEnd(k));
    expect(res.status).toBe(200);
    return res.body[toEnd(k)];
  }
  async function rev(k: Kind, id: number) {
    const res = await t.admin.read(id, fromEnd(k));
    expect(res.status).toBe(200);
    return res.body[fromEnd(k)];
  }

  describe.each(kinds)('$kind', (k) => {
    it('reads an unset end as null when single and [] when many, in both directions', async () => {
      const [p] = await create(parent, 1);
      const [c] = await create(toTypeOf(k), 1);
      expect(await fwd(k, p!)).toEqual(k.toMany ? [] : null);
      expect(await rev(k, c!)).toEqual(k.fromMany ? [] : null);
    });

    it('links with set and reads both directions (single → object, many → array)', async () => {
      const [p] = await create(parent, 1);
      const [c] = await create(toTypeOf(k), 1);
      const put = await t.admin.put([{ id: p!, relationships: { [toEnd(k)]: { set: [c!] } } }]);
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const there = await fwd(k, p!);
      const back = await rev(k, c!);
      if (k.toMany) expect(there).toEqual([expect.objectContaining({ id: c, name: expect.any(String) })]);
      else expect(there).toEqual(expect.objectContaining({ id: c, name: expect.any(String) }));
      if (k.fromMany) expect(back).toEqual([expect.objectContaining({ id: p })]);
      else expect(back).toEqual(expect.objectContaining({ id: p }));
    });

    it('links from the reverse end as well', async () => {
      const [p] = await create(parent, 1);
      const [c] = await create(toTypeOf(k), 1);
      const put = await t.admin.put([{ id: c!, relationships: { [fromEnd(k)]: { set: [p!] } } }]);
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(ids(k.toMany ? await fwd(k, p!) : [await fwd(k, p!)])).toEqual([c]);
    });

    it(
      k.toMany
        ? 'holds many to-records: set, add and remove'
        : 'holds one to-record: set replaces, a second one is refused with 400 and nothing written',
      async () => {
        const [p] = await create(parent, 1);
        const cs = await create(toTypeOf(k), 3);
        const [c1, c2, c3] = cs as [number, number, number];
        const change = (rel: Record<string, unknown>) =>
          t.admin.put([{ id: p!, relationships: { [toEnd(k)]: rel } }]);
        if (k.toMany) {
          expect((await change({ set: [c1, c2] })).status).toBe(200);
          expect(ids(await fwd(k, p!))).toEqual([c1, c2]);
          expect((await change({ add: [c3] })).status).toBe(200);
          expect(ids(await fwd(k, p!))).toEqual([c1, c2, c3]);
          expect((await change({ remove: [c1] })).status).toBe(200);
          expect(ids(await fwd(k, p!))).toEqual([c2, c3]);
          expect((await change({ set: [c1] })).status).toBe(200);
          expect(ids(await fwd(k, p!))).toEqual([c1]);
          // Adding what is already there, or removing what is not, changes nothing.
          expect((await change({ add: [c1], remove: [c2] })).status).toBe(200);
          expect(ids(await fwd(k, p!))).toEqual([c1]);
          expect((await change({ set: [] })).status).toBe(200);
          expect(await fwd(k, p!)).toEqual([]);
        } else {
          const two = await change({ set: [c1, c2] });
          expect(two.status).toBe(400);
          expect(two.body.error.code).toBe('validation_failed');
          expect(two.body.error.details.errors).toEqual([
            { id: p, member: toEnd(k), message: `'${toLabel(k)}' can hold only one record.` },
          ]);
          expect(await fwd(k, p!)).toBeNull();
          expect((await change({ set: [c1] })).status).toBe(200);
          expect((await change({ set: [c2] })).status).toBe(200);
          expect((await fwd(k, p!)).id).toBe(c2);
          const added = await change({ add: [c3] });
          expect(added.status).toBe(400);
          expect(added.body.error.details.errors).toEqual([
            { id: p, member: toEnd(k), message: `'${toLabel(k)}' can hold only one record.` },
          ]);
          expect((await fwd(k, p!)).id).toBe(c2);
          // Replacing in one request: remove the old one and add the new one.
          expect((await change({ remove: [c2], add: [c3] })).status).toBe(200);
          expect((await fwd(k, p!)).id).toBe(c3);
          expect((await change({ remove: [c3] })).status).toBe(200);
          expect(await fwd(k, p!)).toBeNull();
        }
      },
    );

    it(
      k.fromMany
        ? 'lets many from-records hold the same to-record'
        : 'refuses a to-record held by a second from-record with 400, nothing written',
      async () => {
        const [p1, p2] = (await create(parent, 2)) as [number, number];
        const [c] = (await create(toTypeOf(k), 1)) as [number];
        expect((await t.admin.put([{ id: p1, relationships: { [toEnd(k)]: { set: [c] } } }])).status).toBe(
          200,
        );
        const second = await t.admin.put([
          { id: p2, fields: { note: 'changed' }, relationships: { [toEnd(k)]: { set: [c] } } },
        ]);
        if (k.fromMany) {
          expect(second.status).toBe(200);
          expect(ids(await rev(k, c))).toEqual([p1, p2]);
        } else {
          expect(second.status).toBe(400);
          expect(second.body.error.code).toBe('validation_failed');
          expect(second.body.error.details.errors).toEqual([
            expect.objectContaining({ message: `'${fromLabel(k)}' can hold only one record.` }),
          ]);
          expect((await rev(k, c)).id).toBe(p1);
          expect(await fwd(k, p2)).toEqual(k.toMany ? [] : null);
          expect((await t.admin.read(p2, 'note')).body.note).toBeNull();
          // From the reverse end: one record cannot take two from-records either.
          const fromRev = await t.admin.put([{ id: c, relationships: { [fromEnd(k)]: { set: [p1, p2] } } }]);
          expect(fromRev.status).toBe(400);
          expect(fromRev.body.error.details.errors).toEqual([
            { id: c, member: fromEnd(k), message: `'${fromLabel(k)}' can hold only one record.` },
          ]);
        }
      },
    );

    it('checks the ends of a record the put creates as those of one it updates', async () => {
      const [c1, c2] = (await create(toTypeOf(k), 2)) as [number, number];
      const name = `new parent ${++seq}`;
      const newParent = (set: number[]) =>
        t.admin.put([
          { id: 'new:p', typeId: parent, fields: { name }, relationships: { [toEnd(k)]: { set } } },
        ]);
      const two = await newParent([c1, c2]);
      if (k.toMany) expect(two.status, JSON.stringify(two.body)).toBe(200);
      else {
        expect(two.status).toBe(400);
        expect(two.body.error.details.errors).toEqual([
          { id: 'new:p', member: toEnd(k), message: `'${toLabel(k)}' can hold only one record.` },
        ]);
        expect(await rev(k, c1)).toEqual(k.fromMany ? [] : null);
        expect((await newParent([c1])).status).toBe(200);
      }
      // The to-record is now held once: a second new record taking it is counted at its end.
      const second = await newParent([c1]);
      if (k.fromMany) expect(second.status, JSON.stringify(second.body)).toBe(200);
      else {
        expect(second.status).toBe(400);
        expect(second.body.error.details.errors).toEqual([
          expect.objectContaining({ message: `'${fromLabel(k)}' can hold only one record.` }),
        ]);
      }
    });

    it('refuses a target of the wrong type with 400, and a missing target with 404; nothing written', async () => {
      const [p] = (await create(parent, 1)) as [number];
      const [o] = (await create(other, 1)) as [number];
      const wrong = await t.admin.put([
        { id: p, fields: { note: 'x' }, relationships: { [toEnd(k)]: { set: [o] } } },
      ]);
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe('validation_failed');
      expect(wrong.body.error.details.errors).toEqual([expect.objectContaining({ id: p, member: toEnd(k) })]);
      const missing = await t.admin.put([
        { id: p, fields: { note: 'y' }, relationships: { [toEnd(k)]: { set: [987_654_321] } } },
      ]);
      expect(missing.status).toBe(404);
      const unknownKey = await t.admin.put([
        {
          id: 'new:p',
          typeId: parent,
          fields: { name: 'n' },
          relationships: { [toEnd(k)]: { set: ['new:nope'] } },
        },
      ]);
      expect(unknownKey.status).toBe(400);
      const read = await t.admin.read(p, `note, ${toEnd(k)}`);
      expect(read.body.note).toBeNull();
      expect(read.body[toEnd(k)]).toEqual(k.toMany ? [] : null);
    });

    it('moves a to-record from one from-record to another in one put', async () => {
      const [p1, p2] = (await create(parent, 2)) as [number, number];
      const [c] = (await create(toTypeOf(k), 1)) as [number];
      expect((await t.admin.put([{ id: p1, relationships: { [toEnd(k)]: { set: [c] } } }])).status).toBe(200);
      const moved = await t.admin.put([
        { id: p2, relationships: { [toEnd(k)]: { add: [c] } } },
        { id: p1, relationships: { [toEnd(k)]: { remove: [c] } } },
      ]);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(ids(k.fromMany ? await rev(k, c) : [await rev(k, c)])).toEqual([p2]);
    });

    it('accepts the same link sent from both ends in one put', async () => {
      const [p] = (await create(parent, 1)) as [number];
      const [c] = (await create(toTypeOf(k), 1)) as [number];
      const res = await t.admin.put([
        { id: p, relationships: { [toEnd(k)]: { add: [c] } } },
        { id: c, relationships: { [fromEnd(k)]: { add: [p] } } },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(ids(k.toMany ? await fwd(k, p) : [await fwd(k, p)])).toEqual([c]);
    });

    it('links records created in the same batch', async () => {
      const res = await t.admin.put([
        { id: 'new:c', typeId: toTypeOf(k), fields: { name: 'batch child' } },
        {
          id: 'new:p',
          typeId: parent,
          fields: { name: 'batch parent' },
          relationships: { [toEnd(k)]: { set: ['new:c'] } },
        },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const back = await rev(k, res.body.ids['new:c']);
      expect(ids(k.fromMany ? back : [back])).toEqual([res.body.ids['new:p']]);
    });

    it('delete details name what deleting the from-record takes with it, and delete does it', async () => {
      const [p] = (await create(parent, 1, 'p')) as [number];
      const [c] = (await create(toTypeOf(k), 1, 'c')) as [number];
      await t.admin.put([{ id: p, relationships: { [toEnd(k)]: { set: [c] } } }]);
      const pName = (await t.admin.read(p, 'name')).body.name;
      const cName = (await t.admin.read(c, 'name')).body.name;
      const toTypeName = toTypeOf(k) === colour ? 'Colour' : 'Child';
      const details = await t.admin.post('/spapi/data/v1/entity/deleteDetails', { ids: [p] });
      expect(details.status).toBe(200);
      if (k.cascade) {
        expect(details.body.dependents).toEqual([
          {
            typeName: toTypeName,
            name: cName,
            id: c,
            entitiesOnPath: [expect.objectContaining({ id: p, name: pName, typeName: 'Parent' })],
          },
        ]);
        expect(details.body.related).toEqual([]);
      } else {
        expect(details.body.dependents).toEqual([]);
        expect(details.body.related).toEqual([
          expect.objectContaining({ id: c, name: cName, typeName: toTypeName }),
        ]);
      }
      const del = await t.admin.post('/spapi/data/v1/entity/delete', { ids: [p] });
      expect(del.status).toBe(200);
      expect(del.body.deleted.sort()).toEqual(k.cascade ? [p, c].sort() : [p]);
      expect((await t.admin.read(p)).status).toBe(404);
      if (k.cascade) {
        expect((await t.admin.read(c)).status).toBe(404);
      } else {
        expect(await rev(k, c)).toEqual(k.fromMany ? [] : null);
      }
    });

    it('delete details name what deleting the to-record takes with it, and delete does it', async () => {
      const [p] = (await create(parent, 1, 'p')) as [number];
      const [c] = (await create(toTypeOf(k), 1, 'c')) as [number];
      await t.admin.put([{ id: p, relationships: { [toEnd(k)]: { set: [c] } } }]);
      const pName = (await t.admin.read(p, 'name')).body.name;
      const cName = (await t.admin.read(c, 'name')).body.name;
      const toTypeName = toTypeOf(k) === colour ? 'Colour' : 'Child';
      const details = await t.admin.post('/spapi/data/v1/entity/deleteDetails', { ids: [c] });
      expect(details.status).toBe(200);
      if (k.cascadeTo) {
        expect(details.body.dependents).toEqual([
          {
            typeName: 'Parent',
            name: pName,
            id: p,
            entitiesOnPath: [expect.objectContaining({ id: c, name: cName, typeName: toTypeName })],
          },
        ]);
        expect(details.body.related).toEqual([]);
      } else {
        expect(details.body.dependents).toEqual([]);
        expect(details.body.related).toEqual([
          expect.objectContaining({ id: p, name: pName, typeName: 'Parent' }),
        ]);
      }
      const del = await t.admin.put([], [c]);
      expect(del.status).toBe(200);
      expect(del.body.deleted.sort()).toEqual(k.cascadeTo ? [p, c].sort() : [c]);
      expect((await t.admin.read(c)).status).toBe(404);
      if (k.cascadeTo) expect((await t.admin.read(p)).status).toBe(404);
      else expect(await fwd(k, p)).toEqual(k.toMany ? [] : null);
    });
  });

  describe('mandatory relationships', () => {
    let mParent: number;
    let mChild: number;
    beforeAll(async () => {
      // Choice types both: choice fields relate to choice Objects only (decision 0100), both ways here.
      mParent = (await defineType(t.admin, 'MParent', [], sysType.enumValue)).typeId;
      mChild = (await defineType(t.admin, 'MChild', [], sysType.enumValue)).typeId;
      for (const k of kinds) {
        await defineRelationship(t.admin, k.kind, mParent, mChild, `${k.kind}Must`, `${k.kind}MustBack`, {
          ...('extra' in k ? k.extra : {}),
          relationshipIsMandatory: true,
        });
        await defineRelationship(t.admin, k.kind, mChild, mParent, `${k.kind}Rev`, `${k.kind}RevMust`, {
          ...('extra' in k ? k.extra : {}),
          revRelationshipIsMandatory: true,
        });
      }
    });

    /** Links that satisfy every mandatory end of a new MParent `new:p` and MChild `new:c`. */
    const allLinks = () => ({
      parent: Object.fromEntries(kinds.map((k) => [`${k.kind}Must`, { set: ['new:c'] }])),
      child: Object.fromEntries(kinds.map((k) => [`${k.kind}Rev`, { set: ['new:p'] }])),
    });

    it('refuses a new from-record without its mandatory ends, and a new to-record without its mandatory reverse ends', async () => {
      const res = await t.admin.put([
        { id: 'new:p', typeId: mParent, fields: { name: 'p' } },
        { id: 'new:c', typeId: mChild, fields: { name: 'c' } },
      ]);
      expect(res.status).toBe(400);
      const errors = res.body.error.details.errors;
      expect(errors).toEqual(
        expect.arrayContaining([
          ...kinds.map((k) => ({ id: 'new:p', member: `${k.kind}Must`, message: 'A value is required.' })),
          ...kinds.map((k) => ({ id: 'new:p', member: `${k.kind}RevMust`, message: 'A value is required.' })),
        ]),
      );
      expect(errors).toHaveLength(kinds.length * 2);
    });

    it('accepts both records linked in one batch, either end may be set', async () => {
      const { parent: pRels, child: cRels } = allLinks();
      const res = await t.admin.put([
        { id: 'new:p', typeId: mParent, fields: { name: 'p' }, relationships: pRels },
        { id: 'new:c', typeId: mChild, fields: { name: 'c' }, relationships: cRels },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });

    it('refuses new records whose mandatory ends are set to nothing', async () => {
      const none = (ends: string[]) => Object.fromEntries(ends.map((end) => [end, { set: [] }]));
      const res = await t.admin.put([
        {
          id: 'new:p',
          typeId: mParent,
          fields: { name: 'p' },
          relationships: none(kinds.map((k) => `${k.kind}Must`)),
        },
        {
          id: 'new:c',
          typeId: mChild,
          fields: { name: 'c' },
          relationships: none(kinds.map((k) => `${k.kind}Rev`)),
        },
      ]);
      expect(res.status).toBe(400);
      expect(res.body.error.details.errors).toEqual(
        expect.arrayContaining([
          ...kinds.map((k) => ({ id: 'new:p', member: `${k.kind}Must`, message: 'A value is required.' })),
          ...kinds.map((k) => ({ id: 'new:p', member: `${k.kind}RevMust`, message: 'A value is required.' })),
        ]),
      );
      expect(res.body.error.details.errors).toHaveLength(kinds.length * 2);
    });

    it.each(kinds)(
      '$kind: accepts unlinking a record whose link is mandatory when the put deletes it',
      async (k) => {
        const { parent: pRels, child: cRels } = allLinks();
        const res = await t.admin.put([
          { id: 'new:p', typeId: mParent, fields: { name: 'p' }, relationships: pRels },
          { id: 'new:c', typeId: mChild, fields: { name: 'c' }, relationships: cRels },
        ]);
        const p = res.body.ids['new:p'];
        const c = res.body.ids['new:c'];
        const put = await t.admin.put(
          [{ id: c, relationships: { [`${k.kind}MustBack`]: { remove: [p] } } }],
          [p],
        );
        expect(put.status, JSON.stringify(put.body)).toBe(200);
        expect((await t.admin.read(p)).status).toBe(404);
      },
    );

    it.each(kinds)('$kind: refuses removing the last link from either end with 400', async (k) => {
      const { parent: pRels, child: cRels } = allLinks();
      const res = await t.admin.put([
        { id: 'new:p', typeId: mParent, fields: { name: 'p' }, relationships: pRels },
        { id: 'new:c', typeId: mChild, fields: { name: 'c' }, relationships: cRels },
      ]);
      expect(res.status).toBe(200);
      const p = res.body.ids['new:p'];
      const c = res.body.ids['new:c'];
      // The from-end is mandatory: clearing it from the from-record…
      const fromSide = await t.admin.put([{ id: p, relationships: { [`${k.kind}Must`]: { set: [] } } }]);
      expect(fromSide.status).toBe(400);
      expect(fromSide.body.error.details.errors).toEqual([
        { id: p, member: `${k.kind}Must`, message: 'A value is required.' },
      ]);
      // …or from the to-record's side leaves the from-record without one all the same.
      const toSide = await t.admin.put([
        { id: c, relationships: { [`${k.kind}MustBack`]: { remove: [p] } } },
      ]);
      expect(toSide.status).toBe(400);
      expect(toSide.body.error.details.errors).toEqual([
        { id: p, member: `${k.kind}Must`, message: 'A value is required.' },
      ]);
      // The reverse end is mandatory: removing from the to-record's side (c is the from-record here)…
      const revFromSide = await t.admin.put([
        { id: p, relationships: { [`${k.kind}RevMust`]: { remove: [c] } } },
      ]);
      expect(revFromSide.status).toBe(400);
      expect(revFromSide.body.error.details.errors).toEqual([
        { id: p, member: `${k.kind}RevMust`, message: 'A value is required.' },
      ]);
      const revOtherSide = await t.admin.put([{ id: c, relationships: { [`${k.kind}Rev`]: { set: [] } } }]);
      expect(revOtherSide.status).toBe(400);
      expect(revOtherSide.body.error.details.errors).toEqual([
        { id: p, member: `${k.kind}RevMust`, message: 'A value is required.' },
      ]);
      const read = await t.admin.read(p, `${k.kind}Must, ${k.kind}RevMust`);
      const must = read.body[`${k.kind}Must`];
      expect(ids(k.toMany ? must : [must])).toEqual([c]);
    });
  });

  describe('changing a relationship kind', () => {
    it('is refused while stored links would break the new cardinality, and accepted once they fit', async () => {
      const relId = await defineRelationship(t.admin, 'manyToMany', parent, child, 'tags', 'taggedBy', {
        toName: 'Tags',
        fromName: 'Tagged by',
      });
      const [p1, p2] = (await create(parent, 2)) as [number, number];
      const [c1, c2] = (await create(child, 2)) as [number, number];
      await t.admin.put([
        { id: p1, relationships: { tags: { set: [c1, c2] } } },
        { id: p2, relationships: { tags: { set: [c1] } } },
      ]);
      const toLookup = await t.admin.put([{ id: relId, fields: { relType: 'lookup' } }]);
      expect(toLookup.status).toBe(400);
      expect(toLookup.body.error.details.errors).toEqual([
        {
          id: relId,
          member: 'relType',
          message: "Some records already hold more than one 'Tags'. Change them first.",
        },
      ]);
      const toCollection = await t.admin.put([{ id: relId, fields: { relType: 'exclusiveCollection' } }]);
      expect(toCollection.status).toBe(400);
      expect(toCollection.body.error.details.errors).toEqual([
        {
          id: relId,
          member: 'relType',
          message: "Some records already hold more than one 'Tagged by'. Change them first.",
        },
      ]);
      expect((await t.admin.read(relId, 'relType')).body.relType).toBe('manyToMany');
      expect(ids(await t.admin.read(p1, 'tags').then((r) => r.body.tags))).toEqual([c1, c2]);
      await t.admin.put([{ id: p1, relationships: { tags: { set: [c2] } } }]);
      const fits = await t.admin.put([{ id: relId, fields: { relType: 'lookup' } }]);
      expect(fits.status, JSON.stringify(fits.body)).toBe(200);
      expect((await t.admin.read(p1, 'tags')).body.tags).toEqual(expect.objectContaining({ id: c2 }));
    });
  });

  describe('cascades over several levels', () => {
    it('lists each dependent with the chain of records that leads to it, and deletes them all', async () => {
      const grandChild = (await defineType(t.admin, 'GrandChild', [])).typeId;
      await defineRelationship(t.admin, 'components', child, grandChild, 'parts', 'partOf');
      const put = await t.admin.put([
        { id: 'new:p', typeId: parent, fields: { name: 'root' } },
        {
          id: 'new:c',
          typeId: child,
          fields: { name: 'mid' },
          relationships: { componentsFrom: { set: ['new:p'] } },
        },
        {
          id: 'new:g',
          typeId: grandChild,
          fields: { name: 'leaf' },
          relationships: { partOf: { set: ['new:c'] } },
        },
        {
          id: 'new:o',
          typeId: parent,
          fields: { name: 'bystander' },
          relationships: { lookupTo: { set: ['new:c'] } },
        },
      ]);
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const { 'new:p': p, 'new:c': c, 'new:g': g, 'new:o': o } = put.body.ids;
      const details = await t.admin.post('/spapi/data/v1/entity/deleteDetails', { ids: [p] });
      expect(details.status).toBe(200);
      const root = { id: p, name: 'root', typeName: 'Parent' };
      const mid = { id: c, name: 'mid', typeName: 'Child' };
      expect(details.body.dependents).toEqual(
        expect.arrayContaining([
          { ...mid, entitiesOnPath: [expect.objectContaining(root)] },
          {
            id: g,
            name: 'leaf',
            typeName: 'GrandChild',
            entitiesOnPath: [expect.objectContaining(root), expect.objectContaining(mid)],
          },
        ]),
      );
      expect(details.body.dependents).toHaveLength(2);
      expect(details.body.related).toEqual([
        expect.objectContaining({ id: o, name: 'bystander', typeName: 'Parent' }),
      ]);
      const del = await t.admin.post('/spapi/data/v1/entity/delete', { ids: [p] });
      expect(del.status).toBe(200);
      expect(del.body.deleted.sort()).toEqual([p, c, g].sort());
      expect((await t.admin.read(g)).status).toBe(404);
      expect((await t.admin.read(o, 'lookupTo')).body.lookupTo).toBeNull();
    });
  });

  describe('deleting types', () => {
    it('refuses deleting an Object that still has records with 409, and deletes it with its fields once empty', async () => {
      const { typeId, fieldIds } = await defineType(t.admin, 'Doomed', [
        { name: 'Size', script: 'size', type: 'Number' },
      ]);
      const put = await t.admin.put([{ id: 'new:d', typeId, fields: { name: 'd', size: 1 } }]);
      const d = put.body.ids['new:d'];
      const refused = await t.admin.post('/spapi/data/v1/entity/delete', { ids: [typeId] });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('conflict');
      const refusedPut = await t.admin.put([], [typeId]);
      expect(refusedPut.status).toBe(409);
      expect((await t.admin.read(typeId)).status).toBe(200);
      expect((await t.admin.read(d, 'size')).body.size).toBe(1);
      expect((await t.admin.post('/spapi/data/v1/entity/delete', { ids: [d] })).status).toBe(200);
      const details = await t.admin.post('/spapi/data/v1/entity/deleteDetails', { ids: [typeId] });
      expect(details.body.dependents).toEqual([
        expect.objectContaining({ id: fieldIds.size, name: 'Size', typeName: 'Field' }),
      ]);
      const ok = await t.admin.post('/spapi/data/v1/entity/delete', { ids: [typeId] });
      expect(ok.status).toBe(200);
      expect((await t.admin.read(fieldIds.size!)).status).toBe(404);
      const schema = await t.admin.get(`/spapi/data/v1/schema/type/${typeId}`);
      expect(schema.status).toBe(404);
    });

    it('refuses deleting a base Object whose derived Object has records', async () => {
      const base = (await defineType(t.admin, 'Base', [])).typeId;
      const derived = (await defineType(t.admin, 'Derived', [], base)).typeId;
      await create(derived, 1);
      const refused = await t.admin.post('/spapi/data/v1/entity/delete', { ids: [base] });
      // A base type's records include its derived types' records (design §2).
      expect(refused.status).toBe(409);
      expect((await t.admin.read(base)).status).toBe(200);
      expect((await t.admin.read(derived)).status).toBe(200);
    });

    it('refuses deleting a base Object that an empty Object still inherits from, but deletes both together', async () => {
      const base = (
        await defineType(t.admin, 'EmptyBase', [{ name: 'Shared', script: 'shared', type: 'Text' }])
      ).typeId;
      const derived = (await defineType(t.admin, 'EmptyDerived', [], base)).typeId;
      const refused = await t.admin.post('/spapi/data/v1/entity/delete', { ids: [base] });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('conflict');
      const schema = await t.admin.get(`/spapi/data/v1/schema/type/${derived}`);
      expect(schema.body.fields.map((f: any) => f.scriptName)).toEqual(
        expect.arrayContaining(['name', 'shared']),
      );
      const both = await t.admin.post('/spapi/data/v1/entity/delete', { ids: [derived, base] });
      expect(both.status).toBe(200);
      expect((await t.admin.read(base)).status).toBe(404);
      expect((await t.admin.read(derived)).status).toBe(404);
    });
  });
});
