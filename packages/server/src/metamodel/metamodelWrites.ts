import {
  type EntityId,
  type EntityRef,
  sysField as F,
  invalidFieldTypeMessage,
  invalidRelTypeMessage,
  isFieldType,
  type NamedEntity,
  relationshipEndName,
  relTypes,
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
  refOf: (id: EntityId) => EntityRef = (id) => id,
): Promise<void> {
  const { schema } = await loadTenantMeta(ctx.db, ctx.tenantId, 0);
  const errors: MemberError[] = [];
  for (const row of written) {
    let issues: Issue[] = [];
    if (row.typeId === sysType.field) issues = checkField(schema, row);
    else if (row.typeId === sysType.relationship) issues = checkRelationship(schema, row);
    else if (row.typeId === sysType.type) issues = checkType(schema, row);
    // Errors name the record as the put did ('new:key' for a new one) and the member by its put key.
    for (const issue of issues) errors.push({ id: refOf(row.id), ...issue });
  }
  if (errors.length > 0) throw validationFailed(errors);
}

type Issue = Omit<MemberError, 'id'>;

function membersOf(schema: Schema, typeId: EntityId): NamedEntity[] {
  return [
    ...schema.fieldsOf(typeId).map((f) => ({ id: f.id, name: f.name, scriptName: f.scriptName })),
    ...schema
      .relationshipsOf(typeId)
      .map(({ rel, direction }) => ({ id: rel.id, ...relationshipEndName(rel, direction) })),
  ];
}

/**
 * The members a new member of a type must not clash with: the type's own and inherited ones, and
 * those of every type derived from it (which would inherit the new member).
 */
function siblingsOf(schema: Schema, typeId: EntityId): NamedEntity[] {
  return schema.descendants(typeId).flatMap((id) => membersOf(schema, id));
}

function checkField(schema: Schema, row: EntityRow): Issue[] {
  if (!isFieldType(row.data[F.fieldType])) return [{ member: 'fieldType', message: invalidFieldTypeMessage }];
  const field = schema.field(row.id);
  if (!field) return [];
  const key = { name: 'name', scriptName: 'fieldScriptName' } as const;
  return [
    ...validateMemberNames(
      { id: field.id, name: field.name, scriptName: field.scriptName, kind: 'field' },
      siblingsOf(schema, field.typeId),
    ).map((issue) => ({ member: key[issue.property], message: issue.message })),
    ...validateFieldBounds(field).map((issue) => ({ member: issue.property, message: issue.message })),
  ];
}

function checkRelationship(schema: Schema, row: EntityRow): Issue[] {
  const relType = row.data[F.relType];
  if (typeof relType !== 'string' || !(relTypes as readonly string[]).includes(relType))
    return [{ member: 'relType', message: invalidRelTypeMessage }];
  const rel = schema.relationship(row.id);
  if (!rel) return [];
  const toKey = { name: 'toName', scriptName: 'toScriptName' } as const;
  const fromKey = { name: 'fromName', scriptName: 'fromScriptName' } as const;
  return [
    ...validateMemberNames(
      { id: rel.id, name: rel.toName, scriptName: rel.toScriptName, kind: 'relationship' },
      siblingsOf(schema, rel.fromTypeId),
    ).map((issue) => ({ member: toKey[issue.property], message: issue.message })),
    ...validateMemberNames(
      { id: rel.id, name: rel.fromName, scriptName: rel.fromScriptName, kind: 'relationship' },
      siblingsOf(schema, rel.toTypeId).filter((m) => m.id !== rel.id),
    ).map((issue) => ({ member: fromKey[issue.property], message: issue.message })),
  ];
}

function checkType(schema: Schema, row: EntityRow): Issue[] {
  const type = schema.type(row.id);
  if (!type) return [];
  const others = [...schema.types()].map((t) => ({ id: t.id, name: t.name, scriptName: t.scriptName }));
  const key = { name: 'name', scriptName: 'typeScriptName' } as const;
  return validateTypeNames({ id: type.id, name: type.name, scriptName: type.scriptName }, others).map(
    (issue) => ({ member: key[issue.property], message: issue.message }),
  );
}
