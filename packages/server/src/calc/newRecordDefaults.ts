import { defaultFor } from '../entities/fieldDefaults.js';
import type { NewRecordDefaults } from '../entities/systemTypeBehaviour.js';
import { readTenantSettings } from '../settings/tenantSettings.js';
import { expressionDefaults } from './calculatedFields.js';

/**
 * The defaults of a batch of new records: a default starting with '=' is a calculation, evaluated
 * once per batch; TODAY and NOW are read in the tenant's time zone.
 */
export const newRecordDefaults: NewRecordDefaults = async (ctx, creates) => {
  const settings = await readTenantSettings(ctx.db, ctx.tenantId);
  const calcDefaults = await expressionDefaults(ctx, creates);
  return (f) =>
    calcDefaults.has(f.id) ? calcDefaults.get(f.id) : defaultFor(f, settings.timeZone, ctx.clock.now());
};
