import { LoadingGrid } from '@plinth/ui';
import { useEffect, useState } from 'react';
import { Link } from '../../app/router';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useSession } from '../auth/public';
import { type AppListEntry, type AppListItem, appList } from './appList';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A related record as the entity call answers a to-one relationship: its id and alias. */
function relatedRecord(value: unknown): AppListEntry['homeReport'] {
  if (typeof value !== 'object' || value === null || !('id' in value) || typeof value.id !== 'number')
    return null;
  return { id: value.id, alias: 'alias' in value ? text(value.alias) : null };
}

/** /apps: the apps the user may open. */
export function AppListPage() {
  const { client, session } = useSession();
  const isAdmin = session.status === 'signedIn' && session.me.isAdmin;
  const [apps, setApps] = useState<AppListItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle('Apps');
  useEffect(() => {
    const controller = new AbortController();
    client
      .entitiesOfType(
        { typeId: 'core:app', query: 'name, description, uiAppSlug, appHomeReport.name', pageSize: 200 },
        controller.signal,
      )
      .then((answer) => {
        // core:app has no enabled/anonymous/menu fields yet: the list applies them once they exist.
        setApps(
          appList(
            answer.entities.map(
              (e): AppListEntry => ({
                id: e.id,
                name: e.name,
                alias: e.alias,
                description: text(e.description),
                slug: text(e.uiAppSlug),
                homeReport: relatedRecord(e.appHomeReport),
              }),
            ),
          ),
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
      {apps && (apps.length > 0 || isAdmin) && (
        <ul className="pl-app-list">
          {isAdmin && (
            <li>
              <Link to="/admin/users" className="pl-app-list__app">
                <span className="pl-app-list__name">Administration</span>
                <span className="pl-app-list__description">Users, roles and access rules.</span>
              </Link>
            </li>
          )}
          {apps.map((app) => (
            <li key={app.id}>
              <Link to={app.href} className="pl-app-list__app">
                <span className="pl-app-list__name">{app.label}</span>
                {app.description && <span className="pl-app-list__description">{app.description}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
