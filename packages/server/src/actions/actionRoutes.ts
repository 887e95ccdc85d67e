import { quickMenuRequest, quickMenuResponse } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RequestContext } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import { loadReport } from '../reports/runReport.js';
import { quickMenuActions } from './quickMenuActions.js';

const tags = ['actions'];

/** Quick-menu, form and per-selection actions (spec 03 §7; spec 02 §3 and §7). */
export async function actionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const handler = async (request: { ctx: RequestContext; body: z.infer<typeof quickMenuRequest> }) => {
    const { ctx, body } = request;
    let typeRef = body.entityTypeId;
    if (typeRef === undefined && body.reportId !== undefined) {
      typeRef = (await loadReport(ctx, { reportId: body.reportId })).definition.rootTypeId;
    }
    if (typeRef === undefined) throw badRequest('Send a reportId or an entityTypeId.');
    const type = ctx.schema.type(typeRef);
    if (!type) throw notFound();
    const ids = body.ids ?? body.selected ?? [];
    return { data: await quickMenuActions(ctx, type, ids) };
  };
  for (const path of [
    '/spapi/data/v1/actions/menu',
    '/spapi/data/v1/actions/formActions',
    '/spapi/data/v1/actions/selection',
  ]) {
    r.post(
      path,
      {
        schema: {
          tags,
          summary: 'The actions for a report or type and a selection',
          body: quickMenuRequest,
          response: { 200: quickMenuResponse },
        },
      },
      handler,
    );
  }
}
