import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { actionRoutes } from './actions/actionRoutes.js';
import { type AiSettings, aiRoutes } from './ai/aiRoutes.js';
import { appRoutes } from './apps/appRoutes.js';
import { auditRoutes } from './audit/auditRoutes.js';
import { accountRoutes } from './auth/accountRoutes.js';
import { authenticate } from './auth/authenticate.js';
import { authRoutes } from './auth/authRoutes.js';
import { defaultPublicRateLimits, limitPublicCalls, type PublicRateLimits } from './auth/publicRateLimits.js';
import { breadcrumbRoutes } from './breadcrumbs/breadcrumbRoutes.js';
import { builderRoutes } from './builder/builderRoutes.js';
import { calcRoutes } from './calc/calcRoutes.js';
import { docsRoutes } from './docs/docsRoutes.js';
import { documentTemplateRoutes } from './documentTemplates/documentTemplateRoutes.js';
import { entityRoutes } from './entities/entityRoutes.js';
import { exportRoutes } from './exports/exportRoutes.js';
import { fileRoutes } from './files/fileRoutes.js';
import { formRoutes } from './forms/formRoutes.js';
import { frameworkErrors, registerErrorHandler } from './http/errorHandler.js';
import { responseSerializer, validatesResponsesByDefault } from './http/responseSerializer.js';
import { importRoutes } from './imports/importRoutes.js';
import { enumValueRoutes } from './metamodel/enumValueRoutes.js';
import { fieldAdminRoutes } from './metamodel/fieldAdminRoutes.js';
import { relationshipAdminRoutes } from './metamodel/relationshipAdminRoutes.js';
import { schemaRoutes } from './metamodel/schemaRoutes.js';
import { typeAdminRoutes } from './metamodel/typeAdminRoutes.js';
import { notificationRoutes } from './notifications/notificationRoutes.js';
import { reportAggregateRoutes } from './reports/reportAggregateRoutes.js';
import { publicReportRoutes, reportRoutes } from './reports/reportRoutes.js';
import { templateReportRoutes } from './reports/templateReportRoutes.js';
import type { Services } from './services.js';
import { settingsRoutes } from './settings/settingsRoutes.js';
import { taskRoutes } from './tasks/taskRoutes.js';
import { operatorRoutes } from './tenants/operatorRoutes.js';
import { accessAdminRoutes } from './users/accessAdminRoutes.js';
import { requireAdmin } from './users/requireAdmin.js';
import { userRoutes } from './users/userRoutes.js';
import { answerOnceDurable } from './web/answerOnceDurable.js';
import { compressAnswers } from './web/compressAnswers.js';
import { isWebAppBuilt, serveWebApp } from './web/serveWebApp.js';
import { workflowRoutes } from './workflows/workflowRoutes.js';

export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
  secureCookies?: boolean;
  trustProxy?: boolean;
  /** The AI Generate endpoint (config AI_BASE_URL, AI_API_KEY, AI_MODEL); without it AI Generate is off. */
  ai?: AiSettings;
  /** Limits on anonymous calls to public reports (config PLINTH_PUBLIC_RATE_*). */
  publicLimits?: PublicRateLimits;
  /** The operator's token (config PLINTH_OPERATOR_TOKEN); without it the operator API is off. */
  operatorToken?: string;
  /**
   * Check every answer against its zod contract before sending it (decision 0055): on under a
   * test runner (NODE_ENV=test, vitest) unless told; off in production, where answers are written
   * by JSON.stringify alone.
   */
  validateResponses?: boolean;
}

/** Builds the HTTP application: every route, one error shape, the OpenAPI document at /api/docs. */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 5 * 1024 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    trustProxy: options.trustProxy ?? false,
    frameworkErrors,
    // Unique across restarts and processes, so an id quoted from an error finds one log line.
    genReqId: () => randomUUID(),
  });
  // JSON only: without the built-in text/plain parser, a body a cross-site form can send without a
  // preflight is refused with 415 before anything reads it.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    responseSerializer({ validate: options.validateResponses ?? validatesResponsesByDefault() }),
  );
  registerErrorHandler(app);
  answerOnceDurable(app, services.db);
  await compressAnswers(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Plinth API',
        version: '0.1.0',
        description: 'The data, schema and auth calls of Plinth.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          session: { type: 'apiKey', in: 'cookie', name: 'plinth_session' },
        },
      },
      security: [{ bearer: [] }, { session: [] }],
    },
    transform: jsonSchemaTransform,
  });

  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: '/api/docs/ui' });
  // Until the web app is built, the browser's front door is the API explorer.
  if (!isWebAppBuilt())
    app.get('/', { schema: { hide: true } }, async (_r, reply) => reply.redirect('/api/docs/ui'));

  await authRoutes(app, services, { secureCookies: options.secureCookies ?? false });
  limitPublicCalls(app, services, options.publicLimits ?? defaultPublicRateLimits);
  await publicReportRoutes(app, services);
  await operatorRoutes(app, services, options.operatorToken);
  // Documentation is public: the calculation reference and the Help redirect to it.
  await docsRoutes(app);
  await app.register(async (api) => {
    // Before the body is read: an unknown caller gets 401, never a parse or validation answer.
    api.addHook('onRequest', authenticate(services));
    await entityRoutes(api);
    await schemaRoutes(api);
    await enumValueRoutes(api);
    await typeAdminRoutes(api);
    await relationshipAdminRoutes(api);
    await fieldAdminRoutes(api);
    await settingsRoutes(api);
    await reportRoutes(api);
    await reportAggregateRoutes(api);
    await templateReportRoutes(api);
    await exportRoutes(api);
    await fileRoutes(api, services);
    await documentTemplateRoutes(api, services);
    await importRoutes(api, services);
    await formRoutes(api);
    await appRoutes(api);
    await actionRoutes(api);
    await calcRoutes(api);
    await aiRoutes(api, options.ai ?? {});
    await auditRoutes(api);
    await breadcrumbRoutes(api);
    await notificationRoutes(api);
    await accountRoutes(api);
    await workflowRoutes(api);
    await taskRoutes(api);
    // The admin area's calls, `/spapi/admin/v1/…`: refused (403) before the body is read unless
    // the caller administers their tenant.
    await api.register(async (admin) => {
      admin.addHook('onRequest', requireAdmin);
      await userRoutes(admin);
      await accessAdminRoutes(admin);
      await builderRoutes(admin);
    });
  });
  await serveWebApp(app);
  return app;
}
