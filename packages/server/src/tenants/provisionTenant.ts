import { randomBytes } from 'node:crypto';
import {
  type CreateTenantRequest,
  type CreateTenantResponse,
  isKnownTimeZone,
  type TenantSettingsChange,
} from '@plinth/schema';
import type { Db } from '../db/tables.js';
import { AppError, badRequest } from '../http/errors.js';
import type { Clock } from '../util/clock.js';
import { createTenant } from './createTenant.js';

/** The shortest password a first administrator may be given (a generated one is longer). */
export const minAdminPasswordLength = 10;

/**
 * Creates a tenant with its first administrator for the operator (the `tenant` command and the
 * operator API): checks the slug is free and the settings usable, and generates the password when
 * none is given (answered once, stored only as a hash).
 */
export async function provisionTenant(
  db: Db,
  clock: Clock,
  request: CreateTenantRequest,
): Promise<CreateTenantResponse> {
  const slug = request.slug.toLowerCase();
  const given = request.admin.password;
  if (given !== undefined && given.length < minAdminPasswordLength)
    throw badRequest(`The administrator's password needs at least ${minAdminPasswordLength} characters.`);
  settingsProblems(request.settings ?? {});
  const taken = await db.selectFrom('tenants').select('id').where('slug', '=', slug).executeTakeFirst();
  if (taken) throw new AppError('conflict', `A tenant with the slug '${slug}' already exists.`);
  const password = given ?? randomBytes(15).toString('base64url');
  const { admin } = request;
  const created = await createTenant(db, clock, {
    slug,
    name: request.name,
    ...(request.settings ? { settings: withoutUndefined(request.settings) } : {}),
    admin: {
      username: admin.username,
      password,
      ...(admin.firstName ? { firstName: admin.firstName } : {}),
      ...(admin.lastName ? { lastName: admin.lastName } : {}),
      ...(admin.email ? { email: admin.email } : {}),
    },
  }).catch(async (error: unknown) => {
    // Two creations of one slug at once: the database's unique slug decides, with the same answer.
    const now = await db.selectFrom('tenants').select('id').where('slug', '=', slug).executeTakeFirst();
    if (now) throw new AppError('conflict', `A tenant with the slug '${slug}' already exists.`);
    throw error;
  });
  return {
    tenantId: created.tenantId,
    slug,
    adminUserId: created.adminUserId,
    adminUsername: admin.username,
    ...(given === undefined ? { generatedPassword: password } : {}),
  };
}

/** Refuses a time zone or locale the server cannot use. */
export function settingsProblems(s: TenantSettingsChange): void {
  if (s.timeZone !== undefined && !isKnownTimeZone(s.timeZone))
    throw badRequest(`'${s.timeZone}' is not a known time zone.`);
  if (s.locale !== undefined && !isKnownLocale(s.locale))
    throw badRequest(`'${s.locale}' is not a known locale.`);
}

function isKnownLocale(locale: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;
  } catch {
    return false;
  }
}

function withoutUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
