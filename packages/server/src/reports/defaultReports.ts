import {
  type ReportColumn,
  type ReportDefinition,
  reachesMany,
  type Schema,
  shortValueFieldTypes,
  sysField,
  type TypeDef,
} from '@plinth/schema';

const MAX_COLUMNS = 12;

const nameColumn: ReportColumn = {
  id: 'name',
  kind: 'field',
  fieldId: sysField.name,
  hidden: false,
  path: [],
};

/**
 * The report every type gets without anyone building one: the name, then its fields and its
 * to-one relationships in schema order. The picker report has the name and the description.
 */
export function defaultReport(
  schema: Schema,
  type: TypeDef,
  kind: 'display' | 'picker',
): { title: string; definition: ReportDefinition } {
  const base = {
    version: 1 as const,
    rootTypeId: type.id,
    conditions: [],
    groups: [],
    aggregates: [],
    showGrandTotals: false,
    showSubTotals: true,
    showCount: false,
    isPublic: false,
  };
  if (kind === 'picker') {
    return {
      title: type.name,
      definition: {
        ...base,
        columns: [
          nameColumn,
          { id: 'description', kind: 'field', fieldId: sysField.description, hidden: false, path: [] },
        ],
        sorts: [{ columnId: 'name', order: 'Ascending' }],
      },
    };
  }
  return {
    title: type.name,
    definition: {
      ...base,
      columns: recordColumns(schema, type).slice(0, MAX_COLUMNS),
      sorts: [{ columnId: 'name', order: 'Ascending' }],
    },
  };
}

/**
 * A type's records as a list shows them, every column: the name, then its own short-valued fields
 * (and calculations, when asked), then its to-one relationships, each in the order they were made.
 * The generated display report keeps the first twelve; a report made of the type (decision 0111)
 * keeps them all, calculations too.
 */
export function recordColumns(
  schema: Schema,
  type: TypeDef,
  options: { calculations?: boolean } = {},
): ReportColumn[] {
  const fields = schema
    .fieldsOf(type.id)
    .filter(
      (f) =>
        !f.column &&
        f.typeId >= 10_000 &&
        (shortValueFieldTypes.has(f.type) || (options.calculations === true && f.type === 'Calculation')),
    )
    // In the order they were made: the schema's own order follows how the metamodel was loaded.
    .sort((a, b) => a.id - b.id)
    .map((f) => ({ id: `f${f.id}`, kind: 'field' as const, fieldId: f.id, hidden: false, path: [] }));
  const rels = schema
    .relationshipsOf(type.id)
    .filter(({ rel, direction }) => !rel.column && rel.id >= 10_000 && !reachesMany(rel, direction))
    .sort((a, b) => a.rel.id - b.rel.id)
    .map(({ rel, direction }) => ({
      id: `r${rel.id}${direction === 'rev' ? 'r' : ''}`,
      kind: 'relationship' as const,
      relId: rel.id,
      direction,
      hidden: false,
      path: [],
    }));
  return [nameColumn, ...fields, ...rels];
}
