import { describe, expect, it } from 'vitest';
import { sysType } from '../catalogue/ids.js';
import type { RelationshipDef, TypeDef } from './definitions.js';
import { catalogueRecords, metamodelToRecords, schemaFromRecords } from './metamodelRecords.js';
import {
  structureCycleMessage,
  structureIssues,
  structureSelfReferenceMessage,
  structureTakenMessage,
  structureToOneMessage,
} from './structures.js';

const type = (id: number, name: string, inheritsId: number = sysType.resource): TypeDef => ({
  id,
  name,
  scriptName: name,
  isAbstract: false,
  isChoiceType: false,
  isSystem: false,
  inheritsId,
});
const account = type(10_001, 'Account');
const customer = type(10_002, 'Customer', account.id);
const person = type(10_003, 'Employee');

const rel = (
  id: number,
  from: TypeDef,
  to: TypeDef,
  toName: string,
  extra: Partial<RelationshipDef> = {},
): RelationshipDef => ({
  id,
  name: toName,
  relType: 'lookup',
  cardinality: 'manyToOne',
  cascadeDelete: false,
  cascadeDeleteTo: false,
  fromTypeId: from.id,
  toTypeId: to.id,
  toName,
  fromName: `${toName} of`,
  toScriptName: toName.replace(/\W/g, ''),
  fromScriptName: `${toName.replace(/\W/g, '')}Of`,
  isMandatory: false,
  isReverseMandatory: false,
  ...extra,
});

/** A schema as a tenant would load it from its records. */
function schemaOf(rels: RelationshipDef[]) {
  const cat = catalogueRecords();
  const user = metamodelToRecords([account, customer, person], [], rels);
  return schemaFromRecords([...cat.records, ...user.records], [...cat.links, ...user.links]);
}

describe('structures', () => {
  const parent = rel(10_020, account, account, 'Parent Account', { isStructure: true });

  it('keeps the structure mark through the stored records and finds it on derived types', () => {
    const schema = schemaOf([parent]);
    expect(schema.relationship(parent.id)?.isStructure).toBe(true);
    expect(schema.structureOf(account.id)?.id).toBe(parent.id);
    expect(schema.structureOf(customer.id)?.id).toBe(parent.id);
    expect(schema.structureOf(person.id)).toBeUndefined();
    expect(structureIssues(schema, schema.relationship(parent.id)!)).toEqual([]);
  });

  it('does not mark a relationship that was not marked', () => {
    const schema = schemaOf([{ ...parent, isStructure: false }]);
    expect(schema.relationship(parent.id)?.isStructure).toBeUndefined();
    expect(schema.structureOf(account.id)).toBeUndefined();
  });

  it('refuses a structure between two different types', () => {
    const toPerson = rel(10_021, account, person, 'Manager', { isStructure: true });
    const schema = schemaOf([toPerson]);
    expect(structureIssues(schema, schema.relationship(toPerson.id)!)).toEqual([
      { property: 'relationshipIsStructure', message: structureSelfReferenceMessage },
    ]);
    expect(schema.structureOf(account.id)).toBeUndefined();
  });

  it('refuses a structure that reaches many records', () => {
    const many = rel(10_022, account, account, 'Subsidiaries', {
      isStructure: true,
      relType: 'manyToMany',
      cardinality: 'manyToMany',
    });
    const schema = schemaOf([many]);
    expect(structureIssues(schema, schema.relationship(many.id)!)).toEqual([
      { property: 'relationshipIsStructure', message: structureToOneMessage },
    ]);
    expect(schema.structureOf(account.id)).toBeUndefined();
  });

  it('accepts a custom relationship to one record, refuses a one-to-many one', () => {
    const custom = rel(10_023, person, person, 'Manager', {
      isStructure: true,
      relType: 'custom',
      cardinality: 'oneToMany',
    });
    const schema = schemaOf([custom]);
    expect(structureIssues(schema, schema.relationship(custom.id)!)).toHaveLength(1);
    const toOne = schemaOf([{ ...custom, cardinality: 'manyToOne' }]);
    expect(structureIssues(toOne, toOne.relationship(custom.id)!)).toEqual([]);
    expect(toOne.structureOf(person.id)?.id).toBe(custom.id);
  });

  it('allows one structure per type, inherited ones included', () => {
    const second = rel(10_024, account, account, 'Billing Parent', { isStructure: true });
    const onDerived = rel(10_025, customer, customer, 'Customer Parent', { isStructure: true });
    const two = schemaOf([parent, second]);
    expect(structureIssues(two, two.relationship(second.id)!)).toEqual([
      { property: 'relationshipIsStructure', message: structureTakenMessage('Account', 'Parent Account') },
    ]);
    const derived = schemaOf([parent, onDerived]);
    // Customer inherits Account's structure: it cannot have its own as well, nor can Account get
    // one while a derived type has one.
    expect(structureIssues(derived, derived.relationship(onDerived.id)!)).toEqual([
      { property: 'relationshipIsStructure', message: structureTakenMessage('Customer', 'Parent Account') },
    ]);
    expect(structureIssues(derived, derived.relationship(parent.id)!)).toEqual([
      { property: 'relationshipIsStructure', message: structureTakenMessage('Customer', 'Customer Parent') },
    ]);
    // Other self-referencing lookups of the type are fine when they are not marked.
    const unmarked = schemaOf([parent, { ...second, isStructure: false }]);
    expect(structureIssues(unmarked, unmarked.relationship(parent.id)!)).toEqual([]);
  });

  it('names the parent end in the loop message', () => {
    expect(structureCycleMessage('Parent Account')).toBe(
      "'Parent Account' cannot be the record itself or a record below it.",
    );
  });
});
