import type { RunnerPageResponse } from '@plinth/schema';
import { useEffect, useState } from 'react';
import { type RunnerApi, runnerApi } from '../../../api/runnerApi';
import { useSession } from '../../auth/public';

export type PageState =
  | { status: 'loading' }
  | { status: 'ready'; response: RunnerPageResponse }
  | { status: 'failed'; message: string; isMissing: boolean };

/** Spec 01 §8: 'Failed to load page {id}'. */
export const failedToLoadPage = (id: string | number) => `Failed to load page ${id}`;

/** Loads what `load` asks for, again whenever `key` changes; a stale answer is dropped. */
export function usePageResponse(
  key: string,
  load: (api: RunnerApi, signal: AbortSignal) => Promise<RunnerPageResponse> | null,
): PageState {
  const { client } = useSession();
  const [state, setState] = useState<{ key: string; state: PageState }>({
    key,
    state: { status: 'loading' },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names everything `load` reads.
  useEffect(() => {
    const controller = new AbortController();
    const pending = load(runnerApi(client), controller.signal);
    if (!pending) {
      setState({ key, state: { status: 'failed', message: 'Page not found', isMissing: true } });
      return;
    }
    pending
      .then((response) => setState({ key, state: { status: 'ready', response } }))
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
