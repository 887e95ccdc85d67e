import {
  decryptBreadcrumbsRequest,
  decryptBreadcrumbsResponse,
  encryptBreadcrumbsRequest,
  encryptBreadcrumbsResponse,
} from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RequestContext } from '../context.js';
import { openName, type SealScope, sealName } from './sealNames.js';
import { tenantKey } from './tenantKeys.js';

const scopeOf = (ctx: RequestContext): SealScope => ({ tenantId: ctx.tenantId, userId: ctx.actor.userId });
const keyOf = (ctx: RequestContext) => tenantKey(ctx, 'breadcrumbs');

/** Encrypt and decrypt breadcrumb names (spec 01 §7), for signed-in users (decision 0071). */
export async function breadcrumbRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/spapi/data/v1/breadcrumbs/encrypt',
    {
      schema: {
        tags: ['runner'],
        summary: "Seal breadcrumb names with the tenant's key, for the browser's breadcrumb store",
        body: encryptBreadcrumbsRequest,
        response: { 200: encryptBreadcrumbsResponse },
      },
    },
    async (request) => {
      const key = await keyOf(request.ctx);
      const scope = scopeOf(request.ctx);
      return { values: request.body.names.map((name) => sealName(key, scope, name)) };
    },
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/spapi/data/v1/breadcrumbs/decrypt',
    {
      schema: {
        tags: ['runner'],
        summary: 'Open sealed breadcrumb names; a changed or foreign value is refused with 400',
        body: decryptBreadcrumbsRequest,
        response: { 200: decryptBreadcrumbsResponse },
      },
    },
    async (request) => {
      const key = await keyOf(request.ctx);
      const scope = scopeOf(request.ctx);
      return { names: request.body.values.map((value, i) => openName(key, scope, value, i)) };
    },
  );
}
