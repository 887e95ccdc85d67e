import { type EntityId, firstUserId, type Schema, sysType } from '@plinth/schema';
import type { RowFilter } from '../entities/entityRepository.js';
import { type AccessRule, builtInRules } from './accessRules.js';

/** How much of a type a user may read, modify or delete. */
export type Reach = 'none' | 'own' | 'all';

export interface TypeAccess {
  read: Reach;
  create: boolean;
  modify: Reach;
  delete: Reach;
}

/**
 * Types only administrators may create, modify or delete, whatever the rules say: the metamodel
 * and the records that grant rights. A rule on a base type (e.g. Resource) still lets its role
 * read them, but never write them, so no role can widen its own rights.
 */
const adminOnlyWriteTypes: ReadonlySet<EntityId> = new Set([
  sysType.type,
  sysType.field,
  sysType.relationship,
  sysType.fieldGroup,
  sysType.accessRule,
  sysType.role,
  sysType.userAccount,
  sysType.tenantSettings,
]);

const rank: Record<Reach, number> = { none: 0, own: 1, all: 2 };
const wider = (a: Reach, b: Reach): Reach => (rank[a] >= rank[b] ? a : b);

/** The caller of a request. */
export interface Actor {
  tenantId: number;
  userId: EntityId;
  roleIds: ReadonlySet<EntityId>;
  isAdmin: boolean;
}

/**
 * What one user may do with each type, from the access rules of their roles (Everyone included).
 * A rule on a type covers the types derived from it. The system catalogue is read-only for all.
 */
export class Permissions {
  readonly #byType = new Map<EntityId, TypeAccess>();

  constructor(
    private readonly schema: Schema,
    rules: readonly AccessRule[],
    readonly actor: Actor,
  ) {
    if (actor.isAdmin) return;
    for (const rule of [...builtInRules, ...rules]) {
      if (!actor.roleIds.has(rule.roleId)) continue;
      const reach: Reach = rule.ownedOnly ? 'own' : 'all';
      for (const typeId of schema.descendants(rule.typeId)) {
        const a = this.#byType.get(typeId) ?? { read: 'none', create: false, modify: 'none', delete: 'none' };
        const write = !adminOnlyWriteTypes.has(typeId);
        this.#byType.set(typeId, {
          read: rule.canRead ? wider(a.read, reach) : a.read,
          create: a.create || (write && rule.canCreate),
          modify: write && rule.canModify ? wider(a.modify, reach) : a.modify,
          delete: write && rule.canDelete ? wider(a.delete, reach) : a.delete,
        });
      }
    }
  }

  forType(typeId: EntityId): TypeAccess {
    if (this.actor.isAdmin) return { read: 'all', create: true, modify: 'all', delete: 'all' };
    return this.#byType.get(typeId) ?? { read: 'none', create: false, modify: 'none', delete: 'none' };
  }

  canCreateType(typeId: EntityId): boolean {
    const t = this.schema.type(typeId);
    if (!t || t.isAbstract) return false;
    return this.forType(typeId).create;
  }

  canRead(row: { id: EntityId; typeId: EntityId; ownerId: EntityId | null }): boolean {
    return this.#allows(this.forType(row.typeId).read, row);
  }

  canModify(row: { id: EntityId; typeId: EntityId; ownerId: EntityId | null }): boolean {
    return row.id >= firstUserId && this.#allows(this.forType(row.typeId).modify, row);
  }

  canDelete(row: { id: EntityId; typeId: EntityId; ownerId: EntityId | null }): boolean {
    return row.id >= firstUserId && this.#allows(this.forType(row.typeId).delete, row);
  }

  #allows(reach: Reach, row: { ownerId: EntityId | null }): boolean {
    return reach === 'all' || (reach === 'own' && row.ownerId === this.actor.userId);
  }

  /** The read rule as a SQL condition on `entities`; undefined when the user may read everything. */
  readFilter(): RowFilter | undefined {
    if (this.actor.isAdmin) return undefined;
    const all: EntityId[] = [];
    const own: EntityId[] = [];
    for (const [typeId, access] of this.#byType) {
      if (access.read === 'all') all.push(typeId);
      else if (access.read === 'own') own.push(typeId);
    }
    const userId = this.actor.userId;
    return (eb) => {
      const parts = [];
      if (all.length > 0) parts.push(eb('type_id', 'in', all));
      if (own.length > 0) parts.push(eb.and([eb('type_id', 'in', own), eb('owner_id', '=', userId)]));
      return parts.length > 0 ? eb.or(parts) : eb.lit(false);
    };
  }
}
