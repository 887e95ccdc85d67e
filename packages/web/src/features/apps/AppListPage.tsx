import { LoadingGrid } from '@plinth/ui';
import { Link } from '../../app/router';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useSession } from '../auth/public';
import { useAppList } from './useAppList';

/** /apps: the apps the user may open (spec 01 §2 App list), each leading to its sitemap. */
export function AppListPage() {
  const { session } = useSession();
  const isAdmin = session.status === 'signedIn' && session.me.isAdmin;
  const state = useAppList();
  useDocumentTitle('Apps');
  const apps = state.status === 'ready' ? state.apps : null;
  return (
    <section className="pl-page">
      <h1>Apps</h1>
      {state.status === 'failed' && <p role="alert">{state.message}</p>}
      {state.status === 'loading' && <LoadingGrid columns={1} rows={4} />}
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
