import type { RunnerAppResponse } from '@plinth/schema';
import { useEffect, useRef, useState } from 'react';
import type { AppPageToInclude } from '../../api/runnerApi';
import { runnerApi } from '../../api/runnerApi';
import { takePrefetchedRunnerApp } from '../../api/runnerPrefetch';
import { useSession } from '../auth/public';
import { prefetchPageData } from './page/prefetchPageData';

export type RunnerAppState =
  | { status: 'loading'; slug: string }
  | { status: 'ready'; slug: string; app: RunnerAppResponse }
  | { status: 'failed'; slug: string; message: string; isMissing: boolean };

/** Failed loads say which app (spec 01 §8 'Failed to load app {slug}') and why. */
export const failedToLoadApp = (slug: string) => `Failed to load app ${slug}`;

/**
 * The app by slug with the pages its user may display; loaded again only when the slug changes.
 * `include` names the page the runner opens first: the app call brings it along (decision 0090)
 * as `includedPage`, taken from the call the shell started beside the session check when that is
 * the very same call, and that page's reports are asked for at once.
 */
export function useRunnerApp(appSlug: string, include: AppPageToInclude = { kind: 'none' }): RunnerAppState {
  const { client, session } = useSession();
  const [state, setState] = useState<RunnerAppState>({ status: 'loading', slug: appSlug });
  // Only the first load of an app brings a page: later pages of the same app are asked for alone.
  const firstInclude = useRef(include);
  const user = useRef(session.status === 'signedIn' ? session.me : undefined);
  useEffect(() => {
    const controller = new AbortController();
    setState((current) => (current.slug === appSlug ? current : { status: 'loading', slug: appSlug }));
    const include = firstInclude.current;
    const answer =
      takePrefetchedRunnerApp(appSlug, include) ?? runnerApi(client).app(appSlug, controller.signal, include);
    answer
      .then((app) => {
        if (controller.signal.aborted) return;
        if (app.includedPage) prefetchPageData(client, app.includedPage.content, user.current);
        setState({ status: 'ready', slug: appSlug, app });
      })
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
