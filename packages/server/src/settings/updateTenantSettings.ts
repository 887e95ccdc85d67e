import type { TenantSettingsChange } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { tenantScope } from '../data/tenantScope.js';
import { putEntities } from '../entities/putEntities.js';
import { forbidden, notFound } from '../http/errors.js';
import { readTenantSettings, type TenantSettings, tenantSettingsAlias } from './tenantSettings.js';

/**
 * Changes the tenant's time zone, locale and financial-year start (administrators only), as a put of
 * its settings record: the same validation, the same audit trail as any other change of a record.
 */
export async function updateTenantSettings(
  ctx: RequestContext,
  change: TenantSettingsChange,
): Promise<TenantSettings> {
  if (!ctx.actor.isAdmin) throw forbidden('Only administrators can change the settings.');
  const row = await tenantScope(ctx)
    .records()
    .select('id')
    .where('alias', '=', tenantSettingsAlias)
    .executeTakeFirst();
  if (!row) throw notFound("The tenant's settings were not found.");
  const fields = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  if (Object.keys(fields).length > 0)
    await putEntities(ctx, { entities: [{ id: Number(row.id), fields }], deleted: [] });
  return readTenantSettings(ctx.db, ctx.tenantId);
}
