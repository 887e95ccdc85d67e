import type { SqlFragment } from '@plinth/calc';
import { type EntityId, firstUserId, type Schema, sysType } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { RowFilter } from '../data/entityRepository.js';
import { owns, visible } from '../data/tenantScope.js';
import { type AccessRule, builtInRules } from './accessRules.js';
import { ruleFilterSql } from './ruleFilters.js';

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

/** What a rule grants on a record. */
export type RowAction = 'read' | 'create' | 'modify' | 'delete';

/** A rule of the caller's with a calculation: it grants its rights on the rows where that is true. */
interface FilteredGrant {
  typeIds: readonly EntityId[];
  filter: SqlFragment;
  actions: ReadonlySet<RowAction>;
  /** The rule is also owned-only: the record must be the caller's as well. */
  ownedOnly: boolean;
}

/**
 * Records of `typeIds` readable because a record linked to them through `rel` is (securesTo: the
 * from-record secures its to-records; securesFrom: the other way; decision 0115).
 */
interface SecuredGrant {
  typeIds: readonly EntityId[];
  relId: EntityId;
  /** The link's column holding the secured record, and the one holding the record securing it. */
  secured: 'from_id' | 'to_id';
  securing: 'from_id' | 'to_id';
}

/** The securing relationship ends of a metamodel version, worked out once for every request. */
const securingEndsBySchema = new WeakMap<Schema, SecuredGrant[]>();

/** Every end that secures records, with the tenant's own Objects it may reach. */
function securingEnds(schema: Schema): SecuredGrant[] {
  let ends = securingEndsBySchema.get(schema);
  if (!ends) {
    const ownTypes = (typeId: EntityId) =>
      schema.descendants(typeId).filter((id) => schema.type(id)?.isSystem === false);
    ends = [];
    for (const rel of schema.relationships()) {
      if (rel.column) continue;
      if (rel.securesTo)
        ends.push({ typeIds: ownTypes(rel.toTypeId), relId: rel.id, secured: 'to_id', securing: 'from_id' });
      if (rel.securesFrom)
        ends.push({
          typeIds: ownTypes(rel.fromTypeId),
          relId: rel.id,
          secured: 'from_id',
          securing: 'to_id',
        });
    }
    securingEndsBySchema.set(schema, ends);
  }
  return ends;
}

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
 *
 * Type-level rules (`forType`, `canRead`…) are known here; a rule with a calculation grants its
 * rights on the rows where the calculation is true, which only the database can tell: `rowSql`
 * gives every rule of an action as one SQL condition, and `hasRowRules` says when a type-level
 * "no" may still be a "yes" for some rows (see `permittedIds`).
 */
export class Permissions {
  readonly #byType = new Map<EntityId, TypeAccess>();
  readonly #filtered: FilteredGrant[] = [];
  readonly #secured: SecuredGrant[] = [];

  constructor(
    private readonly schema: Schema,
    rules: readonly AccessRule[],
    readonly actor: Actor,
  ) {
    if (actor.isAdmin) return;
    for (const rule of [...builtInRules, ...rules]) {
      if (!actor.roleIds.has(rule.roleId)) continue;
      if (rule.filter) {
        const actions = new Set<RowAction>();
        if (rule.canRead) actions.add('read');
        if (rule.canCreate) actions.add('create');
        if (rule.canModify) actions.add('modify');
        if (rule.canDelete) actions.add('delete');
        const typeIds = schema.descendants(rule.typeId);
        // Catalogue and security types stay administrator-only to write, whatever a rule says.
        const writable = typeIds.filter((id) => !adminOnlyWriteTypes.has(id));
        const { filter, ownedOnly } = rule;
        if (actions.has('read') && typeIds.length > 0)
          this.#filtered.push({ typeIds, filter, actions: new Set(['read']), ownedOnly });
        actions.delete('read');
        if (actions.size > 0 && writable.length > 0)
          this.#filtered.push({ typeIds: writable, filter, actions, ownedOnly });
        continue;
      }
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
    this.#secured = this.#securedGrants();
  }

  /**
   * The relationships that secure records the type-level rules do not already show whole. Only the
   * tenant's own Objects are secured: system records keep their own rules.
   */
  #securedGrants(): SecuredGrant[] {
    return securingEnds(this.schema).flatMap((end) => {
      const typeIds = end.typeIds.filter((id) => this.forType(id).read !== 'all');
      return typeIds.length > 0 ? [{ ...end, typeIds }] : [];
    });
  }

  forType(typeId: EntityId): TypeAccess {
    if (this.actor.isAdmin) return { read: 'all', create: true, modify: 'all', delete: 'all' };
    return this.#byType.get(typeId) ?? { read: 'none', create: false, modify: 'none', delete: 'none' };
  }

  /** Whether the user may create records of the type, on some rows at least (see `hasRowRules`). */
  canCreateType(typeId: EntityId): boolean {
    const t = this.schema.type(typeId);
    if (!t || t.isAbstract) return false;
    return this.forType(typeId).create || this.hasRowRules('create', typeId);
  }

  /**
   * Whether the caller may read every record of each of the types, whatever the record: an
   * administrator, or a type-level read of the whole type (rules with a calculation and owned-only
   * rules only ever grant some records). A link to such a type needs no read rule on its far end.
   */
  readsAllOf(typeIds: readonly EntityId[]): boolean {
    return typeIds.every((id) => this.forType(id).read === 'all');
  }

  /**
   * Whether a rule with a calculation grants the action on some records of the type, or (reading)
   * a relationship that secures them.
   */
  hasRowRules(action: RowAction, typeId: EntityId): boolean {
    return (
      this.#filtered.some((g) => g.actions.has(action) && g.typeIds.includes(typeId)) ||
      (action === 'read' && this.#secured.some((g) => g.typeIds.includes(typeId)))
    );
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

  /**
   * One rule's read grant as a SQL condition on the record aliased `alias`, for the "view as" check
   * (decision 0046): which rule lets a record in. Related records its calculation reads are checked
   * with all the caller's type-level rules, exactly as in `rowSql`.
   */
  ruleReadSql(rule: AccessRule, alias: string): RawBuilder<boolean> {
    const types = this.schema.descendants(rule.typeId);
    if (!rule.canRead || types.length === 0) return sql<boolean>`1 = 0`;
    const owned = rule.ownedOnly
      ? sql<boolean>` AND ${sql.ref(`${alias}.owner_id`)} = ${this.actor.userId}`
      : sql<boolean>``;
    const filter = rule.filter
      ? sql<boolean>` AND ${ruleFilterSql(rule.filter, alias, this.actor.userId, (a) => this.rowSql('read', a, true))}`
      : sql<boolean>``;
    return sql<boolean>`(${sql.ref(`${alias}.type_id`)} IN (${sql.join(types)})${owned}${filter})`;
  }

  /** The read rule as a SQL condition on `entities` (not aliased); undefined for administrators. */
  readFilter(): RowFilter | undefined {
    if (this.actor.isAdmin) return undefined;
    return () => this.rowSql('read', 'entities');
  }

  /**
   * The rules of an action on the record aliased `alias`, as one SQL condition: types granted
   * whole, types granted on owned records, the rows each rule's calculation accepts and (reading)
   * the rows a readable record secures. `1 = 1` for administrators. `typeLevelOnly` leaves
   * calculations and securing records out: related records a calculation reads are checked that
   * way, so filters never recurse.
   */
  rowSql(action: RowAction, alias: string, typeLevelOnly = false): RawBuilder<boolean> {
    return this.#rowSql(action, alias, typeLevelOnly ? 'typeLevel' : 'all');
  }

  /**
   * Each relationship that secures records of the caller's as a read condition on the record
   * aliased `alias`, for the "view as" check: which relationship lets a record in.
   */
  securedReadSql(alias: string): Array<{
    relId: EntityId;
    secured: 'to' | 'from';
    typeIds: readonly EntityId[];
    sql: RawBuilder<boolean>;
  }> {
    return this.#secured.map((g) => ({
      relId: g.relId,
      secured: g.secured === 'to_id' ? 'to' : 'from',
      typeIds: g.typeIds,
      sql: this.#securedSql(g, alias),
    }));
  }

  /** Records of the grant's types with a link whose other end the caller may read directly. */
  #securedSql(g: SecuredGrant, alias: string): RawBuilder<boolean> {
    // The securing record is one of the tenant that the caller's direct rules let them read.
    const direct = {
      tenantId: this.actor.tenantId,
      perms: { rowSql: (_: 'read', a: string) => this.#rowSql('read', a, 'direct') },
    };
    return sql<boolean>`(${sql.ref(`${alias}.type_id`)} IN (${sql.join(g.typeIds)}) AND EXISTS (SELECT 1 FROM relationships psl
      JOIN entities psr ON psr.tenant_id = psl.tenant_id AND psr.id = ${sql.ref(`psl.${g.securing}`)}
      WHERE ${owns(direct, 'psl')} AND psl.rel_id = ${g.relId}
      AND ${sql.ref(`psl.${g.secured}`)} = ${sql.ref(`${alias}.id`)} AND ${visible(direct, 'psr')}))`;
  }

  /** `rowSql`, with `direct` leaving out the securing records (they secure one step, no further). */
  #rowSql(action: RowAction, alias: string, depth: 'typeLevel' | 'direct' | 'all'): RawBuilder<boolean> {
    if (this.actor.isAdmin) return sql<boolean>`1 = 1`;
    const all: EntityId[] = [];
    const own: EntityId[] = [];
    for (const [typeId, access] of this.#byType) {
      const reach: Reach = action === 'create' ? (access.create ? 'all' : 'none') : access[action];
      if (reach === 'all') all.push(typeId);
      else if (reach === 'own') own.push(typeId);
    }
    const typeId = sql.ref(`${alias}.type_id`);
    const parts: RawBuilder<boolean>[] = [];
    if (all.length > 0) parts.push(sql<boolean>`${typeId} IN (${sql.join(all)})`);
    if (own.length > 0) {
      parts.push(
        sql<boolean>`(${typeId} IN (${sql.join(own)}) AND ${sql.ref(`${alias}.owner_id`)} = ${this.actor.userId})`,
      );
    }
    if (depth !== 'typeLevel') {
      const whole = new Set(all);
      for (const g of this.#filtered) {
        if (!g.actions.has(action)) continue;
        const types = g.typeIds.filter((id) => !whole.has(id));
        if (types.length === 0) continue;
        const filter = ruleFilterSql(g.filter, alias, this.actor.userId, (a) => this.rowSql('read', a, true));
        const owned = g.ownedOnly
          ? sql<boolean>` AND ${sql.ref(`${alias}.owner_id`)} = ${this.actor.userId}`
          : sql<boolean>``;
        parts.push(sql<boolean>`(${typeId} IN (${sql.join(types)})${owned} AND ${filter})`);
      }
    }
    if (depth === 'all' && action === 'read')
      for (const g of this.#secured) parts.push(this.#securedSql(g, alias));
    return parts.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(parts, sql` OR `)})`;
  }
}
