import {
  type AdminUser,
  type CreateUserRequest,
  type EntityChange,
  type EntityId,
  sysField as F,
  passwordProblem,
  sysRecord,
  sysRel,
  sysType,
  type UpdateUserRequest,
} from '@plinth/schema';
import { endSessions, setPassword } from '../auth/authService.js';
import type { RequestContext } from '../context.js';
import { parseData } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { deleteWithDependents, putEntities } from '../entities/putEntities.js';
import { inTransaction } from '../entities/transaction.js';
import { AppError, notFound } from '../http/errors.js';
import { ensureAnAdministratorStays, reassignOwnedRecords } from './userAccountRules.js';

/** The account fields only this service writes (they are read-only to every put). */
const accountFields = { serverFields: new Set<EntityId>([F.accountDisabled, F.mustChangePassword]) };

const userNotFound = () => notFound('The user was not found.');

/** Refuses a weak password as a validation error on `password`. */
export function refuseWeakPassword(password: string, username: string | null, member = 'password'): void {
  const problem = passwordProblem(password, username);
  if (problem) throw new AppError('validation_failed', problem, { errors: [{ member, message: problem }] });
}

/** Every user account of the caller's tenant, by user name. */
export async function listUsers(ctx: RequestContext): Promise<AdminUser[]> {
  const users = await tenantScope(ctx)
    .records()
    .select(['id', 'name', 'data', 'created_at'])
    .where('type_id', '=', sysType.userAccount)
    .execute();
  const ids = users.map((u) => u.id);
  const links =
    ids.length === 0
      ? []
      : await tenantScope(ctx)
          .selectFrom('relationships')
          .select(['rel_id', 'from_id', 'to_id'])
          .where('rel_id', 'in', [sysRel.userHasRole, sysRel.accountHolder])
          .where('from_id', 'in', ids)
          .execute();
  const related = await tenantScope(ctx).readRecords([...new Set(links.map((l) => l.to_id))]);
  const byId = new Map(related.map((r) => [r.id, r]));
  const lastSignIn = new Map(
    (
      await tenantScope(ctx)
        .selectFrom('sessions')
        .select(['user_id', (eb) => eb.fn.max('created_at').as('last')])
        .groupBy('user_id')
        .execute()
    ).map((s) => [s.user_id, String(s.last)]),
  );
  return users
    .map((u): AdminUser => {
      const data = parseData(u.data);
      const mine = links.filter((l) => l.from_id === u.id);
      const person = byId.get(mine.find((l) => l.rel_id === sysRel.accountHolder)?.to_id ?? -1);
      const roles = mine
        .filter((l) => l.rel_id === sysRel.userHasRole)
        .map((l) => ({ id: l.to_id, name: byId.get(l.to_id)?.name ?? `Role ${l.to_id}` }))
        .sort((a, b) => a.name.localeCompare(b.name));
      const email = person?.data[F.email];
      return {
        id: u.id,
        username: u.name ?? '',
        fullName: person?.name ?? null,
        email: typeof email === 'string' ? email : null,
        roles,
        isAdmin: roles.some((r) => r.id === sysRecord.administratorsRole),
        disabled: data[F.accountDisabled] === true,
        mustChangePassword: data[F.mustChangePassword] === true,
        createdAt: u.created_at,
        lastSignInAt: lastSignIn.get(u.id) ?? null,
      };
    })
    .sort((a, b) => a.username.localeCompare(b.username, 'en', { sensitivity: 'base' }));
}

/** A user account of the tenant, or a 404. */
async function accountRow(ctx: RequestContext, id: EntityId) {
  const [row] = await tenantScope(ctx).readRecords([id]);
  if (!row || row.typeId !== sysType.userAccount) throw userNotFound();
  return row;
}

/** Role ids a user may be given: custom roles and Administrators; Everyone holds every user already. */
const grantableRoles = (roleIds: readonly EntityId[]) =>
  [...new Set(roleIds)].filter((id) => id !== sysRecord.everyoneRole);

/**
 * Creates a person and their user account, with roles and an initial password the user must change
 * at the first sign-in (decision 0045). Goes through the entity service: user names stay unique.
 */
export async function createUser(ctx: RequestContext, req: CreateUserRequest): Promise<EntityId> {
  refuseWeakPassword(req.password, req.username);
  const person: EntityChange = {
    id: 'new:person',
    typeId: 'core:person',
    fields: {
      name: req.fullName || req.username,
      ...(req.email ? { email: req.email } : {}),
    },
  };
  const account: EntityChange = {
    id: 'new:user',
    typeId: 'core:userAccount',
    fields: { name: req.username, mustChangePassword: true },
    relationships: {
      accountHolder: { set: ['new:person'] },
      userHasRole: { set: grantableRoles(req.roleIds ?? []) },
    },
  };
  return inTransaction(ctx, async (tx) => {
    const put = await putEntities(tx, { entities: [person, account], deleted: [] }, accountFields);
    const userId = put.ids['new:user']!;
    await setPassword(tx.db, tx.tenantId, userId, req.password);
    return userId;
  });
}

/** Changes a user's name, email, roles or whether they are disabled; disabling ends their sessions. */
export async function updateUser(ctx: RequestContext, id: EntityId, req: UpdateUserRequest): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await accountRow(tx, id);
    if (req.disabled === true && id === tx.actor.userId)
      throw new AppError('conflict', 'You cannot disable your own account.');
    const entities: EntityChange[] = [];
    const account: EntityChange = { id, fields: {}, relationships: {} };
    if (req.disabled !== undefined) account.fields!.accountDisabled = req.disabled;
    if (req.roleIds !== undefined) account.relationships!.userHasRole = { set: grantableRoles(req.roleIds) };
    if (req.fullName !== undefined || req.email !== undefined) {
      const holder = await tenantScope(tx)
        .selectFrom('relationships')
        .select('to_id')
        .where('rel_id', '=', sysRel.accountHolder)
        .where('from_id', '=', id)
        .executeTakeFirst();
      const fields: Record<string, unknown> = {};
      if (req.fullName !== undefined) fields.name = req.fullName || row.name;
      if (req.email !== undefined) fields.email = req.email || null;
      if (holder) entities.push({ id: holder.to_id, fields });
      else {
        entities.push({ id: 'new:person', typeId: 'core:person', fields: { name: row.name, ...fields } });
        account.relationships!.accountHolder = { set: ['new:person'] };
      }
    }
    entities.push(account);
    await putEntities(tx, { entities, deleted: [] }, accountFields);
    await ensureAnAdministratorStays(tx);
    if (req.disabled === true) await endSessions(tx, id);
  });
}

/**
 * An administrator sets a user's password: the user must change it at the next sign-in, and the
 * sessions they had end (whoever knew the old password is signed out).
 */
export async function resetPassword(ctx: RequestContext, id: EntityId, password: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await accountRow(tx, id);
    refuseWeakPassword(password, row.name);
    await putEntities(
      tx,
      { entities: [{ id, fields: { mustChangePassword: true } }], deleted: [] },
      accountFields,
    );
    await setPassword(tx.db, tx.tenantId, id, password);
    await endSessions(tx, id);
  });
}

/**
 * Deletes a user account. What they own passes to `newOwnerId` (the deleting administrator by
 * default); records keep the ids of their creator and last modifier. The person who held the
 * account stays, as do the records they made. Their password, sessions and tokens go.
 */
export async function deleteUser(
  ctx: RequestContext,
  id: EntityId,
  newOwnerId: EntityId = ctx.actor.userId,
): Promise<{ reassigned: number; newOwnerId: EntityId }> {
  return inTransaction(ctx, async (tx) => {
    await accountRow(tx, id);
    if (newOwnerId === id) throw new AppError('conflict', 'Choose another user to own their records.');
    const owner = await accountRow(tx, newOwnerId).catch(() => {
      throw new AppError('bad_request', 'The new owner must be a user of this tenant.');
    });
    if (parseData(owner.data)[F.accountDisabled] === true)
      throw new AppError('bad_request', 'The new owner must be a user who is not disabled.');
    const reassigned = await reassignOwnedRecords(tx, [id], newOwnerId);
    await deleteWithDependents(tx, [id]);
    return { reassigned, newOwnerId };
  });
}
