import { type EntityId, sysType, templateReportIdsResponse } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RequestContext } from '../context.js';
import { tenantScope } from '../data/tenantScope.js';

/**
 * The template reports: the stored reports set as a type's default display or picker report,
 * standing in for what `defaultReport` generates (generated reports have no record id). Only
 * those the caller may read, ascending.
 */
export async function templateReportIds(ctx: RequestContext): Promise<EntityId[]> {
  const ids = new Set<EntityId>();
  for (const type of ctx.schema.types()) {
    if (type.defaultDisplayReportId !== undefined) ids.add(type.defaultDisplayReportId);
    if (type.defaultPickerReportId !== undefined) ids.add(type.defaultPickerReportId);
  }
  if (ids.size === 0) return [];
  const rows = await tenantScope(ctx).readRecords([...ids]);
  return rows
    .filter((row) => row.typeId === sysType.report)
    .map((row) => row.id)
    .sort((a, b) => a - b);
}

/** The list of template report ids of pickers (spec 02 §7 "Picker data"). */
export async function templateReportRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/spapi/data/v1/report/templateIds',
    {
      schema: {
        tags: ['reports'],
        summary: "The ids of the stored reports that are types' default display or picker reports",
        response: { 200: templateReportIdsResponse },
      },
    },
    async (request) => ({ reportIds: await templateReportIds(request.ctx) }),
  );
}
