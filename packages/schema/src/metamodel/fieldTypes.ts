/** The field types an administrator can give a field (spec 01 §3, spec 03 §3). */
export const fieldTypes = [
  'Text',
  'MultilineText',
  'RichText',
  'Number',
  'AutoNumber',
  'Decimal',
  'Currency',
  'Date',
  'Time',
  'DateTime',
  'Boolean',
  'Calculation',
] as const;
export type FieldType = (typeof fieldTypes)[number];

/** How a value of a field is stored and sent. Calculation fields store their result type. */
export type StorageKind =
  | 'string'
  | 'int'
  | 'autoNumber'
  | 'decimal'
  | 'currency'
  | 'date'
  | 'time'
  | 'dateTime'
  | 'bool';

/** Field types with short values: reports index, sort and show them; long and rich text are searched instead. */
export const shortValueFieldTypes: ReadonlySet<FieldType> = new Set([
  'Text',
  'Number',
  'AutoNumber',
  'Decimal',
  'Currency',
  'Date',
  'Time',
  'DateTime',
  'Boolean',
]);

export function isFieldType(value: unknown): value is FieldType {
  return typeof value === 'string' && (fieldTypes as readonly string[]).includes(value);
}

/** The storage kind of a field type; a Calculation field's kind is its result's (given separately). */
export function storageKindOf(type: Exclude<FieldType, 'Calculation'>): StorageKind {
  switch (type) {
    case 'Text':
    case 'MultilineText':
    case 'RichText':
      return 'string';
    case 'Number':
      return 'int';
    case 'AutoNumber':
      return 'autoNumber';
    case 'Decimal':
      return 'decimal';
    case 'Currency':
      return 'currency';
    case 'Date':
      return 'date';
    case 'Time':
      return 'time';
    case 'DateTime':
      return 'dateTime';
    case 'Boolean':
      return 'bool';
  }
}

/** Names given to a new field of each type in the field-schema editor (spec 01 §3). */
export const defaultFieldNames: Record<Exclude<FieldType, 'Calculation'>, string> & { Calculation: string } =
  {
    AutoNumber: 'AutoNumber',
    Boolean: 'Yes/No',
    Currency: 'Currency',
    Date: 'Date',
    DateTime: 'Date and Time',
    Decimal: 'Decimal',
    MultilineText: 'Multiline Text',
    Number: 'Number',
    RichText: 'Rich Text',
    Text: 'Text',
    Time: 'Time',
    Calculation: 'Calculation',
  };

/** What a string field stands for (spec 01 §3 "fieldRepresents"). */
export const fieldRepresentsValues = [
  'email',
  'url',
  'phoneNumber',
  'color',
  'password',
  'richText',
  'timeZone',
  'htmlEmail',
] as const;
export type FieldRepresents = (typeof fieldRepresentsValues)[number];

/** Business limits of spec 01 §9 and spec 03 §9. */
export const fieldLimits = {
  textMaxLength: 1000,
  longTextMaxLength: 100_000,
  intMin: -1_000_000_000,
  intMax: 1_000_000_000,
  decimalMin: -1_000_000_000_000,
  decimalMax: 1_000_000_000_000,
  decimalPlacesDecimal: 3,
  decimalPlacesCurrency: 2,
  decimalPlacesMax: 10,
  autoNumberSeed: 1,
  choiceOrderDefault: 999,
} as const;
