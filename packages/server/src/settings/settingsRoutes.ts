import { tenantSettingsChange, tenantSettingsResponse } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readTenantSettings } from './tenantSettings.js';
import { updateTenantSettings } from './updateTenantSettings.js';

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
  app.withTypeProvider<ZodTypeProvider>().put(
    '/spapi/data/v1/tenantSettings',
    {
      schema: {
        tags: ['settings'],
        summary: "Change the tenant's time zone, locale and financial-year start (administrators)",
        body: tenantSettingsChange,
        response: { 200: tenantSettingsResponse },
      },
    },
    async (request) => updateTenantSettings(request.ctx, request.body),
  );
}
