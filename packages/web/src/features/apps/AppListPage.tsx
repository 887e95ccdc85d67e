import { LoadingGrid } from '@plinth/ui';
import { useEffect, useState } from 'react';
import { Link } from '../../app/router';
import { useSession } from '../auth/public';
import { type AppListEntry, appList } from './appList';

/** /apps: the apps the user may open. */
export function AppListPage() {
  const { client } = useSession();
  const [apps, setApps] = useState<ReturnType<typeof appList> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    client
      .entitiesOfType({ typeId: 'core:app', query: 'name', pageSize: 200 }, controller.signal)
      .then((answer) => {
        // core:app has no enabled/anonymous/menu fields yet: the list applies them once they exist.
        setApps(
          appList(answer.entities.map((e): AppListEntry => ({ id: e.id, name: e.name, alias: e.alias }))),
        );
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted)
          setError(failure instanceof Error ? failure.message : String(failure));
      });
    return () => controller.abort();
  }, [client]);
  return (
    <section className="pl-page">
      <h1>Apps</h1>
      {error && <p role="alert">{error}</p>}
      {!error && apps === null && <LoadingGrid columns={1} rows={4} />}
      {apps?.length === 0 && <p className="pl-empty">There are no apps for you yet.</p>}
      {apps && apps.length > 0 && (
        <ul className="pl-app-list">
          {apps.map((app) => (
            <li key={app.id}>
              <Link to={app.href}>{app.label}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
