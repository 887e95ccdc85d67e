import {
  adminAppsResponse,
  appSettingsResponse,
  builderPageResponse,
  createAppRequest,
  createPageRequest,
  deleteAppDetails,
  deleteAppRequest,
  deleteAppResponse,
  deletePageRequest,
  deletePageResponse,
  duplicatePageRequest,
  duplicatePageResponse,
  publishPageRequest,
  savePageRequest,
  updateAppRequest,
} from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idInPath } from '../http/pathParams.js';
import { adminBase } from '../users/requireAdmin.js';
import { createApp, listAdminApps, updateApp } from './appAdmin.js';
import { appDeleteDetails, deleteApp } from './appDeletion.js';
import { appIdBySlug, appSettingsResponseOf, builderPageOf } from './builderRecords.js';
import { deletePage, duplicatePage } from './pageCopies.js';
import { createPage, publishPage, savePageDraft } from './pageDrafts.js';

const tags = ['builder'];
const appParams = z.object({ appId: idInPath });
const pageParams = z.object({ pageId: idInPath });
const slug = z.string().min(1).max(200);

/**
 * The builder's calls (issue 20 items 1, 5 and 6; decisions 0112–0114): apps in the admin area and
 * a page's draft, publish, duplicate and delete. `app.ts` registers them behind `requireAdmin`.
 */
export async function builderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${adminBase}/apps`,
    {
      schema: {
        tags,
        summary: "The tenant's apps, enabled or not, by name",
        response: { 200: adminAppsResponse },
      },
    },
    async (request) => listAdminApps(request.ctx),
  );
  r.post(
    `${adminBase}/apps`,
    {
      schema: {
        tags,
        summary: 'Create an app; it starts with one page named Welcome, in the menu and its default page',
        body: createAppRequest,
        response: { 200: appSettingsResponse },
      },
    },
    async (request) => createApp(request.ctx, request.body),
  );
  r.get(
    `${adminBase}/apps/:appId`,
    {
      schema: {
        tags,
        summary: 'An app with its settings, menu and pages',
        params: appParams,
        response: { 200: appSettingsResponse },
      },
    },
    async (request) => appSettingsResponseOf(request.ctx, request.params.appId),
  );
  r.get(
    `${adminBase}/apps/slug/:appSlug`,
    {
      schema: {
        tags,
        summary: 'An app by its URL slug (case-insensitive), with its settings, menu and pages',
        params: z.object({ appSlug: slug }),
        response: { 200: appSettingsResponse },
      },
    },
    async (request) =>
      appSettingsResponseOf(request.ctx, await appIdBySlug(request.ctx, request.params.appSlug)),
  );
  r.get(
    `${adminBase}/apps/slug/:appSlug/pages/:pageSlug`,
    {
      schema: {
        tags,
        summary: "A page by its app's slug and its own (case-insensitive), as the builder edits it",
        params: z.object({ appSlug: slug, pageSlug: slug }),
        response: { 200: builderPageResponse },
      },
    },
    async (request) => {
      const appId = await appIdBySlug(request.ctx, request.params.appSlug);
      const settings = await appSettingsResponseOf(request.ctx, appId);
      const wanted = request.params.pageSlug.toLowerCase();
      const page = settings.pages.find((p) => p.slug.toLowerCase() === wanted);
      return builderPageOf(request.ctx, page?.id ?? 0);
    },
  );
  r.post(
    `${adminBase}/apps/:appId`,
    {
      schema: {
        tags,
        summary: "Change an app's settings and/or menu over the revision read (409 when someone saved since)",
        params: appParams,
        body: updateAppRequest,
        response: { 200: appSettingsResponse },
      },
    },
    async (request) => updateApp(request.ctx, request.params.appId, request.body),
  );
  r.get(
    `${adminBase}/apps/:appId/delete`,
    {
      schema: {
        tags,
        summary: "What deleting an app takes (its pages) and touches elsewhere, with the app's revision",
        params: appParams,
        response: { 200: deleteAppDetails },
      },
    },
    async (request) => appDeleteDetails(request.ctx, request.params.appId),
  );
  r.post(
    `${adminBase}/apps/:appId/delete`,
    {
      schema: {
        tags,
        summary:
          'Delete an app with its pages and their versions, over the revision and pages its confirmation showed (409 otherwise)',
        params: appParams,
        body: deleteAppRequest,
        response: { 200: deleteAppResponse },
      },
    },
    async (request) => deleteApp(request.ctx, request.params.appId, request.body),
  );
  r.post(
    `${adminBase}/apps/:appId/pages`,
    {
      schema: {
        tags,
        summary: 'Add a page to an app: in the menu, or the other pages when it takes a record as input',
        params: appParams,
        body: createPageRequest,
        response: { 200: builderPageResponse },
      },
    },
    async (request) => createPage(request.ctx, request.params.appId, request.body),
  );
  r.get(
    `${adminBase}/pages/:pageId`,
    {
      schema: {
        tags,
        summary:
          'A page as the builder edits it: its settings, its draft (else published) content, its revision',
        params: pageParams,
        response: { 200: builderPageResponse },
      },
    },
    async (request) => builderPageOf(request.ctx, request.params.pageId),
  );
  r.post(
    `${adminBase}/pages/:pageId`,
    {
      schema: {
        tags,
        summary:
          "Save a page's settings and content as its draft over the revision read (409 when someone saved since)",
        params: pageParams,
        body: savePageRequest,
        response: { 200: builderPageResponse },
      },
    },
    async (request) => savePageDraft(request.ctx, request.params.pageId, request.body),
  );
  r.post(
    `${adminBase}/pages/:pageId/publish`,
    {
      schema: {
        tags,
        summary: "Publish a page's draft: the runner shows it from now on",
        params: pageParams,
        body: publishPageRequest,
        response: { 200: builderPageResponse },
      },
    },
    async (request) => publishPage(request.ctx, request.params.pageId, request.body),
  );
  r.post(
    `${adminBase}/pages/:pageId/duplicate`,
    {
      schema: {
        tags,
        summary: 'Duplicate a page, optionally to another app, after saving the menu given',
        params: pageParams,
        body: duplicatePageRequest,
        response: { 200: duplicatePageResponse },
      },
    },
    async (request) => duplicatePage(request.ctx, request.params.pageId, request.body),
  );
  r.post(
    `${adminBase}/pages/:pageId/delete`,
    {
      schema: {
        tags,
        summary: 'Delete a page: from its app, its menu, with its versions',
        params: pageParams,
        body: deletePageRequest,
        response: { 200: deletePageResponse },
      },
    },
    async (request) => deletePage(request.ctx, request.params.pageId, request.body),
  );
}
