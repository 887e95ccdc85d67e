import {
  type AppListResponse,
  appListResponse,
  type RunnerAppResponse,
  type RunnerPageResponse,
  runnerAppResponse,
  runnerPageResponse,
} from '@plinth/schema';
import type { ApiClient } from './apiClient';

const segment = (value: string | number) => encodeURIComponent(String(value));
const previewQuery = (preview: boolean | undefined) => (preview ? '?preview=1' : '');

/** The page an app call brings along (decision 0090): none, its default page, or one by slug. */
export type AppPageToInclude = { kind: 'none' } | { kind: 'default' } | { kind: 'slug'; slug: string };

/** The app call's query for the page it brings along. */
export function includeQuery(include: AppPageToInclude): string {
  if (include.kind === 'default') return '?withDefaultPage=1';
  if (include.kind === 'slug') return `?withPage=${segment(include.slug)}`;
  return '';
}

/** The runner's calls (spec 01 §7): the apps list, an app by slug, a page by slug or id. */
export interface RunnerApi {
  apps(signal?: AbortSignal): Promise<AppListResponse>;
  /** The app; with `include`, the page the runner opens first too (`includedPage`). */
  app(appSlug: string, signal?: AbortSignal, include?: AppPageToInclude): Promise<RunnerAppResponse>;
  pageBySlug(
    appSlug: string,
    pageSlug: string,
    preview?: boolean,
    signal?: AbortSignal,
  ): Promise<RunnerPageResponse>;
  pageById(pageId: number, preview?: boolean, signal?: AbortSignal): Promise<RunnerPageResponse>;
  /** The type's default edit-record page (the nearest ancestor type's when it has none). */
  recordPage(typeId: number, signal?: AbortSignal): Promise<RunnerPageResponse>;
}

export function runnerApi(client: Pick<ApiClient, 'call'>): RunnerApi {
  const get = <T>(path: string, shape: Parameters<ApiClient['call']>[2], signal?: AbortSignal) =>
    client.call('GET', path, shape, undefined, signal) as Promise<T>;
  return {
    apps: (signal) => get('/spapi/data/v1/apps', appListResponse, signal),
    app: (appSlug, signal, include = { kind: 'none' }) =>
      get(`/spapi/data/v1/apps/${segment(appSlug)}${includeQuery(include)}`, runnerAppResponse, signal),
    pageBySlug: (appSlug, pageSlug, preview, signal) =>
      get(
        `/spapi/data/v1/apps/${segment(appSlug)}/pages/${segment(pageSlug)}${previewQuery(preview)}`,
        runnerPageResponse,
        signal,
      ),
    pageById: (pageId, preview, signal) =>
      get(`/spapi/data/v1/pages/${segment(pageId)}${previewQuery(preview)}`, runnerPageResponse, signal),
    recordPage: (typeId, signal) =>
      get(`/spapi/data/v1/types/${segment(typeId)}/recordPage`, runnerPageResponse, signal),
  };
}
