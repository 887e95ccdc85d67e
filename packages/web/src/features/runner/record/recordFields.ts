import { type CellTextSettings, cellText, type TextColumn } from '@plinth/grid';
import type { TypeSchemaField } from '@plinth/schema';

/** One field of the generated read-only form: its label and its value as the user reads it. */
export interface RecordFieldRow {
  id: number;
  label: string;
  text: string;
  isMultiline: boolean;
}

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

/** Rich text read as plain text: the generated form shows no markup. */
const plainText = (html: string) =>
  html
    .replace(/<(br|\/p|\/div|\/li)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** A value as text: formatted by its field's kind in the tenant's locale and currency. */
export function fieldText(field: TypeSchemaField, value: unknown, settings: CellTextSettings): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.type === 'RichText' && typeof value === 'string') return plainText(value);
  if (typeof value === 'object') {
    const named = value as { name?: unknown };
    return typeof named.name === 'string' ? named.name : '';
  }
  const column: TextColumn = { type: columnTypes[field.storage] ?? 'String' };
  if (field.decimalPlaces !== undefined) column.places = field.decimalPlaces;
  return cellText(column, { val: value as string | number | boolean }, settings);
}

/**
 * The rows of a record's read-only generated form: each field of its type, labelled by the field's
 * name, with the record's value — or, for a new record, the field's default.
 */
export function recordFieldRows(
  fields: readonly TypeSchemaField[],
  values: Readonly<Record<string, unknown>> | null,
  settings: CellTextSettings,
): RecordFieldRow[] {
  return fields.map((field) => ({
    id: field.id,
    label: field.name,
    text: fieldText(field, values ? values[field.scriptName] : field.defaultValue, settings),
    isMultiline:
      field.type === 'MultilineText' || field.type === 'RichText' || field.allowMultiLines === true,
  }));
}

/** The record route's title (spec 01 §2 form modal titles). */
export function recordTitle(
  mode: 'create' | 'edit' | 'view',
  recordName: string | null,
  typeName: string,
): string {
  if (mode === 'create') return `New ${typeName}`;
  const name = recordName?.trim() || '<unknown>';
  return mode === 'edit' ? `Edit ${name}` : `View ${name}`;
}
