import { auditPage, auditQuery, recordHistoryQuery } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tenantScope } from '../data/tenantScope.js';
import { forbidden, notFound } from '../http/errors.js';
import { idParams } from '../http/pathParams.js';
import { readAudit } from './readAudit.js';

/**
 * The audit trail (decision 0048): a record's history for whoever can read the record, and the
 * whole trail, by record, user, type, action and period, for administrators.
 */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/spapi/data/v1/entity/:id/history',
    {
      schema: {
        tags: ['audit'],
        summary: "A record's history, newest first: who changed which field or link, from what to what",
        params: idParams,
        querystring: recordHistoryQuery,
        response: { 200: auditPage },
      },
    },
    async (request) => {
      const { ctx } = request;
      const { id } = request.params;
      // A record the caller cannot read has no history for them, exactly as if it did not exist.
      if (!ctx.actor.isAdmin) {
        const [row] = await tenantScope(ctx).readRecords([id]);
        if (!row) throw notFound();
      }
      const page = await readAudit(ctx, { entityId: id, ...request.query });
      if (page.events.length === 0 && request.query.cursor === undefined && ctx.actor.isAdmin) {
        const [row] = await tenantScope(ctx).readRecords([id]);
        if (!row) throw notFound();
      }
      return page;
    },
  );
  r.get(
    '/spapi/data/v1/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'The audit trail, newest first, by record, user, type, action and period (administrators)',
        querystring: auditQuery,
        response: { 200: auditPage },
      },
    },
    async (request) => {
      if (!request.ctx.actor.isAdmin) throw forbidden('Only administrators can read the audit trail.');
      return readAudit(request.ctx, request.query);
    },
  );
}
