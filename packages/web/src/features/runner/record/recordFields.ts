import { type CellTextSettings, cellText, type TextColumn } from '@plinth/grid';
import { formatAutoNumber, type TypeSchemaField, type TypeSchemaRelationship } from '@plinth/schema';

/** One field of the generated read-only form: its label and its value as the user reads it. */
export interface RecordFieldRow {
  key: string;
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
  const pattern = (field as { autoNumberDisplayPattern?: unknown }).autoNumberDisplayPattern;
  if (field.type === 'AutoNumber' && typeof value === 'number' && typeof pattern === 'string')
    return formatAutoNumber(pattern, value);
  const column: TextColumn = { type: columnTypes[field.storage] ?? 'String' };
  if (field.decimalPlaces !== undefined) column.places = field.decimalPlaces;
  return cellText(column, { val: value as string | number | boolean }, settings);
}

/** Relationship ends the generated form leaves out: the record's type and its security owner. */
const technicalEnds = new Set(['isOfType', 'securityOwner']);

/** Who created and last changed the record: shown last, with its dates. */
const auditEnds = new Set(['createdBy', 'lastModifiedBy']);

/** The ends that lead to one record (an account, a stage): the form shows that record's name. */
export function toOneEnds(relationships: readonly TypeSchemaRelationship[]): TypeSchemaRelationship[] {
  return relationships.filter(
    (r) =>
      !technicalEnds.has(r.endScriptName) &&
      (r.cardinality === 'oneToOne' ||
        (r.direction === 'fwd' ? r.cardinality === 'manyToOne' : r.cardinality === 'oneToMany')),
  );
}

/**
 * The rows of a record's read-only generated form: the name, the type's own fields, the records it
 * points to, then its description, dates and who made and changed it — each labelled by its name, with the record's
 * value or, for a new record, the field's default. The alias, an identifier, is left out.
 */
export function recordFieldRows(
  fields: readonly TypeSchemaField[],
  relationships: readonly TypeSchemaRelationship[],
  values: Readonly<Record<string, unknown>> | null,
  settings: CellTextSettings,
): RecordFieldRow[] {
  const fieldRow = (field: TypeSchemaField): RecordFieldRow => ({
    key: `f${field.id}`,
    label: field.name,
    text: fieldText(field, values ? values[field.scriptName] : field.defaultValue, settings),
    isMultiline:
      field.type === 'MultilineText' || field.type === 'RichText' || field.allowMultiLines === true,
  });
  const isColumn = (field: TypeSchemaField) =>
    field.column !== undefined || field.scriptName === 'description';
  const name = fields.filter((f) => f.scriptName === 'name');
  const own = fields.filter((f) => f.scriptName !== 'name' && !isColumn(f));
  const columns = fields.filter((f) => f.scriptName !== 'name' && f.scriptName !== 'alias' && isColumn(f));
  const endRow = (end: TypeSchemaRelationship): RecordFieldRow => ({
    key: `r${end.id}${end.direction}`,
    label: end.endName,
    text: relatedName(values?.[end.endScriptName]),
    isMultiline: false,
  });
  const ends = toOneEnds(relationships);
  const isAudit = (end: TypeSchemaRelationship) => auditEnds.has(end.endScriptName);
  const rows = [
    ...name.map(fieldRow),
    ...own.map(fieldRow),
    ...ends.filter((end) => !isAudit(end)).map(endRow),
  ];
  // A new record has no dates or makers yet; its description is one of its fields.
  if (!values) return [...rows, ...columns.filter((f) => f.scriptName === 'description').map(fieldRow)];
  return [...rows, ...columns.map(fieldRow), ...ends.filter(isAudit).map(endRow)];
}

/** The name of a related record as the entity get answers it ({ id, name }, or a list of them). */
function relatedName(value: unknown): string {
  const one = Array.isArray(value) ? value[0] : value;
  if (typeof one !== 'object' || one === null) return '';
  const name = (one as { name?: unknown }).name;
  return typeof name === 'string' ? name : '';
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
