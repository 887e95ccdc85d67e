import { type EntityId, idOrAlias, reportQuery, reportRunResponse, sysType } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Permissions } from '../access/Permissions.js';
import type { RequestContext } from '../context.js';
import { AppError, notFound } from '../http/errors.js';
import { idInPath } from '../http/pathParams.js';
import type { Services } from '../services.js';
import { resolvedColumns } from './definitionCache.js';
import { loadEndReport } from './endReport.js';
import { loadReport, runReport } from './runReport.js';

const tags = ['reports'];

/** Running reports: stored ones, a type's generated display and picker reports, a relationship end's. */
export async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/spapi/data/v1/report/:reportId',
    {
      schema: {
        tags,
        summary: 'Run a report: one page of rows, groups, totals and metadata',
        params: z.object({ reportId: idOrAlias }),
        body: reportQuery,
        response: { 200: reportRunResponse },
      },
    },
    async (request) =>
      runReport(
        request.ctx,
        await loadReport(request.ctx, { reportId: request.params.reportId }),
        request.body,
        { keep: true },
      ),
  );
  r.post(
    '/spapi/data/v1/report/type/:typeId/:kind',
    {
      schema: {
        tags,
        summary: "Run a type's generated display or picker report",
        params: z.object({ typeId: idOrAlias, kind: z.enum(['display', 'picker']) }),
        body: reportQuery,
        response: { 200: reportRunResponse },
      },
    },
    async (request) => {
      const { typeId, kind } = request.params;
      return runReport(request.ctx, await loadReport(request.ctx, { typeId, kind }), request.body, {
        keep: true,
      });
    },
  );
  r.post(
    '/spapi/data/v1/report/relationship/:relationshipId/:direction/:kind',
    {
      schema: {
        tags,
        summary: "Run a relationship end's display or picker report (decision 0110)",
        params: z.object({
          relationshipId: idInPath,
          direction: z.enum(['fwd', 'rev']),
          kind: z.enum(['display', 'picker']),
        }),
        body: reportQuery,
        response: { 200: reportRunResponse },
      },
    },
    async (request) => {
      const end = await loadEndReport(request.ctx, request.params, request.body);
      return runReport(request.ctx, end.report, end.query, { keep: true });
    },
  );
}

/** A public report answers anonymous callers, and exposes only what that report shows. */
export async function publicReportRoutes(app: FastifyInstance, services: Services) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/spapi/data/v1/public/:tenant/report/:reportId',
    {
      schema: {
        tags,
        summary: 'Run a public report without signing in',
        params: z.object({ tenant: z.string().max(100), reportId: idInPath }),
        body: reportQuery,
        response: { 200: reportRunResponse },
      },
    },
    async (request) => {
      const tenant = await services.db
        .selectFrom('tenants')
        .select('id')
        .where('slug', '=', request.params.tenant.toLowerCase())
        .executeTakeFirst();
      if (!tenant) throw notFound();
      const meta = await services.metaCache.get(services.db, tenant.id);
      const anonymous = { tenantId: tenant.id, userId: 0, roleIds: new Set<EntityId>([-1]), isAdmin: false };
      // First as a reader of reports only, to load the definition…
      const reportReader: RequestContext = {
        db: services.db,
        engine: services.engine,
        tenantId: tenant.id,
        actor: anonymous,
        schema: meta.schema,
        perms: new Permissions(meta.schema, [rule(sysType.report)], anonymous),
        clock: services.clock,
        metaCache: services.metaCache,
        systemTypes: services.systemTypes,
      };
      // A report that cannot be read as public — missing, not a report, broken — is not found.
      const report = await loadReport(reportReader, { reportId: request.params.reportId }).catch((e) => {
        throw e instanceof AppError ? notFound() : e;
      });
      if (!report.definition.isPublic) throw notFound();
      // …then as a reader of exactly the types the report shows.
      const types = new Set<EntityId>([report.definition.rootTypeId]);
      for (const c of resolvedColumns(meta.schema, report.definition)) {
        for (const step of c.path) types.add(step.typeId);
        if (c.kind === 'relationship') types.add(c.targetTypeId);
      }
      const ctx = { ...reportReader, perms: new Permissions(meta.schema, [...types].map(rule), anonymous) };
      return runReport(
        ctx,
        report,
        { ...request.body, inclids: undefined, filtereids: undefined, relationDetail: undefined },
        { publicView: true, keep: true },
      );
    },
  );
}

function rule(typeId: EntityId) {
  return {
    id: -typeId,
    roleId: -1,
    typeId,
    canRead: true,
    canCreate: false,
    canModify: false,
    canDelete: false,
    ownedOnly: false,
  };
}
