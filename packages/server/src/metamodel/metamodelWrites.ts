import {
  type EntityId,
  sysField as F,
  invalidFieldTypeMessage,
  isFieldType,
  type NamedEntity,
  relationshipEndName,
  type Schema,
  sysType,
  validateFieldBounds,
  validateMemberNames,
  validateTypeNames,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import type { EntityRow } from '../entities/entityRepository.js';
import { type MemberError, validationFailed } from '../entities/relationshipChanges.js';
import { loadTenantMeta } from './tenantMetaCache.js';

/**
 * Checks the metamodel as a put leaves it, inside the put's transaction: field types, bounds, and
 * the name rules of the field-schema editor (spec 01 §5). Any error undoes the whole put.
 */
export async function validateMetamodelChanges(
  ctx: RequestContext,
  written: readonly EntityRow[],
): Promise<void> {
  const { schema } = await loadTenantMeta(ctx.db, ctx.tenantId, 0);
  const errors: MemberError[] = [];
  for (const row of written) {
    if (row.typeId === sysType.field) errors.push(...checkField(schema, row));
    else if (row.typeId === sysType.relationship) errors.push(...checkRelationship(schema, row));
    else if (row.typeId === sysType.type) errors.push(...checkType(schema, row));
  }
  if (errors.length > 0) throw validationFailed(errors);
}

function membersOf(schema: Schema, typeId: EntityId): NamedEntity[] {
  return [
    ...schema.fieldsOf(typeId).map((f) => ({ id: f.id, name: f.name, scriptName: f.scriptName })),
    ...schema
      .relationshipsOf(typeId)
      .map(({ rel, direction }) => ({ id: rel.id, ...relationshipEndName(rel, direction) })),
  ];
}

function checkField(schema: Schema, row: EntityRow): MemberError[] {
  if (!isFieldType(row.data[F.fieldType]))
    return [{ id: row.id, member: 'fieldType', message: invalidFieldTypeMessage }];
  const field = schema.field(row.id);
  if (!field) return [];
  return [
    ...validateMemberNames(
      { id: field.id, name: field.name, scriptName: field.scriptName, kind: 'field' },
      membersOf(schema, field.typeId),
    ),
    ...validateFieldBounds(field),
  ].map((issue) => ({ id: row.id, member: issue.property, message: issue.message }));
}

function checkRelationship(schema: Schema, row: EntityRow): MemberError[] {
  const rel = schema.relationship(row.id);
  if (!rel) return [];
  const issues = [
    ...validateMemberNames(
      { id: rel.id, name: rel.toName, scriptName: rel.toScriptName, kind: 'relationship' },
      membersOf(schema, rel.fromTypeId),
    ),
    ...validateMemberNames(
      { id: rel.id, name: rel.fromName, scriptName: rel.fromScriptName, kind: 'relationship' },
      membersOf(schema, rel.toTypeId).filter((m) => m.id !== rel.id),
    ),
  ];
  return issues.map((issue) => ({ id: row.id, member: issue.property, message: issue.message }));
}

function checkType(schema: Schema, row: EntityRow): MemberError[] {
  const type = schema.type(row.id);
  if (!type) return [];
  const others = [...schema.types()].map((t) => ({ id: t.id, name: t.name, scriptName: t.scriptName }));
  return validateTypeNames({ id: type.id, name: type.name, scriptName: type.scriptName }, others).map(
    (issue) => ({
      id: row.id,
      member: issue.property,
      message: issue.message,
    }),
  );
}
