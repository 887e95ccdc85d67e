import {
  appListResponse,
  idOrAlias,
  runnerAppQuery,
  runnerAppResponse,
  runnerPageResponse,
} from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idInPath } from '../http/pathParams.js';
import { listApps, loadPageById, loadPageBySlug, loadRunnerApp, loadTypeRecordPage } from './appReads.js';

const tags = ['apps'];
const slug = z.string().min(1).max(100);
const preview = z.object({
  preview: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/**
 * The app runner's calls (spec 01 §7, decision 0063): the apps list, an app by slug, a page by
 * slug or id, and a type's record page. What the caller may not display is a 404.
 */
export async function appRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/spapi/data/v1/apps',
    {
      schema: {
        tags,
        summary: 'The apps the caller may open: enabled, without anonymous access, sorted by name',
        response: { 200: appListResponse },
      },
    },
    async (request) => listApps(request.ctx),
  );
  r.get(
    '/spapi/data/v1/apps/:appSlug',
    {
      schema: {
        tags,
        summary:
          'An app by its URL slug, with the pages the caller may display, and its default page or a page by slug when asked',
        params: z.object({ appSlug: slug }),
        querystring: runnerAppQuery,
        response: { 200: runnerAppResponse },
      },
    },
    async (request) => {
      const { withPage, withDefaultPage } = request.query;
      return loadRunnerApp(
        request.ctx,
        request.params.appSlug,
        withPage !== undefined
          ? { kind: 'slug', slug: withPage }
          : withDefaultPage
            ? { kind: 'default' }
            : { kind: 'none' },
      );
    },
  );
  r.get(
    '/spapi/data/v1/apps/:appSlug/pages/:pageSlug',
    {
      schema: {
        tags,
        summary: "A page by its app's slug and its own: the published version, or the draft in a preview",
        params: z.object({ appSlug: slug, pageSlug: slug }),
        querystring: preview,
        response: { 200: runnerPageResponse },
      },
    },
    async (request) =>
      loadPageBySlug(request.ctx, request.params.appSlug, request.params.pageSlug, request.query.preview),
  );
  r.get(
    '/spapi/data/v1/pages/:pageId',
    {
      schema: {
        tags,
        summary: 'A page by id: the published version, or the draft in a preview',
        params: z.object({ pageId: idInPath }),
        querystring: preview,
        response: { 200: runnerPageResponse },
      },
    },
    async (request) => loadPageById(request.ctx, request.params.pageId, request.query.preview),
  );
  r.get(
    '/spapi/data/v1/types/:typeId/recordPage',
    {
      schema: {
        tags,
        summary: "A type's default edit-record page, or its nearest ancestor type's",
        params: z.object({ typeId: idOrAlias }),
        querystring: preview,
        response: { 200: runnerPageResponse },
      },
    },
    async (request) => {
      const { typeId } = request.params;
      const type = typeof typeId === 'string' && /^\d+$/.test(typeId) ? Number(typeId) : typeId;
      return loadTypeRecordPage(request.ctx, type, request.query.preview);
    },
  );
}
