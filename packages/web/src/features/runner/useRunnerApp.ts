import type { RunnerAppResponse } from '@plinth/schema';
import { useEffect, useState } from 'react';
import { runnerApi } from '../../api/runnerApi';
import { useSession } from '../auth/public';

export type RunnerAppState =
  | { status: 'loading'; slug: string }
  | { status: 'ready'; slug: string; app: RunnerAppResponse }
  | { status: 'failed'; slug: string; message: string; isMissing: boolean };

/** Failed loads say which app (spec 01 §8 'Failed to load app {slug}') and why. */
export const failedToLoadApp = (slug: string) => `Failed to load app ${slug}`;

/** The app by slug with the pages its user may display; loaded again only when the slug changes. */
export function useRunnerApp(appSlug: string): RunnerAppState {
  const { client } = useSession();
  const [state, setState] = useState<RunnerAppState>({ status: 'loading', slug: appSlug });
  useEffect(() => {
    const controller = new AbortController();
    setState((current) => (current.slug === appSlug ? current : { status: 'loading', slug: appSlug }));
    runnerApi(client)
      .app(appSlug, controller.signal)
      .then((app) => setState({ status: 'ready', slug: appSlug, app }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const status = (error as { status?: number }).status;
        setState({
          status: 'failed',
          slug: appSlug,
          message: error instanceof Error ? error.message : String(error),
          isMissing: status === 404,
        });
      });
    return () => controller.abort();
  }, [client, appSlug]);
  return state.slug === appSlug ? state : { status: 'loading', slug: appSlug };
}
