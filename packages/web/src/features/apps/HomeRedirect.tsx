import { LoadingGrid } from '@plinth/ui';
import { useEffect } from 'react';
import { navigate } from '../../app/router';
import { homeUrl } from './appList';
import { useAppList } from './useAppList';

/**
 * The root address of a signed-in user (decision 0065): the only app they have opens at once on
 * its default page; with several, or none, the app list.
 */
export function HomeRedirect() {
  const state = useAppList();
  useEffect(() => {
    if (state.status === 'ready') navigate(homeUrl(state.apps), { replace: true });
    if (state.status === 'failed') navigate('/apps', { replace: true });
  }, [state]);
  return <LoadingGrid columns={3} rows={6} />;
}
