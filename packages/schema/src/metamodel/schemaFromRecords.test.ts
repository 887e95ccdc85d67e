import { describe, expect, it } from 'vitest';
import { sysField, sysRel, sysType } from '../catalogue/ids.js';
import { catalogueRecords, metamodelToRecords, schemaFromRecords } from './metamodelRecords.js';

const account = {
  id: 10_001,
  name: 'Account',
  scriptName: 'Account',
  isAbstract: false,
  isChoiceType: false,
  isSystem: false,
  inheritsId: sysType.resource,
};
const stage = { ...account, id: 10_002, name: 'Stage', scriptName: 'Stage', inheritsId: sysType.enumValue };
const amount = {
  id: 10_010,
  name: 'Amount',
  scriptName: 'amount',
  type: 'Currency' as const,
  storage: 'currency' as const,
  typeId: account.id,
  isRequired: true,
  isReadOnly: false,
  maxDecimal: 1000,
};
const parent = {
  id: 10_020,
  name: 'Parent',
  relType: 'lookup' as const,
  cardinality: 'manyToOne' as const,
  cascadeDelete: false,
  cascadeDeleteTo: false,
  fromTypeId: account.id,
  toTypeId: account.id,
  toName: 'Parent account',
  fromName: 'Child accounts',
  toScriptName: 'parent',
  fromScriptName: 'children',
  isMandatory: false,
  isReverseMandatory: false,
};

describe('schemaFromRecords', () => {
  const cat = catalogueRecords();
  const user = metamodelToRecords([account, stage], [amount], [parent]);
  const schema = schemaFromRecords([...cat.records, ...user.records], [...cat.links, ...user.links]);

  it('round-trips user types, fields and relationships through records', () => {
    expect(schema.type(account.id)).toMatchObject({ name: 'Account', inheritsId: sysType.resource });
    expect(schema.field(amount.id)).toMatchObject({ type: 'Currency', isRequired: true, maxDecimal: 1000 });
    expect(schema.relationship(parent.id)).toMatchObject({
      toScriptName: 'parent',
      cardinality: 'manyToOne',
    });
  });

  it('includes inherited members and finds them by script name, name or id, case-insensitively', () => {
    expect(schema.member(account.id, 'NAME')).toMatchObject({ kind: 'field', field: { id: sysField.name } });
    expect(schema.member(account.id, 'Amount')).toMatchObject({ field: { id: amount.id } });
    expect(schema.member(account.id, 'isOfType')).toMatchObject({
      rel: { id: sysRel.isOfType },
      direction: 'fwd',
    });
    expect(schema.member(account.id, 'children')).toMatchObject({ rel: { id: parent.id }, direction: 'rev' });
    expect(schema.member(account.id, `#${parent.id}:rev`)).toMatchObject({ direction: 'rev' });
    expect(schema.member(account.id, 'nope')).toBeUndefined();
  });

  it('marks types derived from the choice value type as choice types', () => {
    expect(schema.type(stage.id)?.isChoiceType).toBe(true);
    expect(schema.type(account.id)?.isChoiceType).toBe(false);
    expect(schema.descendants(sysType.enumValue)).toEqual(
      expect.arrayContaining([stage.id, sysType.documentFileType]),
    );
  });

  it('resolves types by alias', () => {
    expect(schema.type('core:Person')?.id).toBe(sysType.person);
  });
});

describe('the system catalogue', () => {
  it('gives every alias to one record only', () => {
    const aliases = catalogueRecords()
      .records.map((r) => r.alias?.toLowerCase())
      .filter(Boolean);
    expect(new Set(aliases).size).toBe(aliases.length);
  });
});
