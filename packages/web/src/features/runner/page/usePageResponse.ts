import type { RunnerPageResponse } from '@plinth/schema';
import { useEffect, useRef, useState } from 'react';
import { type RunnerApi, runnerApi } from '../../../api/runnerApi';
import { useSession } from '../../auth/public';
import { prefetchPageData } from './prefetchPageData';

export type PageState =
  | { status: 'loading' }
  | { status: 'ready'; response: RunnerPageResponse }
  | { status: 'failed'; message: string; isMissing: boolean };

/** Spec 01 §8: 'Failed to load page {id}'. */
export const failedToLoadPage = (id: string | number) => `Failed to load page ${id}`;

/**
 * Loads what `load` asks for, again whenever `key` changes; a stale answer is dropped. `initial`:
 * the answer for the first key, already in hand (the app call brought it along): not asked again,
 * its reports asked for at once.
 */
export function usePageResponse(
  key: string,
  load: (api: RunnerApi, signal: AbortSignal) => Promise<RunnerPageResponse> | null,
  initial?: RunnerPageResponse,
): PageState {
  const { client, session } = useSession();
  const [state, setState] = useState<{ key: string; state: PageState }>(() => ({
    key,
    state: initial ? { status: 'ready', response: initial } : { status: 'loading' },
  }));
  const answered = useRef(initial ? key : undefined);
  const user = useRef(session.status === 'signedIn' ? session.me : undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names everything `load` reads.
  useEffect(() => {
    if (answered.current === key) {
      answered.current = undefined;
      return;
    }
    const controller = new AbortController();
    const pending = load(runnerApi(client), controller.signal);
    if (!pending) {
      setState({ key, state: { status: 'failed', message: 'Page not found', isMissing: true } });
      return;
    }
    pending
      .then((response) => {
        if (controller.signal.aborted) return;
        prefetchPageData(client, response.content, user.current);
        setState({ key, state: { status: 'ready', response } });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          key,
          state: {
            status: 'failed',
            message: error instanceof Error ? error.message : String(error),
            isMissing: (error as { status?: number }).status === 404,
          },
        });
      });
    return () => controller.abort();
  }, [client, key]);
  return state.key === key ? state.state : { status: 'loading' };
}
