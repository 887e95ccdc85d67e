import { randomBytes } from 'node:crypto';
import { insertInto, type ScopeCaller, tenantScope } from '../data/tenantScope.js';
import type { Clock } from '../util/clock.js';

/** What a tenant's key is for; each purpose has its own, so one leaking opens nothing else. */
export type KeyPurpose = 'breadcrumbs';

/**
 * The tenant's 256-bit key for `purpose` (decision 0071): read from `tenant_keys`, or made and
 * stored on first use. Two processes making it at once both end with the one that was stored
 * first: the insert of the second does nothing and the read after it finds the first.
 */
export async function tenantKey(
  caller: ScopeCaller & { readonly clock: Clock },
  purpose: KeyPurpose,
): Promise<Buffer> {
  const { db, tenantId, clock } = caller;
  const tenant = tenantScope(caller);
  const read = () =>
    tenant.selectFrom('tenant_keys').select('key').where('purpose', '=', purpose).executeTakeFirst();
  let row = await read();
  if (!row) {
    await insertInto(db, 'tenant_keys')
      .values({
        tenant_id: tenantId,
        purpose,
        key: randomBytes(32).toString('base64'),
        created_at: clock.now().toISOString(),
      })
      .onConflict((c) => c.columns(['tenant_id', 'purpose']).doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error(`The ${purpose} key of tenant ${tenantId} could not be stored.`);
  return Buffer.from(row.key, 'base64');
}
