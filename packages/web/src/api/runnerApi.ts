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

/** The runner's calls (spec 01 §7): the apps list, an app by slug, a page by slug or id. */
export interface RunnerApi {
  apps(signal?: AbortSignal): Promise<AppListResponse>;
  app(appSlug: string, signal?: AbortSignal): Promise<RunnerAppResponse>;
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
    app: (appSlug, signal) => get(`/spapi/data/v1/apps/${segment(appSlug)}`, runnerAppResponse, signal),
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
