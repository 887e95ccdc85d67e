import { z } from 'zod';

/** `GET /spapi/data/v1/tenantSettings`: what every signed-in user may read of the tenant's settings. */
export const tenantSettingsResponse = z.object({
  tenantName: z.string(),
  currencySymbol: z.string(),
  nameFieldLabel: z.string(),
  timeZone: z.string(),
  locale: z.string(),
  financialYearStartMonth: z.number().int(),
  /** A link to another site asks 'You are about to leave this site. Are you sure?' first. */
  confirmExternalLinks: z.boolean().default(true),
});
export type TenantSettings = z.infer<typeof tenantSettingsResponse>;
