import {
  type ConditionalFormat,
  checkColumnFormatting,
  type EntityId,
  type FieldDef,
  type RelationshipDef,
  type RelStep,
  type ReportColumn,
  type ReportDefinition,
  type ReportValueRule,
  type ReportValueType,
  reachesMany,
  relationshipEndName,
  type Schema,
  sysType,
} from '@plinth/schema';
import { badRequest } from '../http/errors.js';

/** A step of a column's path with the relationship it follows. */
export interface ResolvedStep extends RelStep {
  rel: RelationshipDef;
  /** The type reached by the step. */
  typeId: EntityId;
}

interface ResolvedBase {
  id: string;
  title: string;
  hidden: boolean;
  ord: number;
  path: ResolvedStep[];
  /** The type the member is read from (the root type, or the end of the path). */
  ownerTypeId: EntityId;
  type: ReportValueType;
  /** The report's conditional formatting of the column (spec 02 §3 cfRule). */
  format?: ConditionalFormat;
  /** Lines, alignment, hidden value, image size (spec 02 §3 valueRule); the width is the column's. */
  valueRule?: ReportValueRule;
}

export type ResolvedColumn =
  | (ResolvedBase & { kind: 'field'; field: FieldDef })
  | (ResolvedBase & {
      kind: 'relationship';
      rel: RelationshipDef;
      direction: 'fwd' | 'rev';
      many: boolean;
      targetTypeId: EntityId;
      /** The target type's structure, when it has one: conditions may then use structure levels. */
      structure?: RelationshipDef;
    });

/**
 * The value type of conditions on a column: a relationship to an object with a structure is
 * filtered by structure levels (spec 03 §9), other columns by their own type.
 */
export function conditionTypeOf(column: ResolvedColumn): ReportValueType {
  if (column.kind === 'relationship' && column.structure) return 'StructureLevels';
  // Images are related documents: filtered by which documents, as any relationship.
  return column.type === 'Image' ? 'InlineRelationship' : column.type;
}

export function valueTypeOfField(field: FieldDef): ReportValueType {
  switch (field.storage) {
    case 'string':
      return 'String';
    case 'int':
      return 'Int32';
    case 'autoNumber':
      return 'AutoNumber';
    case 'decimal':
      return 'Decimal';
    case 'currency':
      return 'Currency';
    case 'date':
      return 'Date';
    case 'time':
      return 'Time';
    case 'dateTime':
      return 'DateTime';
    case 'bool':
      return 'Bool';
  }
}

/** Checks a report's columns against the schema and works out their types and paths. */
export function resolveColumns(schema: Schema, def: ReportDefinition): ResolvedColumn[] {
  if (!schema.type(def.rootTypeId)) throw badRequest(`The report's object ${def.rootTypeId} does not exist.`);
  const seen = new Set<string>();
  return def.columns.map((col, ord) => {
    if (seen.has(col.id)) throw badRequest(`The column id '${col.id}' is used twice.`);
    seen.add(col.id);
    return withFormatting(schema, col, resolveColumn(schema, def.rootTypeId, col, ord));
  });
}

/**
 * The column's formatting, checked against it (decision 0022): a relationship to documents with an
 * image size becomes an Image column.
 */
function withFormatting(schema: Schema, col: ReportColumn, resolved: ResolvedColumn): ResolvedColumn {
  if (!col.format && !col.valueRule) return resolved;
  const checked = checkColumnFormatting(col, {
    type: resolved.type,
    canShowImages: resolved.kind === 'relationship' && schema.isA(resolved.targetTypeId, sysType.document),
  });
  if (!checked.ok) throw badRequest(`Column '${col.id}': ${checked.message}`);
  return {
    ...resolved,
    ...(checked.isImage ? { type: 'Image' as const } : {}),
    ...(checked.format ? { format: checked.format } : {}),
    ...(checked.valueRule ? { valueRule: checked.valueRule } : {}),
  };
}

function resolveColumn(schema: Schema, rootTypeId: EntityId, col: ReportColumn, ord: number): ResolvedColumn {
  const path: ResolvedStep[] = [];
  let typeId = rootTypeId;
  for (const step of col.path) {
    const end = schema
      .relationshipsOf(typeId)
      .find((r) => r.rel.id === step.relId && r.direction === step.direction);
    if (!end)
      throw badRequest(`Column '${col.id}': the relationship ${step.relId} does not start from this object.`);
    if (end.rel.column)
      throw badRequest(`Column '${col.id}': '${end.rel.name}' cannot be followed in a report path.`);
    if (reachesMany(end.rel, step.direction)) {
      throw badRequest(`Column '${col.id}': a column path may only follow relationships to one record.`);
    }
    typeId = step.direction === 'fwd' ? end.rel.toTypeId : end.rel.fromTypeId;
    path.push({ ...step, rel: end.rel, typeId });
  }
  const base = { id: col.id, hidden: col.hidden, ord, path, ownerTypeId: typeId };
  const prefix = path.map((s) => relationshipEndName(s.rel, s.direction).name).join(' › ');
  const titled = (name: string) => col.title ?? (prefix ? `${prefix} › ${name}` : name);
  switch (col.kind) {
    case 'field': {
      const field = schema.fieldsOf(typeId).find((f) => f.id === col.fieldId);
      if (!field) throw badRequest(`Column '${col.id}': the field ${col.fieldId} is not on this object.`);
      return { ...base, kind: 'field', field, title: titled(field.name), type: valueTypeOfField(field) };
    }
    case 'relationship': {
      const end = schema
        .relationshipsOf(typeId)
        .find((r) => r.rel.id === col.relId && r.direction === col.direction);
      if (!end) throw badRequest(`Column '${col.id}': the relationship ${col.relId} is not on this object.`);
      const targetTypeId = col.direction === 'fwd' ? end.rel.toTypeId : end.rel.fromTypeId;
      const target = schema.type(targetTypeId);
      const type: ReportValueType = target?.isChoiceType
        ? 'ChoiceRelationship'
        : schema.isA(targetTypeId, sysType.userAccount) || schema.isA(targetTypeId, sysType.person)
          ? 'UserInlineRelationship'
          : 'InlineRelationship';
      const structure = schema.structureOf(targetTypeId);
      return {
        ...base,
        kind: 'relationship',
        rel: end.rel,
        direction: col.direction,
        many: reachesMany(end.rel, col.direction),
        targetTypeId,
        ...(structure ? { structure } : {}),
        title: titled(relationshipEndName(end.rel, col.direction).name),
        type,
      };
    }
    case 'calculation':
      throw badRequest(`Column '${col.id}': calculated columns arrive with the calculation engine.`);
  }
}
