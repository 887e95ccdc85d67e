import { sysType } from '@plinth/schema';
import type { SystemTypeBehaviour } from '../entities/systemTypeBehaviour.js';
import { validateTenantSettings } from './validateTenantSettings.js';

/** The tenant's settings record: a time zone and a locale the server can use. */
export const settingsTypeBehaviour: SystemTypeBehaviour = {
  name: 'settings',
  typeIds: [sysType.tenantSettings],
  validate: (_ctx, records, refOf) =>
    validateTenantSettings(
      records.map((r) => r.row),
      refOf,
    ),
};
