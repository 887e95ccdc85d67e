import {
  type EntityId,
  sysRecord,
  type ViewAsReason,
  type ViewAsRequest,
  type ViewAsResponse,
} from '@plinth/schema';
import { sql } from 'kysely';
import { type AccessRule, builtInRules } from '../access/accessRules.js';
import { Permissions } from '../access/Permissions.js';
import { loadAccount } from '../auth/authService.js';
import type { RequestContext } from '../context.js';
import { systemQuery } from '../data/systemQuery.js';
import { tenantScope } from '../data/tenantScope.js';
import { notFound } from '../http/errors.js';
import { loadRules } from './roleAdmin.js';

/**
 * The "view as" check (decision 0046): the records of a type (derived types included) a chosen user
 * can read, with the rules that let each one in — run as the read rules run for that user, in SQL.
 * A disabled user is shown as their rules stand: they cannot sign in until enabled.
 */
export async function viewAs(ctx: RequestContext, req: ViewAsRequest): Promise<ViewAsResponse> {
  const { db, tenantId, schema } = ctx;
  const account = await loadAccount(db, tenantId, req.userId);
  if (!account) throw notFound('The user was not found.');
  const type = schema.type(req.typeId);
  if (!type) throw notFound('The type was not found.');
  const user = await tenantScope(ctx)
    .records()
    .select('name')
    .where('id', '=', req.userId)
    .executeTakeFirst();
  const username = user?.name ?? '';
  const { actor } = account;
  const meta = await ctx.metaCache.get(db, tenantId);
  const perms = new Permissions(schema, meta.rules, actor);
  const typeIds = schema.descendants(type.id);
  const covers = (rule: AccessRule) =>
    rule.canRead && schema.descendants(rule.typeId).some((t) => typeIds.includes(t));

  // The user's rules that grant read on the type, with their descriptions.
  const roleNames = new Map(
    (
      await tenantScope(ctx)
        .records()
        .select(['id', 'name'])
        .where('id', 'in', [...actor.roleIds])
        .execute()
    ).map((r) => [r.id, r.name ?? `Role ${r.id}`]),
  );
  const stored = new Map((await loadRules(ctx)).map((r) => [r.id, r]));
  const candidates = actor.isAdmin
    ? []
    : [...builtInRules, ...meta.rules].filter((r) => actor.roleIds.has(r.roleId) && covers(r));
  const reasonOf = (rule: AccessRule): ViewAsReason => {
    const roleName = roleNames.get(rule.roleId) ?? `Role ${rule.roleId}`;
    const typeName = schema.type(rule.typeId)?.name ?? `Type ${rule.typeId}`;
    const calc = stored.get(rule.id)?.calculation;
    const parts = [
      `${roleName}: read ${typeName}`,
      rule.id < 0 ? ' (built in: everyone reads it)' : '',
      rule.ownedOnly ? ' (own records only)' : '',
      calc ? ` where ${calc}` : '',
    ];
    return { ruleId: rule.id, roleName, description: parts.join('') };
  };
  const adminReason: ViewAsReason = {
    ruleId: 0,
    roleName: roleNames.get(sysRecord.administratorsRole) ?? 'Administrators',
    description: 'Administrators read every record.',
  };

  // Relationships that secure records of the type: the user reads them through a linked record.
  const secured = actor.isAdmin
    ? []
    : perms.securedReadSql('e').flatMap((g) => {
        const rel = schema.relationship(g.relId);
        if (!rel || !g.typeIds.some((t) => typeIds.includes(t))) return [];
        const [securingType, endName] =
          g.secured === 'to' ? [rel.fromTypeId, rel.fromName] : [rel.toTypeId, rel.toName];
        const reason: ViewAsReason = {
          ruleId: rel.id,
          roleName: '',
          description: `Secured by its ${schema.type(securingType)?.name ?? 'record'} ('${endName}'): read where that record is`,
        };
        return [{ ...g, reason }];
      });

  const inType = sql<boolean>`${sql.ref('e.type_id')} IN (${sql.join(typeIds)})`;
  const readable = perms.rowSql('read', 'e');
  const count = async (condition: ReturnType<typeof sql<boolean>>) =>
    Number(
      (
        await systemQuery(db, 'access check')
          .selectFrom('entities as e')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('e.tenant_id', '=', tenantId)
          .where(() => condition)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const totalCount = await count(inType);
  const readableCount = await count(sql<boolean>`${inType} AND ${readable}`);
  let q = systemQuery(db, 'access check')
    .selectFrom('entities as e')
    .select(['e.id', 'e.name', 'e.type_id'])
    .where('e.tenant_id', '=', tenantId)
    .where(() => sql<boolean>`${inType} AND ${readable}`);
  for (const [i, rule] of candidates.entries())
    q = q.select(sql<number>`CASE WHEN ${perms.ruleReadSql(rule, 'e')} THEN 1 ELSE 0 END`.as(`r${i}`));
  for (const [i, g] of secured.entries())
    q = q.select(sql<number>`CASE WHEN ${g.sql} THEN 1 ELSE 0 END`.as(`s${i}`));
  const rows = (await q
    .orderBy('e.name')
    .orderBy('e.id')
    .limit(req.pageSize ?? 50)
    .offset(req.startIndex ?? 0)
    .execute()) as Array<{ id: EntityId; name: string | null; type_id: EntityId } & Record<string, unknown>>;
  return {
    user: { id: req.userId, username, isAdmin: actor.isAdmin, disabled: account.disabled },
    typeName: type.name,
    readableCount,
    totalCount,
    records: rows.map((r) => ({
      id: r.id,
      name: r.name,
      typeName: schema.type(r.type_id)?.name ?? '',
      reasons: actor.isAdmin
        ? [adminReason]
        : [
            ...candidates.filter((_, i) => Number(r[`r${i}`]) === 1).map(reasonOf),
            ...secured.filter((_, i) => Number(r[`s${i}`]) === 1).map((g) => g.reason),
          ],
    })),
    rules: actor.isAdmin ? [adminReason] : [...candidates.map(reasonOf), ...secured.map((g) => g.reason)],
  };
}
