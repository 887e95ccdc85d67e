import type { FormResponse, TypeSchemaField, TypeSchemaRelationship } from '@plinth/schema';

/** Test fixtures: an opportunity-like type and its form. */
export const field = (
  id: number,
  name: string,
  scriptName: string,
  type: TypeSchemaField['type'],
  storage: TypeSchemaField['storage'],
  extra: Partial<TypeSchemaField> = {},
): TypeSchemaField => ({
  id,
  name,
  scriptName,
  type,
  storage,
  typeId: 40,
  isRequired: false,
  isReadOnly: false,
  ...extra,
});

export const end = (
  id: number,
  direction: 'fwd' | 'rev',
  cardinality: TypeSchemaRelationship['cardinality'],
  names: { to: string; from: string; script: string },
  extra: Partial<TypeSchemaRelationship> = {},
): TypeSchemaRelationship => ({
  id,
  name: `${names.from} ${names.to}`,
  relType: 'lookup',
  cardinality,
  fromTypeId: 40,
  toTypeId: 41,
  toName: names.to,
  fromName: names.from,
  toScriptName: names.script,
  fromScriptName: `${names.script}Of`,
  isMandatory: false,
  isReverseMandatory: false,
  direction,
  endName: direction === 'fwd' ? names.to : names.from,
  endScriptName: direction === 'fwd' ? names.script : `${names.script}Of`,
  ...extra,
});

export const control = (
  id: string,
  member: { field: number } | { rel: number; isReversed?: boolean },
  extra: Partial<FormResponse['controls'][number]> = {},
): FormResponse['controls'][number] => ({
  id,
  ...('field' in member ? { fieldToRender: member.field } : { relationshipToRender: member.rel }),
  isReversed: 'rel' in member ? (member.isReversed ?? false) : false,
  mandatory: false,
  readOnlyControl: false,
  isHidden: false,
  customValidationAlwaysValidate: false,
  ...extra,
});

export const container = (
  id: string,
  containerType: FormResponse['containers'][number]['containerType'],
  extra: Partial<FormResponse['containers'][number]> = {},
): FormResponse['containers'][number] => ({ id, containerType, isHidden: false, ...extra });
