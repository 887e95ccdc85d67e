import { z } from 'zod';

/** `GET /spapi/data/v1/tenantSettings`: what every signed-in user may read of the tenant's settings. */
export const tenantSettingsResponse = z.object({
  tenantName: z.string(),
  currencySymbol: z.string(),
  nameFieldLabel: z.string(),
  timeZone: z.string(),
  locale: z.string(),
  financialYearStartMonth: z.number().int(),
});
export type TenantSettings = z.infer<typeof tenantSettingsResponse>;
