import type { InlineEditField, InlineEditorKind, ReportMeta } from '@plinth/grid';
import {
  type EnumValue,
  type FieldType,
  reachesMany,
  type TypeSchemaField,
  type TypeSchemaRelationship,
  type TypeSchemaResponse,
} from '@plinth/schema';

const editorOfField: Record<FieldType, InlineEditField['kind']> = {
  Text: 'text',
  MultilineText: 'multilineText',
  RichText: 'richText',
  Number: 'int',
  AutoNumber: 'autoNumber',
  Decimal: 'decimal',
  Currency: 'currency',
  Date: 'date',
  Time: 'time',
  DateTime: 'dateTime',
  Boolean: 'bool',
  Calculation: 'calculated',
};

function fieldEditor(field: TypeSchemaField): InlineEditField {
  const kind = editorOfField[field.type];
  const isNumber = kind === 'int' || kind === 'decimal' || kind === 'currency';
  const min = kind === 'int' ? field.minInt : field.minDecimal;
  const max = kind === 'int' ? field.maxInt : field.maxDecimal;
  return {
    kind,
    isReadOnly: field.isReadOnly,
    isRequired: field.isRequired,
    ...(kind === 'decimal' || kind === 'currency' ? { places: field.decimalPlaces ?? 2 } : {}),
    ...(isNumber && typeof min === 'number' ? { min } : {}),
    ...(isNumber && typeof max === 'number' ? { max } : {}),
    ...(typeof field.maxLength === 'number' ? { maxLength: field.maxLength } : {}),
  };
}

/** The related type of a relationship end, seen from the report's row. */
function targetTypeId(rel: TypeSchemaRelationship): number {
  return rel.direction === 'fwd' ? rel.toTypeId : rel.fromTypeId;
}

function relationshipEditor(
  rel: TypeSchemaRelationship,
  targetName: string,
  choices: ReadonlyMap<number, readonly EnumValue[]>,
): InlineEditField {
  const isMany = reachesMany(rel, rel.direction);
  const isRequired = rel.direction === 'fwd' ? rel.isMandatory : rel.isReverseMandatory;
  const typeId = targetTypeId(rel);
  const values = choices.get(typeId);
  if (values && !isMany) {
    return {
      kind: 'choice',
      isRequired,
      options: values
        .filter((v) => !v.isRetired)
        .map((v) => ({ id: v.id, label: v.name ?? '', colour: v.colour })),
    };
  }
  const kind: InlineEditorKind = isMany ? 'relationshipMany' : 'lookup';
  return { kind, isRequired, picker: { typeId, entityTypeName: targetName } };
}

export interface InlineEditFormSources {
  /** The report's root type with its fields and relationship ends. */
  schema: TypeSchemaResponse;
  /** The choice types' values, by type id (relationships to choice types become choice lists). */
  choices: ReadonlyMap<number, readonly EnumValue[]>;
  /** Names of related types, by id, for the picker modal title. */
  typeNames: ReadonlyMap<number, string>;
}

/**
 * How each report column is edited inline. Until form pages exist, the type itself is the display
 * form: every member of the row's own type has a component, read-only and required as the schema
 * says (docs/decisions/0019). Columns through a relationship path and calculated columns have no
 * component ('No associated form found for this field').
 */
export function inlineEditFormFor(
  meta: Pick<ReportMeta, 'rcols'>,
  sources: InlineEditFormSources,
): Record<string, InlineEditField> {
  const fields: Record<string, InlineEditField> = {};
  for (const [colid, col] of Object.entries(meta.rcols)) {
    if (col.viaPath) continue;
    if (col.fid !== undefined) {
      const field = sources.schema.fields.find((f) => f.id === col.fid);
      if (field) fields[colid] = fieldEditor(field);
    } else if (col.rid !== undefined) {
      const direction = col.rev ? 'rev' : 'fwd';
      const rel = sources.schema.relationships.find((r) => r.id === col.rid && r.direction === direction);
      if (rel) {
        const target = targetTypeId(rel);
        fields[colid] = relationshipEditor(
          rel,
          sources.typeNames.get(target) ?? rel.endName,
          sources.choices,
        );
      }
    }
  }
  return fields;
}

/** The related types of the report's relationship columns, which the form needs to know. */
export function relatedTypeIds(meta: Pick<ReportMeta, 'rcols'>, schema: TypeSchemaResponse): number[] {
  const ids = new Set<number>();
  for (const col of Object.values(meta.rcols)) {
    if (col.viaPath || col.rid === undefined) continue;
    const direction = col.rev ? 'rev' : 'fwd';
    const rel = schema.relationships.find((r) => r.id === col.rid && r.direction === direction);
    if (rel) ids.add(targetTypeId(rel));
  }
  return [...ids];
}
