import {
  type AdminRole,
  type AdminRolesResponse,
  type AdminRule,
  type EntityChange,
  type EntityId,
  sysField as F,
  firstUserId,
  type SaveRoleRequest,
  type SaveRuleRequest,
  sysRecord,
  sysRel,
  sysType,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { parseData } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { deleteWithDependents, putEntities } from '../entities/putEntities.js';
import { inTransaction } from '../entities/transaction.js';
import { AppError, notFound } from '../http/errors.js';
import { ensureAnAdministratorStays } from './userAccountRules.js';

/** A stored access rule with the role it belongs to. */
export interface StoredRule extends AdminRule {
  roleId: EntityId;
}

const builtInRoles: ReadonlySet<EntityId> = new Set([sysRecord.administratorsRole, sysRecord.everyoneRole]);

/**
 * Every access rule of the tenant, with its role, type and calculation as stored, and why a stored
 * calculation grants nothing (it no longer compiles) when it does not.
 */
export async function loadRules(ctx: RequestContext): Promise<StoredRule[]> {
  const { db, tenantId, schema } = ctx;
  const rows = await tenantScope(ctx)
    .records()
    .select(['id', 'data'])
    .where('type_id', '=', sysType.accessRule)
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const links = await tenantScope(ctx)
    .selectFrom('relationships')
    .select(['rel_id', 'from_id', 'to_id'])
    .where('rel_id', 'in', [sysRel.accessRuleRole, sysRel.accessRuleType])
    .execute();
  const roleOf = new Map<EntityId, EntityId>();
  const typeOf = new Map<EntityId, EntityId>();
  for (const l of links) (l.rel_id === sysRel.accessRuleRole ? roleOf : typeOf).set(l.from_id, l.to_id);
  const { ruleProblems } = await ctx.metaCache.get(db, tenantId);
  const problemOf = new Map(ruleProblems.map((p) => [p.ruleId, p.message]));
  const out: StoredRule[] = [];
  for (const r of rows) {
    const roleId = roleOf.get(r.id);
    const typeId = typeOf.get(r.id);
    if (roleId === undefined || typeId === undefined) continue;
    const data = parseData(r.data);
    const calc = data[F.accessRuleCalculation];
    out.push({
      id: r.id,
      roleId,
      typeId,
      typeName: schema.type(typeId)?.name ?? `Type ${typeId}`,
      canRead: data[F.canRead] === true,
      canCreate: data[F.canCreate] === true,
      canModify: data[F.canModify] === true,
      canDelete: data[F.canDelete] === true,
      ownedOnly: data[F.ownedOnly] === true,
      calculation: typeof calc === 'string' && calc.trim() !== '' ? calc : null,
      problem: problemOf.get(r.id) ?? null,
    });
  }
  return out;
}

/** Roles with their members and rules, built-in ones first, then by name; and the types rules may name. */
export async function listRoles(ctx: RequestContext): Promise<AdminRolesResponse> {
  const roles = await tenantScope(ctx)
    .records()
    .select(['id', 'name', 'data'])
    .where('type_id', '=', sysType.role)
    .execute();
  const memberLinks = await tenantScope(ctx)
    .records()
    .innerJoin('relationships', (j) =>
      j
        .onRef('relationships.tenant_id', '=', 'entities.tenant_id')
        .onRef('relationships.from_id', '=', 'entities.id'),
    )
    .select(['relationships.from_id as userId', 'relationships.to_id as roleId', 'entities.name as name'])
    .where('relationships.rel_id', '=', sysRel.userHasRole)
    .orderBy('entities.name')
    .execute();
  const rules = await loadRules(ctx);
  const list = roles.map((r): AdminRole => {
    const description = parseData(r.data)[F.description];
    return {
      id: r.id,
      name: r.name ?? `Role ${r.id}`,
      description: typeof description === 'string' ? description : null,
      builtIn: builtInRoles.has(r.id),
      members: memberLinks
        .filter((m) => m.roleId === r.id)
        .map((m) => ({ id: m.userId, name: m.name ?? '' })),
      rules: rules.filter((x) => x.roleId === r.id).map(({ roleId: _, ...rule }) => rule),
    };
  });
  const rank = (r: AdminRole) =>
    r.id === sysRecord.administratorsRole ? 0 : r.id === sysRecord.everyoneRole ? 1 : 2;
  list.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  const types = [...ctx.schema.types()]
    .filter((t) => t.id !== sysType.resource)
    .map((t) => ({ id: t.id, name: t.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  return { roles: list, types };
}

async function roleRow(ctx: RequestContext, id: EntityId) {
  const [row] = await tenantScope(ctx).readRecords([id]);
  if (!row || row.typeId !== sysType.role) throw notFound('The role was not found.');
  return row;
}

/**
 * Creates a role (`id` undefined) or changes one: a custom role's name and description, and any
 * role's members but Everyone's (every user is in it). Members change on the user's side of the
 * link, so the built-in Administrators role — a catalogue record nobody modifies — can gain and
 * lose members too; the tenant always keeps an administrator who can sign in.
 */
export async function saveRole(
  ctx: RequestContext,
  id: EntityId | undefined,
  req: SaveRoleRequest,
): Promise<EntityId> {
  return inTransaction(ctx, async (tx) => {
    const entities: EntityChange[] = [];
    let roleId: EntityId | string = 'new:role';
    if (id === undefined) {
      if (!req.name)
        throw new AppError('validation_failed', 'A role needs a name.', {
          errors: [{ member: 'name', message: 'A value is required.' }],
        });
      entities.push({
        id: roleId,
        typeId: 'core:role',
        fields: { name: req.name, description: req.description ?? null },
      });
    } else {
      await roleRow(tx, id);
      roleId = id;
      if (req.name !== undefined || req.description !== undefined) {
        if (builtInRoles.has(id)) throw new AppError('conflict', 'A built-in role cannot be renamed.');
        const fields: Record<string, unknown> = {};
        if (req.name !== undefined) fields.name = req.name;
        if (req.description !== undefined) fields.description = req.description;
        entities.push({ id, fields });
      }
    }
    let changedMembers = false;
    if (req.memberIds !== undefined) {
      if (id === sysRecord.everyoneRole)
        throw new AppError('conflict', 'Every user is in Everyone: it has no member list to change.');
      const wanted = new Set(req.memberIds);
      const users = await tenantScope(tx).readRecords([...wanted]);
      if (users.length !== wanted.size || users.some((u) => u.typeId !== sysType.userAccount))
        throw new AppError('bad_request', 'Every member must be a user of this tenant.');
      const current = new Set(
        id === undefined
          ? []
          : (
              await tenantScope(tx)
                .selectFrom('relationships')
                .select('from_id')
                .where('rel_id', '=', sysRel.userHasRole)
                .where('to_id', '=', id)
                .execute()
            ).map((l) => l.from_id),
      );
      for (const userId of wanted)
        if (!current.has(userId))
          entities.push({ id: userId, relationships: { userHasRole: { add: [roleId] } } });
      for (const userId of current)
        if (!wanted.has(userId))
          entities.push({ id: userId, relationships: { userHasRole: { remove: [roleId as EntityId] } } });
      changedMembers = true;
    }
    const put = await putEntities(tx, { entities, deleted: [] });
    if (changedMembers && id === sysRecord.administratorsRole) await ensureAnAdministratorStays(tx);
    return id ?? put.ids['new:role']!;
  });
}

/** Deletes a custom role with its rules; its members simply leave it. */
export async function deleteRole(ctx: RequestContext, id: EntityId): Promise<void> {
  await roleRow(ctx, id);
  if (builtInRoles.has(id) || id < firstUserId)
    throw new AppError('conflict', 'A built-in role cannot be deleted.');
  await deleteWithDependents(ctx, [id]);
}

/** Creates a rule for a role (`ruleId` undefined) or changes one. Its calculation is checked as it is saved. */
export async function saveRule(
  ctx: RequestContext,
  roleId: EntityId,
  ruleId: EntityId | undefined,
  req: SaveRuleRequest,
): Promise<EntityId> {
  const role = await roleRow(ctx, roleId);
  if (roleId === sysRecord.administratorsRole)
    throw new AppError('conflict', 'Administrators can do everything: their role has no rules.');
  const type = ctx.schema.type(req.typeId);
  if (!type) throw new AppError('bad_request', `Unknown type ${req.typeId}.`);
  if (ruleId !== undefined) {
    const [rule] = await tenantScope(ctx).readRecords([ruleId]);
    const owner = (await loadRules(ctx)).find((r) => r.id === ruleId);
    if (!rule || rule.typeId !== sysType.accessRule || owner?.roleId !== roleId)
      throw notFound('The rule was not found.');
  }
  const calculation = req.calculation?.trim() ? req.calculation : null;
  const key = ruleId ?? 'new:rule';
  const put = await putEntities(ctx, {
    entities: [
      {
        id: key,
        ...(ruleId === undefined ? { typeId: 'core:accessRule' } : {}),
        fields: {
          name: `${role.name ?? 'Role'}: ${type.name}`,
          canRead: req.canRead ?? false,
          canCreate: req.canCreate ?? false,
          canModify: req.canModify ?? false,
          canDelete: req.canDelete ?? false,
          ownedOnly: req.ownedOnly ?? false,
          accessRuleCalculation: calculation,
        },
        relationships: { accessRuleRole: { set: [roleId] }, accessRuleType: { set: [type.id] } },
      },
    ],
    deleted: [],
  });
  return ruleId ?? put.ids['new:rule']!;
}

/** Deletes one rule of a role. */
export async function deleteRule(ctx: RequestContext, roleId: EntityId, ruleId: EntityId): Promise<void> {
  const owner = (await loadRules(ctx)).find((r) => r.id === ruleId);
  if (!owner || owner.roleId !== roleId) throw notFound('The rule was not found.');
  await deleteWithDependents(ctx, [ruleId]);
}
