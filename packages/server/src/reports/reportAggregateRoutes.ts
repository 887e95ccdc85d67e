import { idOrAlias, reportAggregateRequest, reportAggregateResponse } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportAggregate } from './reportAggregate.js';
import { loadReport } from './runReport.js';

/** One aggregate of a report, per value of a column or in total: page charts and hero counters. */
export async function reportAggregateRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/spapi/data/v1/report/:reportId/aggregate',
    {
      schema: {
        tags: ['reports'],
        summary: "A report's aggregate per value of one column, or over all its records",
        params: z.object({ reportId: idOrAlias }),
        body: reportAggregateRequest,
        response: { 200: reportAggregateResponse },
      },
    },
    async (request) =>
      reportAggregate(
        request.ctx,
        await loadReport(request.ctx, { reportId: request.params.reportId }),
        request.body,
      ),
  );
}
