import { entityId, idOrAlias } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../http/errors.js';
import { loadReport } from '../reports/runReport.js';
import { quickMenuActions } from './quickMenuActions.js';

const actionsRequest = z
  .object({
    display: z.string().max(50).optional(),
    reportId: idOrAlias.optional(),
    entityTypeId: idOrAlias.optional(),
    hostIds: z.array(entityId).max(100).optional(),
    hostTypeIds: z.array(entityId).max(100).optional(),
    ids: z.array(entityId).max(200).optional(),
    selected: z.array(entityId).max(200).optional(),
    lastId: entityId.optional(),
  })
  .strict();

const tags = ['actions'];

/** Quick-menu, form and per-selection actions (spec 03 §7; spec 02 §3). */
export async function actionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const handler = async (request: {
    ctx: Parameters<typeof quickMenuActions>[0];
    body: z.infer<typeof actionsRequest>;
  }) => {
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
      { schema: { tags, summary: 'The actions for a report or type and a selection', body: actionsRequest } },
      handler,
    );
  }
}
