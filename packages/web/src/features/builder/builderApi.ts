import {
  type AdminAppSummary,
  type AppSettingsResponse,
  adminAppsResponse,
  appSettingsResponse,
  type BuilderPageResponse,
  builderPageResponse,
  type CreateAppRequest,
  type CreatePageRequest,
  type DeleteAppDetails,
  type DeleteAppResponse,
  type DeletePageResponse,
  type DuplicatePageRequest,
  type DuplicatePageResponse,
  deleteAppDetails,
  deleteAppResponse,
  deletePageResponse,
  duplicatePageResponse,
  type SavePageRequest,
  type UpdateAppRequest,
} from '@plinth/schema';
import { z } from 'zod';
import type { ApiClient } from '../../api/apiClient';

/** An Object a page may take as input, as the schema call lists it. */
const typeChoice = z.object({
  id: z.number(),
  name: z.string(),
  isAbstract: z.boolean().optional(),
  isChoiceType: z.boolean().optional(),
});
const typeChoices = z.object({ types: z.array(typeChoice) });

const base = '/spapi/admin/v1';

/**
 * The builder's calls (decisions 0112–0114): apps in the admin area, and a page's draft, publish,
 * duplicate and delete. A change over a revision someone saved since answers 409 (`conflict`).
 */
export function builderApi(client: ApiClient) {
  return {
    apps: async (signal?: AbortSignal): Promise<AdminAppSummary[]> =>
      (await client.call('GET', `${base}/apps`, adminAppsResponse, undefined, signal)).apps,
    app: (appId: number, signal?: AbortSignal): Promise<AppSettingsResponse> =>
      client.call('GET', `${base}/apps/${appId}`, appSettingsResponse, undefined, signal),
    appBySlug: (slug: string, signal?: AbortSignal): Promise<AppSettingsResponse> =>
      client.call(
        'GET',
        `${base}/apps/slug/${encodeURIComponent(slug)}`,
        appSettingsResponse,
        undefined,
        signal,
      ),
    createApp: (req: CreateAppRequest): Promise<AppSettingsResponse> =>
      client.call('POST', `${base}/apps`, appSettingsResponse, req),
    updateApp: (appId: number, req: UpdateAppRequest): Promise<AppSettingsResponse> =>
      client.call('POST', `${base}/apps/${appId}`, appSettingsResponse, req),
    /** What deleting an app takes and touches, with its revision (decision 0121). */
    appDeleteDetails: (appId: number, signal?: AbortSignal): Promise<DeleteAppDetails> =>
      client.call('GET', `${base}/apps/${appId}/delete`, deleteAppDetails, undefined, signal),
    /** Deletes an app over the revision and the pages its confirmation showed. */
    deleteApp: (appId: number, revision: number, pageIds: number[]): Promise<DeleteAppResponse> =>
      client.call('POST', `${base}/apps/${appId}/delete`, deleteAppResponse, { revision, pageIds }),
    createPage: (appId: number, req: CreatePageRequest): Promise<BuilderPageResponse> =>
      client.call('POST', `${base}/apps/${appId}/pages`, builderPageResponse, req),
    page: (pageId: number, signal?: AbortSignal): Promise<BuilderPageResponse> =>
      client.call('GET', `${base}/pages/${pageId}`, builderPageResponse, undefined, signal),
    savePage: (pageId: number, req: SavePageRequest): Promise<BuilderPageResponse> =>
      client.call('POST', `${base}/pages/${pageId}`, builderPageResponse, req),
    publishPage: (pageId: number, revision: number): Promise<BuilderPageResponse> =>
      client.call('POST', `${base}/pages/${pageId}/publish`, builderPageResponse, { revision }),
    duplicatePage: (pageId: number, req: DuplicatePageRequest): Promise<DuplicatePageResponse> =>
      client.call('POST', `${base}/pages/${pageId}/duplicate`, duplicatePageResponse, req),
    /** The tenant's Objects a page may take as input (abstract and choice types are not). */
    types: async (signal?: AbortSignal): Promise<Array<{ id: number; name: string }>> =>
      (await client.call('GET', '/spapi/data/v1/schema/types', typeChoices, undefined, signal)).types
        .filter((t) => !t.isAbstract && !t.isChoiceType)
        .sort((a, b) => a.name.localeCompare(b.name)),
    deletePage: (pageId: number, revision?: number): Promise<DeletePageResponse> =>
      client.call(
        'POST',
        `${base}/pages/${pageId}/delete`,
        deletePageResponse,
        revision === undefined ? {} : { revision },
      ),
  };
}
export type BuilderApi = ReturnType<typeof builderApi>;
