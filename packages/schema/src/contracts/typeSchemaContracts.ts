import { z } from 'zod';
import { fieldTypes } from '../metamodel/fieldTypes.js';
import { cardinalities, relTypes } from '../metamodel/relTypes.js';
import { entityId } from './common.js';

const optionalNumber = z.number().optional();
const optionalText = z.string().optional();
const storageKinds = [
  'string',
  'int',
  'autoNumber',
  'decimal',
  'currency',
  'date',
  'time',
  'dateTime',
  'bool',
] as const;

/** A field as the type schema call answers it: the metamodel's FieldDef, bounds where configured. */
export const typeSchemaField = z.looseObject({
  id: entityId,
  alias: optionalText,
  name: z.string(),
  scriptName: z.string(),
  description: optionalText,
  type: z.enum(fieldTypes),
  storage: z.enum(storageKinds),
  typeId: entityId,
  isRequired: z.boolean(),
  isReadOnly: z.boolean(),
  defaultValue: optionalText,
  minLength: optionalNumber,
  maxLength: optionalNumber,
  pattern: optionalText,
  patternDescription: optionalText,
  minInt: optionalNumber,
  maxInt: optionalNumber,
  minDecimal: optionalNumber,
  maxDecimal: optionalNumber,
  decimalPlaces: optionalNumber,
  minDate: optionalText,
  maxDate: optionalText,
  minTime: optionalText,
  maxTime: optionalText,
  minDateTime: optionalText,
  maxDateTime: optionalText,
  calculation: optionalText,
  represents: optionalText,
  allowMultiLines: z.boolean().optional(),
  /** Set when the value lives in a column of the records table (name, created date, owner…). */
  column: optionalText,
});
export type TypeSchemaField = z.infer<typeof typeSchemaField>;

/** A relationship end of the type: the relationship, the direction and the end's names. */
export const typeSchemaRelationship = z.looseObject({
  id: entityId,
  alias: optionalText,
  name: z.string(),
  relType: z.enum(relTypes),
  cardinality: z.enum(cardinalities),
  fromTypeId: entityId,
  toTypeId: entityId,
  toName: z.string(),
  fromName: z.string(),
  toScriptName: z.string(),
  fromScriptName: z.string(),
  isMandatory: z.boolean(),
  isReverseMandatory: z.boolean(),
  column: optionalText,
  direction: z.enum(['fwd', 'rev']),
  endName: z.string(),
  endScriptName: z.string(),
  /** The end reaches documents (its type is or inherits 'core:document'): a documents control shows it. */
  endIsDocument: z.boolean().optional(),
  securesTo: z.boolean().optional(),
  securesFrom: z.boolean().optional(),
  defaultToUseCurrent: z.boolean().optional(),
  defaultFromUseCurrent: z.boolean().optional(),
  toDisplayReportId: entityId.optional(),
  toPickerReportId: entityId.optional(),
  fromDisplayReportId: entityId.optional(),
  fromPickerReportId: entityId.optional(),
  description: optionalText,
});
export type TypeSchemaRelationship = z.infer<typeof typeSchemaRelationship>;

const typeRef = z.object({ id: entityId, name: z.string(), alias: z.string().nullable() });

/**
 * `GET /spapi/data/v1/schema/type/{idOrAlias}`: a type with its fields (inherited included),
 * relationship ends, ancestors, derived types and whether the caller may create its records —
 * what inline editing needs to know which cells it can edit and how to check them (spec 02 §4).
 */
export const typeSchemaResponse = z.object({
  type: z.looseObject({
    id: entityId,
    alias: optionalText,
    name: z.string(),
    scriptName: z.string(),
    inheritsId: entityId.optional(),
    isAbstract: z.boolean(),
    isChoiceType: z.boolean(),
    isSystem: z.boolean(),
    defaultEditFormId: entityId.optional(),
    defaultEditRecordPageId: entityId.optional(),
    defaultDisplayReportId: entityId.optional(),
    defaultPickerReportId: entityId.optional(),
    iconImageId: entityId.optional(),
  }),
  ancestors: z.array(typeRef),
  fields: z.array(typeSchemaField),
  relationships: z.array(typeSchemaRelationship),
  derivedTypes: z.array(typeRef.extend({ isAbstract: z.boolean() })),
  canCreateType: z.boolean(),
});
export type TypeSchemaResponse = z.infer<typeof typeSchemaResponse>;
