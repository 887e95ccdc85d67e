import { createHash, timingSafeEqual } from 'node:crypto';
import { createTenantRequest, createTenantResponse } from '@plinth/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../http/errors.js';
import type { Services } from '../services.js';
import { provisionTenant } from './provisionTenant.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The operator's API (decision 0047): creating a tenant with its first administrator. It exists only
 * when an operator token is configured (PLINTH_OPERATOR_TOKEN); the caller sends it as a bearer
 * token. No tenant's user, administrators included, can call it.
 */
export async function operatorRoutes(app: FastifyInstance, services: Services, token: string | undefined) {
  const expected = token ? digest(token) : undefined;
  const checkOperator = async (request: FastifyRequest) => {
    if (!expected) throw notFound('Not found.');
    const header = request.headers.authorization ?? '';
    const given = /^Bearer (.+)$/.exec(header)?.[1];
    // Compared as digests of equal length, in constant time.
    if (!given || !timingSafeEqual(digest(given), expected))
      throw new AppError('unauthorized', 'The operator token is missing or not correct.');
  };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/operator/v1/tenants',
    {
      schema: {
        tags: ['operator'],
        summary: 'Create a tenant with its first administrator (operator token; off unless configured)',
        body: createTenantRequest,
        response: { 200: createTenantResponse },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      // Before the body is read: a caller without the token learns nothing from validation.
      onRequest: checkOperator,
    },
    async (request) => provisionTenant(services.db, services.clock, request.body),
  );
}
