import { z } from 'zod';

// The auth and settings answers. The server declares these beside its routes (packages/server
// auth/authRoutes.ts, settings/settingsRoutes.ts), not in @plinth/schema's contracts yet; they are
// mirrored here until they move there (see docs/decisions/web-app-foundation.md).

export const loginRequest = z
  .object({
    tenant: z.string().min(1).max(100),
    username: z.string().min(1).max(200),
    password: z.string().min(1).max(1000),
  })
  .strict();
export type LoginRequest = z.infer<typeof loginRequest>;

export const meResponse = z.object({
  tenantId: z.number(),
  userId: z.number(),
  username: z.string().nullable(),
  isAdmin: z.boolean(),
  roleIds: z.array(z.number()),
  csrfToken: z.string().optional(),
});
export type Me = z.infer<typeof meResponse>;

export const tenantSettingsResponse = z.object({
  tenantName: z.string(),
  currencySymbol: z.string(),
  nameFieldLabel: z.string(),
  timeZone: z.string(),
  locale: z.string(),
  financialYearStartMonth: z.number().int(),
});
export type TenantSettings = z.infer<typeof tenantSettingsResponse>;
