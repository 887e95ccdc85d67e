import { type CellTextSettings, cellText, type TextColumn } from '@plinth/grid';
import { formatAutoNumber, type TypeSchemaField } from '@plinth/schema';

const columnTypes: Record<TypeSchemaField['storage'], TextColumn['type']> = {
  string: 'String',
  int: 'Int32',
  autoNumber: 'Int32',
  decimal: 'Decimal',
  currency: 'Currency',
  date: 'Date',
  time: 'Time',
  dateTime: 'DateTime',
  bool: 'Bool',
};

/**
 * A field's value as the user reads it in view mode: formatted by its kind in the tenant's locale,
 * currency and zone, as the grid formats it; an auto number through its display pattern; a yes/no
 * as Yes or No. Empty for no value.
 */
export function valueText(field: TypeSchemaField, value: unknown, settings: CellTextSettings): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'object') return '';
  if (field.storage === 'bool') return value === true ? 'Yes' : 'No';
  const pattern = (field as { autoNumberDisplayPattern?: unknown }).autoNumberDisplayPattern;
  if (field.type === 'AutoNumber' && typeof value === 'number' && typeof pattern === 'string')
    return formatAutoNumber(pattern, value);
  const column: TextColumn = { type: columnTypes[field.storage] ?? 'String' };
  if (field.decimalPlaces !== undefined) column.places = field.decimalPlaces;
  return cellText(column, { val: value as string | number | boolean }, settings);
}

/** Whether a string field holds rich text (its type, or what it represents). */
export const isRichTextField = (field: TypeSchemaField) =>
  field.type === 'RichText' || field.represents === 'richText' || field.represents === 'htmlEmail';

/** Whether a string field is edited in a text area. */
export const isMultilineField = (field: TypeSchemaField) =>
  field.type === 'MultilineText' || field.allowMultiLines === true;
