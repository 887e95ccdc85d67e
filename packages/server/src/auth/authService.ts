import { hash, verify } from '@node-rs/argon2';
import { type EntityId, sysField, sysRecord, sysRel, sysType } from '@plinth/schema';
import type { Actor } from '../access/Permissions.js';
import { type Executor, parseData } from '../data/entityRepository.js';
import type { CallerHandle } from '../data/executor.js';
import { systemQuery } from '../data/systemQuery.js';
import { insertInto, type ScopeCaller, tenantScope } from '../data/tenantScope.js';
import type { Db } from '../db/tables.js';
import type { Clock } from '../util/clock.js';
import { newSecret, secretHash } from './tokens.js';

export const SESSION_DAYS = 14;

/** An argon2id hash (the library's default algorithm) of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against this keeps a login for an unknown user as slow as one with a wrong password.
let dummyHash: Promise<string> | undefined;

/** The user account a tenant slug, user name and password identify, or undefined. */
export async function checkPassword(
  db: Db,
  tenantSlug: string,
  username: string,
  password: string,
): Promise<{ tenantId: number; userId: EntityId; disabled: boolean } | undefined> {
  // No stored slug or name holds a NUL, and PostgreSQL refuses one in a parameter.
  const row = [tenantSlug, username].some((s) => s.includes('\0'))
    ? undefined
    : await systemQuery(db, 'sign-in')
        .selectFrom('tenants')
        .innerJoin('entities', 'entities.tenant_id', 'tenants.id')
        .innerJoin('credentials', (j) =>
          j
            .onRef('credentials.tenant_id', '=', 'entities.tenant_id')
            .onRef('credentials.user_id', '=', 'entities.id'),
        )
        .select([
          'tenants.id as tenantId',
          'entities.id as userId',
          'entities.data as data',
          'credentials.password_hash as hash',
        ])
        .where('tenants.slug', '=', tenantSlug.toLowerCase())
        .where('entities.type_id', '=', sysType.userAccount)
        .where((eb) => eb(eb.fn('lower', ['entities.name']), '=', username.toLowerCase()))
        .executeTakeFirst();
  if (!row) {
    dummyHash ??= hashPassword(newSecret());
    await verify(await dummyHash, password).catch(() => false);
    return undefined;
  }
  const ok = await verify(row.hash, password).catch(() => false);
  if (!ok) return undefined;
  return {
    tenantId: row.tenantId,
    userId: row.userId,
    disabled: parseData(row.data)[sysField.accountDisabled] === true,
  };
}

/** Whether `password` is the user's current password. */
export async function verifyUserPassword(
  caller: ScopeCaller,
  userId: EntityId,
  password: string,
): Promise<boolean> {
  const row = await tenantScope(caller)
    .selectFrom('credentials')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return false;
  return verify(row.password_hash, password).catch(() => false);
}

export async function setPassword(db: CallerHandle, tenantId: number, userId: EntityId, password: string) {
  const password_hash = await hashPassword(password);
  await insertInto(db, 'credentials')
    .values({ tenant_id: tenantId, user_id: userId, password_hash })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doUpdateSet({ password_hash }))
    .execute();
}

/** Starts a session; the token goes in the cookie and the CSRF token to the page. */
export async function createSession(db: Db, clock: Clock, tenantId: number, userId: EntityId) {
  const token = newSecret();
  const csrfToken = newSecret();
  const now = clock.now();
  await db
    .insertInto('sessions')
    .values({
      id: secretHash(token),
      tenant_id: tenantId,
      user_id: userId,
      csrf_token: csrfToken,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
    })
    .execute();
  return { token, csrfToken };
}

export async function findSession(db: Db, clock: Clock, token: string) {
  return systemQuery(db, 'sign-in')
    .selectFrom('sessions')
    .select(['tenant_id as tenantId', 'user_id as userId', 'csrf_token as csrfToken'])
    .where('id', '=', secretHash(token))
    .where('expires_at', '>', clock.now().toISOString())
    .executeTakeFirst();
}

/** Signs out: ends the session of a token, before there is a caller (the token names its tenant). */
export async function deleteSession(db: Db, token: string) {
  await systemQuery(db, 'sign-in').deleteFrom('sessions').where('id', '=', secretHash(token)).execute();
}

/**
 * Creates a personal API token; its secret is shown once and stored only as a hash. With
 * `expiresInDays` it is refused from that many days on.
 */
export async function createApiToken(
  db: Db,
  clock: Clock,
  tenantId: number,
  userId: EntityId,
  name: string,
  expiresInDays?: number,
) {
  const secret = `plt_${newSecret()}`;
  const id = secretHash(secret);
  const now = clock.now();
  const expiresAt =
    expiresInDays === undefined ? null : new Date(now.getTime() + expiresInDays * 86_400_000).toISOString();
  await db
    .insertInto('api_tokens')
    .values({
      id,
      tenant_id: tenantId,
      user_id: userId,
      name,
      created_at: now.toISOString(),
      last_used_at: null,
      expires_at: expiresAt,
    })
    .execute();
  return { id, secret, expiresAt };
}

export async function listApiTokens(caller: ScopeCaller, userId: EntityId) {
  return tenantScope(caller)
    .selectFrom('api_tokens')
    .select([
      'id',
      'name',
      'created_at as createdAt',
      'last_used_at as lastUsedAt',
      'expires_at as expiresAt',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function deleteApiToken(caller: ScopeCaller, userId: EntityId, id: string) {
  const r = await tenantScope(caller)
    .deleteFrom('api_tokens')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** A user account as sign-in sees it: the actor, and whether it may act now. */
export interface Account {
  actor: Actor;
  /** Disabled accounts cannot sign in; their sessions and API tokens are refused. */
  disabled: boolean;
  /** An administrator set the password: the user must choose their own before anything else. */
  mustChangePassword: boolean;
}

/** The account of a user, disabled or not; undefined when there is no such user in the tenant. */
export async function loadAccount(
  db: CallerHandle,
  tenantId: number,
  userId: EntityId,
): Promise<Account | undefined> {
  const user = await systemQuery(db, 'sign-in')
    .selectFrom('entities')
    .select(['id', 'data'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('type_id', '=', sysType.userAccount)
    .executeTakeFirst();
  if (!user) return undefined;
  const roles = await systemQuery(db, 'sign-in')
    .selectFrom('relationships')
    .select('to_id')
    .where('tenant_id', '=', tenantId)
    .where('rel_id', '=', sysRel.userHasRole)
    .where('from_id', '=', userId)
    .execute();
  const roleIds = new Set<EntityId>([sysRecord.everyoneRole, ...roles.map((r) => r.to_id)]);
  const data = parseData(user.data);
  return {
    actor: { tenantId, userId, roleIds, isAdmin: roleIds.has(sysRecord.administratorsRole) },
    disabled: data[sysField.accountDisabled] === true,
    mustChangePassword: data[sysField.mustChangePassword] === true,
  };
}

/**
 * The caller as access rules see them: their roles, Everyone included, and whether they
 * administer. Undefined for a user who does not exist or is disabled.
 */
export async function loadActor(
  db: Executor,
  tenantId: number,
  userId: EntityId,
): Promise<Actor | undefined> {
  const account = await loadAccount(db, tenantId, userId);
  return account && !account.disabled ? account.actor : undefined;
}

/** The user's sessions that have not expired, oldest first. */
export async function listSessions(caller: ScopeCaller & { readonly clock: Clock }, userId: EntityId) {
  return tenantScope(caller)
    .selectFrom('sessions')
    .select(['id', 'created_at as createdAt', 'expires_at as expiresAt'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', caller.clock.now().toISOString())
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Ends one of the user's sessions by its id; false when the user has no such session. */
export async function endSession(caller: ScopeCaller, userId: EntityId, id: string) {
  const r = await tenantScope(caller)
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Ends every session of a user, but the one whose id is `keep`; answers how many ended. */
export async function endSessions(caller: ScopeCaller, userId: EntityId, keep?: string) {
  let q = tenantScope(caller).deleteFrom('sessions').where('user_id', '=', userId);
  if (keep !== undefined) q = q.where('id', '!=', keep);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The session id (its hash) of a session token. */
export const sessionIdOf = (token: string) => secretHash(token);
