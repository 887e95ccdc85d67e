import { z } from 'zod';

/** A tenant's slug: what users type to sign in and what its addresses carry. */
export const tenantSlug = z
  .string()
  .min(2)
  .max(40)
  .regex(
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
    'Use 2 to 40 lower-case letters, digits and hyphens, starting and ending with a letter or digit.',
  );

/** The settings a tenant is created with, or an administrator changes (`/admin/settings`). */
export const tenantSettingsChange = z
  .object({
    timeZone: z.string().min(1).max(64),
    locale: z.string().min(1).max(20),
    financialYearStartMonth: z.number().int().min(1).max(12),
    confirmExternalLinks: z.boolean(),
  })
  .partial()
  .strict();
export type TenantSettingsChange = z.infer<typeof tenantSettingsChange>;

/**
 * `POST /operator/v1/tenants` (and `npm run tenant -- create`): a new tenant with its first
 * administrator. Without a password one is generated and answered once.
 */
export const createTenantRequest = z
  .object({
    slug: tenantSlug,
    name: z.string().trim().min(1).max(100),
    admin: z
      .object({
        username: z.string().trim().min(1).max(100),
        password: z.string().min(1).max(200).optional(),
        firstName: z.string().max(100).optional(),
        lastName: z.string().max(100).optional(),
        email: z.string().max(200).optional(),
      })
      .strict(),
    settings: tenantSettingsChange.optional(),
  })
  .strict();
export type CreateTenantRequest = z.infer<typeof createTenantRequest>;

export const createTenantResponse = z.object({
  tenantId: z.number().int(),
  slug: z.string(),
  adminUserId: z.number().int(),
  adminUsername: z.string(),
  /** Only when the request gave none: shown once, never stored in clear. */
  generatedPassword: z.string().optional(),
});
export type CreateTenantResponse = z.infer<typeof createTenantResponse>;
