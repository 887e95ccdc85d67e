import { type EntityId, sysType } from '@plinth/schema';
import { systemQuery } from '../data/systemQuery.js';
import type { Services } from '../services.js';
import { appendAuditEvents } from './auditLog.js';

/** A sign-in attempt as the login call saw it. */
export interface SignInAttempt {
  tenant: string;
  username: string;
  address: string;
}

/**
 * Records a sign-in, or a failed one, in the trail of the tenant named (decision 0048). A failed
 * attempt names the account when the user name is one of the tenant's; an attempt on a tenant that
 * does not exist has no trail to go in and is only counted by the rate limit.
 */
export async function auditSignIn(
  services: Pick<Services, 'db' | 'clock'>,
  attempt: SignInAttempt,
  who: { tenantId: number; userId: EntityId; disabled?: boolean } | undefined,
): Promise<void> {
  const at = services.clock.now().toISOString();
  const detail = { username: attempt.username.slice(0, 200), address: attempt.address };
  if (who) {
    await appendAuditEvents(services.db, who.tenantId, [
      { at, userId: who.userId, action: who.disabled === true ? 'signInFailed' : 'signIn', detail },
    ]);
    return;
  }
  if ([attempt.tenant, attempt.username].some((s) => s.includes('\0'))) return;
  const tenant = await services.db
    .selectFrom('tenants')
    .select('id')
    .where('slug', '=', attempt.tenant.toLowerCase())
    .executeTakeFirst();
  if (!tenant) return;
  const user = await systemQuery(services.db, 'sign-in')
    .selectFrom('entities')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('type_id', '=', sysType.userAccount)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', attempt.username.toLowerCase()))
    .executeTakeFirst();
  await appendAuditEvents(services.db, tenant.id, [
    { at, userId: user ? Number(user.id) : null, action: 'signInFailed', detail },
  ]);
}
