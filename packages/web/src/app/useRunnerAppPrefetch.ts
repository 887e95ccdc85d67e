import { useEffect, useRef } from 'react';
import type { ApiClient } from '../api/apiClient';
import { runnerApi } from '../api/runnerApi';
import { prefetchRunnerApp } from '../api/runnerPrefetch';

/** An app page's address as the shell reads it: the app, and the page slug (null: its default page). */
export interface RunnerAppAddress {
  appSlug: string;
  pageSlug: string | null;
}

/**
 * Starts the app call of an app page's address beside the session check (decision 0090), with the
 * page it opens on. Only when the runner is not already showing that app: moving between an app's
 * pages loads no app, so nothing would take the answer.
 */
export function useRunnerAppPrefetch(client: ApiClient, address: RunnerAppAddress | null): void {
  const shownApp = useRef<string | null>(null);
  const appSlug = address?.appSlug ?? null;
  const pageSlug = address?.pageSlug ?? null;
  useEffect(() => {
    const previous = shownApp.current;
    shownApp.current = appSlug?.toLowerCase() ?? null;
    if (appSlug === null || previous === appSlug.toLowerCase()) return;
    prefetchRunnerApp(
      runnerApi(client),
      appSlug,
      pageSlug === null ? { kind: 'default' } : { kind: 'slug', slug: pageSlug },
    );
  }, [client, appSlug, pageSlug]);
}
