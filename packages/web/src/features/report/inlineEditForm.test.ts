import type { TypeSchemaResponse } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { inlineEditFormFor, relatedTypeIds } from './inlineEditForm';

const field = (id: number, type: string, extra: object = {}) => ({
  id,
  name: `f${id}`,
  scriptName: `f${id}`,
  type,
  storage: 'string',
  typeId: 10_001,
  isRequired: false,
  isReadOnly: false,
  ...extra,
});
const rel = (id: number, cardinality: string, toTypeId: number, extra: object = {}) => ({
  id,
  name: `r${id}`,
  relType: 'lookup',
  cardinality,
  fromTypeId: 10_001,
  toTypeId,
  toName: 'To',
  fromName: 'From',
  toScriptName: 'to',
  fromScriptName: 'from',
  isMandatory: false,
  isReverseMandatory: false,
  direction: 'fwd',
  endName: `End ${id}`,
  endScriptName: `end${id}`,
  ...extra,
});
const schema = {
  type: {
    id: 10_001,
    name: 'Deal',
    scriptName: 'deal',
    isAbstract: false,
    isChoiceType: false,
    isSystem: false,
  },
  ancestors: [],
  fields: [
    field(3, 'Text', { maxLength: 200, isRequired: true }),
    field(20, 'Currency', { decimalPlaces: 2, minDecimal: 0 }),
    field(21, 'Number', { minInt: 0, maxInt: 100 }),
    field(22, 'AutoNumber', { isReadOnly: true }),
    field(23, 'Calculation'),
  ],
  relationships: [
    rel(30, 'manyToOne', 10_002),
    rel(31, 'manyToOne', 10_003, { isMandatory: true }),
    rel(32, 'manyToMany', 10_002),
  ],
  derivedTypes: [],
  canCreateType: true,
} as unknown as TypeSchemaResponse;
const col = (ord: number, extra: object) => ({
  title: `c${ord}`,
  type: 'String',
  ord,
  hide: false,
  ...extra,
});
const meta = {
  rcols: {
    name: col(0, { fid: 3 }),
    amount: col(1, { fid: 20 }),
    probability: col(2, { fid: 21 }),
    reference: col(3, { fid: 22 }),
    score: col(4, { fid: 23 }),
    account: col(5, { rid: 30, rev: false, tid: 10_002 }),
    stage: col(6, { rid: 31, rev: false, tid: 10_003 }),
    tags: col(7, { rid: 32, rev: false, tid: 10_002 }),
    accountCity: col(8, { fid: 40, viaPath: true }),
    formula: col(9, {}),
  },
} as never;
const sources = {
  schema,
  choices: new Map([
    [
      10_003,
      [
        { id: 1, name: 'Open', order: 1, colour: '#00f', iconImageId: null, isRetired: false },
        { id: 2, name: 'Old', order: 2, colour: null, iconImageId: null, isRetired: true },
      ],
    ],
  ]),
  typeNames: new Map([[10_002, 'Account']]),
};

describe('inlineEditFormFor', () => {
  it('gives each of the row’s own members its editor with bounds from the schema', () => {
    const fields = inlineEditFormFor(meta, sources);
    expect(fields.name).toEqual({ kind: 'text', isReadOnly: false, isRequired: true, maxLength: 200 });
    expect(fields.amount).toMatchObject({ kind: 'currency', places: 2, min: 0 });
    expect(fields.probability).toMatchObject({ kind: 'int', min: 0, max: 100 });
    expect(fields.reference?.kind).toBe('autoNumber');
    expect(fields.score?.kind).toBe('calculated');
  });

  it('edits relationships with a picker, choices with their live values, to-many with a multi picker', () => {
    const fields = inlineEditFormFor(meta, sources);
    expect(fields.account).toEqual({
      kind: 'lookup',
      isRequired: false,
      picker: { typeId: 10_002, entityTypeName: 'Account' },
    });
    expect(fields.stage).toEqual({
      kind: 'choice',
      isRequired: true,
      options: [{ id: 1, label: 'Open', colour: '#00f' }],
    });
    expect(fields.tags?.kind).toBe('relationshipMany');
  });

  it("picks a lookup's records through its end's picker report when the end names one", () => {
    const withPicker = {
      ...sources,
      schema: {
        ...schema,
        relationships: schema.relationships.map((r) => (r.id === 30 ? { ...r, toPickerReportId: 88 } : r)),
      },
    };
    expect(inlineEditFormFor(meta, withPicker).account).toEqual({
      kind: 'lookup',
      isRequired: false,
      picker: {
        typeId: 10_002,
        entityTypeName: 'Account',
        relationshipEnd: { relationshipId: 30, direction: 'fwd' },
      },
    });
  });

  it('has no component for columns through a path or calculated report columns', () => {
    const fields = inlineEditFormFor(meta, sources);
    expect(fields.accountCity).toBeUndefined();
    expect(fields.formula).toBeUndefined();
  });

  it('lists the related types the form needs', () => {
    expect(relatedTypeIds(meta, schema).sort()).toEqual([10_002, 10_003]);
  });
});

describe('inlineEditFormFor with the type’s default form', () => {
  const control = (id: string, extra: object) => ({
    id,
    isReversed: false,
    mandatory: false,
    readOnlyControl: false,
    isHidden: false,
    customValidationAlwaysValidate: false,
    ...extra,
  });
  const form = {
    id: 10_050,
    name: 'Deal form',
    containers: [],
    typeId: 10_001,
    controls: [
      control('name', { fieldToRender: 3 }),
      control('amount', { fieldToRender: 20, mandatory: true, customValidationCalculation: '[f20] < 0' }),
      control('probability', { fieldToRender: 21, readOnlyControl: true }),
      control('hiddenMandatory', { fieldToRender: 22, mandatory: true, isHidden: true }),
      control('account', { relationshipToRender: 30, mandatory: true }),
      control('stage', { relationshipToRender: 31, readOnlyControl: true }),
      control('tagsBack', { relationshipToRender: 32, isReversed: true }),
    ],
  };
  const fields = inlineEditFormFor(meta, { ...sources, form });

  it('makes a field or relationship required when its control is mandatory (the asterisk)', () => {
    expect(fields.amount).toMatchObject({ kind: 'currency', isRequired: true, places: 2, min: 0 });
    expect(fields.account).toMatchObject({ kind: 'lookup', isRequired: true });
    // The field's own rule stays.
    expect(fields.name).toMatchObject({ kind: 'text', isRequired: true });
  });

  it('makes the members of read-only controls read-only', () => {
    expect(fields.probability).toMatchObject({ kind: 'int', isReadOnly: true });
    expect(fields.stage).toMatchObject({ kind: 'choice', isReadOnly: true });
    expect(fields.amount?.isReadOnly).toBe(false);
  });

  it('ignores the mandatory override of a hidden control', () => {
    expect(fields.reference).toMatchObject({ kind: 'autoNumber', isRequired: false });
  });

  it('has no component for a column the form has no control for, or only the other end of', () => {
    // Relationship 32 has a control for its reverse end only; the column shows the forward end.
    expect(fields.tags).toBeUndefined();
    expect(fields.score).toBeUndefined();
  });
});
