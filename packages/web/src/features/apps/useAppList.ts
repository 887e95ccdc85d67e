import { useEffect, useState } from 'react';
import { runnerApi } from '../../api/runnerApi';
import { useSession } from '../auth/public';
import { type AppListItem, appList } from './appList';

export type AppListState =
  | { status: 'loading' }
  | { status: 'ready'; apps: AppListItem[] }
  | { status: 'failed'; message: string };

/** The apps the signed-in user may open (GET /spapi/data/v1/apps), as the list shows them. */
export function useAppList(): AppListState {
  const { client } = useSession();
  const [state, setState] = useState<AppListState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    runnerApi(client)
      .apps(controller.signal)
      .then((answer) => setState({ status: 'ready', apps: appList(answer.apps) }))
      .catch((failure: unknown) => {
        if (!controller.signal.aborted)
          setState({
            status: 'failed',
            message: failure instanceof Error ? failure.message : String(failure),
          });
      });
    return () => controller.abort();
  }, [client]);
  return state;
}
