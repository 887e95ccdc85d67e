import {
  type EntityId,
  sysField as F,
  sysRel as R,
  type StoredLink,
  type StoredRecord,
  sysRecord,
  sysType as T,
} from '@plinth/schema';

/** A grant to a role on a type (and the types derived from it). */
export interface AccessRule {
  id: EntityId;
  roleId: EntityId;
  typeId: EntityId;
  canRead: boolean;
  canCreate: boolean;
  canModify: boolean;
  canDelete: boolean;
  /** Read, modify and delete only the records the user owns. */
  ownedOnly: boolean;
}

/** Access rules stored as `core:accessRule` records. */
export function parseAccessRules(
  records: readonly StoredRecord[],
  links: readonly StoredLink[],
): AccessRule[] {
  const role = new Map<EntityId, EntityId>();
  const type = new Map<EntityId, EntityId>();
  for (const l of links) {
    if (l.relId === R.accessRuleRole) role.set(l.fromId, l.toId);
    if (l.relId === R.accessRuleType) type.set(l.fromId, l.toId);
  }
  const out: AccessRule[] = [];
  for (const r of records) {
    if (r.typeId !== T.accessRule) continue;
    const roleId = role.get(r.id);
    const typeId = type.get(r.id);
    if (roleId === undefined || typeId === undefined) continue;
    // A rule limited by a calculated row filter grants nothing until such filters are applied in
    // SQL: failing closed is safer than granting every row.
    const filter = r.data[F.accessRuleCalculation];
    if (typeof filter === 'string' && filter.trim() !== '') continue;
    out.push({
      id: r.id,
      roleId,
      typeId,
      canRead: r.data[F.canRead] === true,
      canCreate: r.data[F.canCreate] === true,
      canModify: r.data[F.canModify] === true,
      canDelete: r.data[F.canDelete] === true,
      ownedOnly: r.data[F.ownedOnly] === true,
    });
  }
  return out;
}

const readOnlyForEveryone = (id: number, typeId: number): AccessRule => ({
  id,
  roleId: sysRecord.everyoneRole,
  typeId,
  canRead: true,
  canCreate: false,
  canModify: false,
  canDelete: false,
  ownedOnly: false,
});

/**
 * Grants that hold in every tenant: everyone can read the metamodel, choice values, people, roles
 * and the tenant's settings, so forms, pickers and the runner work. Administrators can do anything.
 */
export const builtInRules: readonly AccessRule[] = [
  readOnlyForEveryone(-1, T.type),
  readOnlyForEveryone(-2, T.field),
  readOnlyForEveryone(-3, T.relationship),
  readOnlyForEveryone(-4, T.fieldGroup),
  readOnlyForEveryone(-5, T.enumValue),
  readOnlyForEveryone(-6, T.person),
  readOnlyForEveryone(-7, T.role),
  readOnlyForEveryone(-8, T.tenantSettings),
];
