import { defaultFor, defaultIsToday } from '../entities/fieldDefaults.js';
import type { NewRecordDefaults } from '../entities/systemTypeBehaviour.js';
import { readTenantSettings } from '../settings/tenantSettings.js';
import { expressionDefaults } from './calculatedFields.js';

/**
 * The defaults of a batch of new records: a default starting with '=' is a calculation, evaluated
 * once per batch; TODAY and NOW are read in the tenant's time zone.
 */
export const newRecordDefaults: NewRecordDefaults = async (ctx, creates) => {
  // Only a TODAY default needs the time zone: a batch of types without one skips the settings read.
  const types = creates.map((c) => (c.typeId === undefined ? undefined : ctx.schema.type(c.typeId)));
  const needsZone = types.some((t) => t && ctx.schema.fieldsOf(t.id).some(defaultIsToday));
  const timeZone = needsZone ? (await readTenantSettings(ctx.db, ctx.tenantId)).timeZone : 'UTC';
  const calcDefaults = await expressionDefaults(ctx, creates);
  return (f) => (calcDefaults.has(f.id) ? calcDefaults.get(f.id) : defaultFor(f, timeZone, ctx.clock.now()));
};
