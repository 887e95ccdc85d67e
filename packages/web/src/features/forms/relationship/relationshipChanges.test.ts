import { describe, expect, it } from 'vitest';
import {
  addNewRecord,
  excludeRecord,
  flaggedIds,
  hasRelationshipChanges,
  includeRecords,
  noRelationshipChanges,
  relationshipChangesOf,
} from './relationshipChanges';
import { isTableValueEmpty, tableSaveChanges, tableValueOf } from './relationshipTableValue';

const related = new Set([1, 2]);
const isRelated = (id: number) => related.has(id);
const end = {
  direction: 'rev' as const,
  fromScriptName: 'contacts',
  toScriptName: 'account',
  cardinality: 'manyToMany' as const,
};

describe('relationship changes (a flag per related id)', () => {
  it('flags added records included and removed ones excluded; adding back a removed one forgets it', () => {
    let c = includeRecords(noRelationshipChanges, [{ id: 3, name: 'Carol' }], isRelated);
    c = excludeRecord(c, 2, isRelated, 'Brian');
    expect(flaggedIds(c, true)).toEqual([3]);
    expect(flaggedIds(c, false)).toEqual([2]);
    expect(c.names).toEqual({ 3: 'Carol', 2: 'Brian' });
    c = includeRecords(c, [{ id: 2, name: 'Brian' }], isRelated);
    c = excludeRecord(c, 3, isRelated);
    expect(hasRelationshipChanges(c)).toBe(false);
  });

  it('reads anything that is not changes as none', () => {
    expect(relationshipChangesOf(null)).toBe(noRelationshipChanges);
    expect(relationshipChangesOf({ flags: 'x' })).toBe(noRelationshipChanges);
    expect(tableValueOf([{ id: 4, name: 'D' }, { id: 'x' }])).toEqual({
      read: [{ id: 4, name: 'D' }],
      changes: noRelationshipChanges,
    });
  });
});

describe('a relationship table in the record’s save', () => {
  it('sends added and removed ids, and new records related through their own end', () => {
    let changes = includeRecords(noRelationshipChanges, [{ id: 3, name: 'Carol' }], isRelated);
    changes = excludeRecord(changes, 1, isRelated, 'Ada');
    changes = addNewRecord(changes, {
      key: 'rel1',
      typeId: 51,
      name: 'Dora',
      body: { fields: { name: 'Dora' }, relationships: { account: { set: [5] } } },
    });
    expect(tableSaveChanges(end, 5, { read: [], changes })).toEqual({
      change: { add: [3], remove: [1] },
      created: [
        { id: 'new:rel1', typeId: 51, fields: { name: 'Dora' }, relationships: { account: { add: [5] } } },
      ],
    });
    expect(tableSaveChanges(end, 5, [{ id: 1, name: 'Ada' }])).toEqual({ change: undefined, created: [] });
  });

  it('moves an added record here through its own end when it holds only one such record', async () => {
    const changes = includeRecords(noRelationshipChanges, [{ id: 3, name: 'Carol' }], isRelated);
    const oneAccount = { ...end, cardinality: 'manyToOne' as const };
    expect(tableSaveChanges(oneAccount, 'new:record', { read: [], changes })).toEqual({
      change: undefined,
      created: [{ id: 3, relationships: { account: { set: ['new:record'] } } }],
    });
  });

  it('is empty when nothing read stays and nothing is added or new; a full read list may hide more', () => {
    const read = [{ id: 1, name: 'Ada' }];
    const removed = excludeRecord(noRelationshipChanges, 1, isRelated);
    expect(isTableValueEmpty([])).toBe(true);
    expect(isTableValueEmpty(read)).toBe(false);
    expect(isTableValueEmpty({ read, changes: removed })).toBe(true);
    expect(
      isTableValueEmpty({ read, changes: includeRecords(removed, [{ id: 9, name: null }], isRelated) }),
    ).toBe(false);
    const fifty = Array.from({ length: 50 }, (_, i) => ({ id: i + 100, name: null }));
    const allRemoved = fifty.reduce((c, r) => excludeRecord(c, r.id, () => true), noRelationshipChanges);
    expect(isTableValueEmpty({ read: fifty, changes: allRemoved })).toBe(false);
  });
});
