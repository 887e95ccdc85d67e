import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readTenantSettings } from './tenantSettings.js';

const tenantSettingsResponse = z.object({
  tenantName: z.string(),
  currencySymbol: z.string(),
  nameFieldLabel: z.string(),
  timeZone: z.string(),
  locale: z.string(),
  financialYearStartMonth: z.number().int(),
});

export async function settingsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/spapi/data/v1/tenantSettings',
    {
      schema: {
        tags: ['settings'],
        summary: "The tenant's settings: currency symbol, name field, time zone, locale, financial year",
        response: { 200: tenantSettingsResponse },
      },
    },
    async (request) => readTenantSettings(request.ctx.db, request.ctx.tenantId),
  );
}
