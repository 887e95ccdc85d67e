import {
  type FieldType,
  fieldLimits,
  invalidNumberMessage,
  type NamedEntity,
  requiredMessage,
  type TypeSchemaField,
  toScriptName,
  validateFieldBounds,
  validateMemberNames,
} from '@plinth/schema';

/** The field types as the editor names them (spec 01 §3 "New default field names"). */
export const fieldTypeLabels: Record<FieldType, string> = {
  Text: 'Text',
  MultilineText: 'Multiline Text',
  RichText: 'Rich Text',
  Number: 'Number',
  AutoNumber: 'AutoNumber',
  Decimal: 'Decimal',
  Currency: 'Currency',
  Date: 'Date',
  Time: 'Time',
  DateTime: 'Date and Time',
  Boolean: 'Yes/No',
  Calculation: 'Calculation',
};

/** The field-schema property aliases (spec 01 §3) the editor writes, each as the put's field key. */
export type FieldProperty =
  | 'name'
  | 'fieldScriptName'
  | 'description'
  | 'defaultValue'
  | 'isRequired'
  | 'isFieldReadOnly'
  | 'fieldInGroup'
  | 'minLength'
  | 'maxLength'
  | 'allowMultiLines'
  | 'pattern'
  | 'regexDescription'
  | 'fieldRepresents'
  | 'minInt'
  | 'maxInt'
  | 'minDecimal'
  | 'maxDecimal'
  | 'decimalPlaces'
  | 'minDate'
  | 'maxDate'
  | 'minTime'
  | 'maxTime'
  | 'minDateTime'
  | 'maxDateTime'
  | 'autoNumberSeed'
  | 'autoNumberDisplayPattern'
  | 'fieldCalculation';

/** The property tabs of spec 01 §9 a field shows (relationship, ownership, security and choice tabs are not a field's). */
export type FieldTab = 'general' | 'validation' | 'format' | 'calculation';
export const fieldTabLabels: Record<FieldTab, string> = {
  general: 'General',
  validation: 'Validation',
  format: 'Format',
  calculation: 'Calculation',
};

const stringTypes: readonly FieldType[] = ['Text', 'MultilineText', 'RichText'];

/** Which properties each tab shows for a field type (spec 01 §3 "Per type"), in order. */
export function propertiesByTab(type: FieldType): Partial<Record<FieldTab, FieldProperty[]>> {
  const general: FieldProperty[] = ['name', 'fieldScriptName', 'description', 'fieldInGroup'];
  if (type === 'Calculation') return { general, calculation: ['fieldCalculation'] };
  if (type === 'AutoNumber')
    return { general: [...general, 'autoNumberSeed'], format: ['autoNumberDisplayPattern'] };
  const common: FieldProperty[] = [...general, 'isRequired', 'isFieldReadOnly', 'defaultValue'];
  if (stringTypes.includes(type))
    return {
      general: common,
      validation: ['minLength', 'maxLength', 'pattern', 'regexDescription'],
      format: type === 'Text' ? ['fieldRepresents', 'allowMultiLines'] : ['fieldRepresents'],
    };
  switch (type) {
    case 'Number':
      return { general: common, validation: ['minInt', 'maxInt'] };
    case 'Decimal':
    case 'Currency':
      return { general: common, validation: ['minDecimal', 'maxDecimal'], format: ['decimalPlaces'] };
    case 'Date':
      return { general: common, validation: ['minDate', 'maxDate'] };
    case 'Time':
      return { general: common, validation: ['minTime', 'maxTime'] };
    case 'DateTime':
      return { general: common, validation: ['minDateTime', 'maxDateTime'] };
    default:
      return { general: common };
  }
}

/** Properties whose inputs parse to numbers (spec 01 §5 "Numeric inputs parse to numbers"). */
const numericProperties: ReadonlySet<FieldProperty> = new Set([
  'minLength',
  'maxLength',
  'minInt',
  'maxInt',
  'minDecimal',
  'maxDecimal',
  'decimalPlaces',
  'autoNumberSeed',
]);
const booleanProperties: ReadonlySet<FieldProperty> = new Set([
  'isRequired',
  'isFieldReadOnly',
  'allowMultiLines',
]);

/** A field as the editor holds it: text as typed, check boxes as booleans, the group by id. */
export interface FieldDraft {
  id: number | null;
  type: FieldType;
  text: Partial<Record<FieldProperty, string>>;
  flags: Partial<Record<FieldProperty, boolean>>;
  groupId: number | null;
}

/** A new field of `type` named `name` (the server's default name): auto-numbers start at 1. */
export function newFieldDraft(type: FieldType, name: string): FieldDraft {
  const text: FieldDraft['text'] = { name, fieldScriptName: toScriptName(name) };
  if (type === 'AutoNumber') text.autoNumberSeed = String(fieldLimits.autoNumberSeed);
  if (type === 'Decimal') text.decimalPlaces = String(fieldLimits.decimalPlacesDecimal);
  if (type === 'Currency') text.decimalPlaces = String(fieldLimits.decimalPlacesCurrency);
  return { id: null, type, text, flags: {}, groupId: null };
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** The draft of a stored field (the type schema call's answer). */
export function draftOf(field: TypeSchemaField): FieldDraft {
  const f = field as TypeSchemaField & Record<string, unknown>;
  const text: FieldDraft['text'] = {
    name: field.name,
    fieldScriptName: field.scriptName,
    description: str(field.description),
    defaultValue: str(field.defaultValue),
    minLength: str(field.minLength),
    maxLength: str(field.maxLength),
    pattern: str(field.pattern),
    regexDescription: str(field.patternDescription),
    fieldRepresents: str(field.represents),
    minInt: str(field.minInt),
    maxInt: str(field.maxInt),
    minDecimal: str(field.minDecimal),
    maxDecimal: str(field.maxDecimal),
    decimalPlaces: str(field.decimalPlaces),
    minDate: str(field.minDate),
    maxDate: str(field.maxDate),
    minTime: str(field.minTime),
    maxTime: str(field.maxTime),
    minDateTime: str(field.minDateTime),
    maxDateTime: str(field.maxDateTime),
    autoNumberSeed: str(f.autoNumberSeed),
    autoNumberDisplayPattern: str(f.autoNumberDisplayPattern),
    fieldCalculation: str(field.calculation),
  };
  return {
    id: field.id,
    type: field.type,
    text,
    flags: {
      isRequired: field.isRequired,
      isFieldReadOnly: field.isReadOnly,
      allowMultiLines: field.allowMultiLines === true,
    },
    groupId: typeof f.groupId === 'number' ? f.groupId : null,
  };
}

function shownProperties(type: FieldType): FieldProperty[] {
  return Object.values(propertiesByTab(type)).flat();
}

/** A numeric input as a number, null when empty, NaN when it is not a number. */
function parseNumber(text: string | undefined): number | null {
  const t = (text ?? '').trim();
  if (t === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/**
 * The put's field values: every property the type shows (cleared ones as null, so a removed bound
 * goes), numbers parsed. The field group is a relationship and goes separately.
 */
export function putValuesOf(draft: FieldDraft): Record<string, unknown> {
  const values: Record<string, unknown> = { fieldType: draft.type };
  for (const property of shownProperties(draft.type)) {
    if (property === 'fieldInGroup') continue;
    if (booleanProperties.has(property)) values[property] = draft.flags[property] === true;
    else if (numericProperties.has(property)) values[property] = parseNumber(draft.text[property]);
    else {
      const text = draft.text[property] ?? '';
      values[property] = property === 'name' || property === 'fieldScriptName' ? text.trim() : text || null;
    }
  }
  return values;
}

/**
 * What a save of an existing field changes: the put's values that differ from the field as it was
 * opened (nothing is written that the user did not change).
 */
export function changedValuesOf(initial: FieldDraft, draft: FieldDraft): Record<string, unknown> {
  const before = putValuesOf(initial);
  return Object.fromEntries(
    Object.entries(putValuesOf(draft)).filter(([key, value]) => (before[key] ?? null) !== (value ?? null)),
  );
}

/**
 * The field-schema editor's own checks before asking the server (spec 01 §5), with the same rules
 * and messages the server applies: required name and script name, duplicates among the Object's
 * members, numbers that parse, and min against max. Answers the message of each property at fault.
 */
export function checkDraft(
  draft: FieldDraft,
  siblings: readonly NamedEntity[],
): Partial<Record<FieldProperty, string>> {
  const errors: Partial<Record<FieldProperty, string>> = {};
  const name = (draft.text.name ?? '').trim();
  const scriptName = (draft.text.fieldScriptName ?? '').trim();
  if (name === '') errors.name = requiredMessage;
  if (scriptName === '') errors.fieldScriptName = requiredMessage;
  for (const issue of validateMemberNames(
    { ...(draft.id === null ? {} : { id: draft.id }), name, scriptName, kind: 'field' },
    siblings,
  )) {
    const key = issue.property === 'name' ? 'name' : 'fieldScriptName';
    errors[key] ??= issue.message;
  }
  const bounds: Parameters<typeof validateFieldBounds>[0] = { type: draft.type };
  for (const property of shownProperties(draft.type)) {
    if (!numericProperties.has(property)) continue;
    const value = parseNumber(draft.text[property]);
    if (Number.isNaN(value)) errors[property] = invalidNumberMessage;
    else if (value !== null) (bounds as Record<string, unknown>)[property] = value;
  }
  for (const property of [
    'minDate',
    'maxDate',
    'minTime',
    'maxTime',
    'minDateTime',
    'maxDateTime',
  ] as const) {
    const text = (draft.text[property] ?? '').trim();
    if (text !== '' && shownProperties(draft.type).includes(property)) bounds[property] = text;
  }
  for (const issue of validateFieldBounds(bounds)) errors[issue.property] ??= issue.message;
  return errors;
}
