import type { InlineEditField, InlineEditorKind, ReportMeta } from '@plinth/grid';
import {
  type EnumValue,
  type FieldType,
  type FormControl,
  type FormResponse,
  reachesMany,
  type TypeSchemaField,
  type TypeSchemaRelationship,
  type TypeSchemaResponse,
} from '@plinth/schema';
import { endPickerConfig } from '../pickerData/public';

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
  // The end's own picker report, when it names one (decision 0110).
  return { kind, isRequired, picker: { typeId, entityTypeName: targetName, ...endPickerConfig(rel) } };
}

export interface InlineEditFormSources {
  /** The report's root type with its fields and relationship ends. */
  schema: TypeSchemaResponse;
  /** The choice types' values, by type id (relationships to choice types become choice lists). */
  choices: ReadonlyMap<number, readonly EnumValue[]>;
  /** Names of related types, by id, for the picker modal title. */
  typeNames: ReadonlyMap<number, string>;
  /**
   * The type's default form: its controls say which members have a component and add their
   * mandatory override and read-only setting. Without it, every member of the type has one.
   */
  form?: FormResponse;
}

/** The control of a form that renders a field, or a relationship end. */
function controlFor(
  form: FormResponse,
  member: { fid: number } | { rid: number; isReverse: boolean },
): FormControl | undefined {
  return form.controls.find((c) =>
    'fid' in member
      ? c.fieldToRender === member.fid
      : c.relationshipToRender === member.rid && c.isReversed === member.isReverse,
  );
}

/**
 * A member's editor with its control's settings (spec 02 §5): a mandatory control makes the value
 * required (the asterisk) unless the control is hidden; a read-only control makes it read-only.
 */
function withControl(field: InlineEditField, control: FormControl | undefined): InlineEditField {
  if (!control) return field;
  return {
    ...field,
    isRequired: (field.isRequired ?? false) || (control.mandatory && !control.isHidden),
    isReadOnly: (field.isReadOnly ?? false) || control.readOnlyControl,
  };
}

/**
 * How each report column is edited inline: the row type's default form gives the components —
 * a member without a control has none ('No associated form found for this field') — with bounds
 * from the schema and the controls' mandatory and read-only settings (docs/decisions/0019, 0026).
 * Columns through a relationship path and calculated report columns have no component.
 */
export function inlineEditFormFor(
  meta: Pick<ReportMeta, 'rcols'>,
  sources: InlineEditFormSources,
): Record<string, InlineEditField> {
  const { form } = sources;
  const fields: Record<string, InlineEditField> = {};
  for (const [colid, col] of Object.entries(meta.rcols)) {
    if (col.viaPath) continue;
    if (col.fid !== undefined) {
      const field = sources.schema.fields.find((f) => f.id === col.fid);
      const control = form && controlFor(form, { fid: col.fid });
      if (field && (!form || control)) fields[colid] = withControl(fieldEditor(field), control);
    } else if (col.rid !== undefined) {
      const direction = col.rev ? 'rev' : 'fwd';
      const rel = sources.schema.relationships.find((r) => r.id === col.rid && r.direction === direction);
      const control = form && controlFor(form, { rid: col.rid, isReverse: direction === 'rev' });
      if (rel && (!form || control)) {
        const target = targetTypeId(rel);
        const editor = relationshipEditor(rel, sources.typeNames.get(target) ?? rel.endName, sources.choices);
        fields[colid] = withControl(editor, control);
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
