import { FieldSettingsProvider } from '@plinth/fields';
import { Button, ErrorDisplay, LoadingGrid } from '@plinth/ui';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { reportApi } from '../../api/reportApi';
import { prefetchReport, reportIdOfRoute } from '../../api/reportPrefetch';
import { Link, navigate, useLocation } from '../../app/router';
import { AppListPage } from '../apps/public';
import { SignInPage, useSession } from '../auth/public';
// Not the report's public module, which loads on demand: only the small store of kept views.
import { keptViewForPrefetch, rememberReportViewer } from '../report/reportViewStore';
import { preloadable } from './preloadable';
import { RoutePlaceholder } from './RoutePlaceholder';
import { matchRoute } from './routes';

// Administrators' screens load on demand, so the runner's first load stays small.
const GalleryPage = lazy(() => import('../gallery/public').then((m) => ({ default: m.GalleryPage })));
const TenantSettingsPage = lazy(() =>
  import('../tenantSettings/public').then((m) => ({ default: m.TenantSettingsPage })),
);
const UsersPage = lazy(() => import('../admin/public').then((m) => ({ default: m.UsersPage })));
const RolesPage = lazy(() => import('../admin/public').then((m) => ({ default: m.RolesPage })));
const MyAccountPage = lazy(() => import('../account/public').then((m) => ({ default: m.MyAccountPage })));
const PasswordChangeRequiredPage = lazy(() =>
  import('../account/public').then((m) => ({ default: m.PasswordChangeRequiredPage })),
);
const reportModule = preloadable(() => import('../report/public'));
const ReportPage = reportModule.page((m) => m.ReportPage);
const PublicReportPage = reportModule.page((m) => m.PublicReportPage);
const isReportRoute = (kind: string) => kind === 'runnerReport' || kind === 'publicReport';
// A report opened by its address asks for its code while the app itself still starts.
if (
  typeof window !== 'undefined' &&
  isReportRoute(matchRoute(window.location.pathname, window.location.hash).kind)
)
  void reportModule.preload();

/** The signed-in frame (header, navigation, sign-out) and the route switch. */
export function AppShell() {
  const { session, client, signOut } = useSession();
  const location = useLocation();
  const route = matchRoute(location.pathname, location.hash);
  const query = new URLSearchParams(location.search);

  // A report's code loads beside the session check, not after it.
  const isReport = isReportRoute(route.kind);
  useEffect(() => {
    if (isReport) void reportModule.preload();
  }, [isReport]);
  // …and its first page beside both (the report machine takes the answer when it asks), with the
  // view kept for the user: the signed-in one, or while that is still being checked the one who
  // used reports here last (decision 0035), so a report with a kept view opens with one call.
  const me = session.status === 'signedIn' ? session.me : undefined;
  const user = useRef(me);
  user.current = me;
  useEffect(() => {
    if (me) rememberReportViewer(me.tenantId, me.userId);
  }, [me]);
  const prefetchId = route.kind === 'runnerReport' && session.status !== 'signedOut' ? route.reportId : null;
  useEffect(() => {
    if (prefetchId === null) return;
    const view = keptViewForPrefetch(prefetchId, user.current);
    prefetchReport(reportApi(client), reportIdOfRoute(prefetchId), { view });
  }, [prefetchId, client]);

  useEffect(() => {
    if (session.status === 'signedOut' && route.kind !== 'signIn' && route.kind !== 'publicReport') {
      // A visitor sent here from a page goes back to it; after Sign out the next person starts afresh.
      const next = session.byUser ? '/' : `${location.pathname}${location.search}${location.hash}`;
      navigate(`/signin${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`, { replace: true });
    }
    if (session.status === 'signedIn' && (route.kind === 'signIn' || route.kind === 'home')) {
      navigate(safeNext(query.get('next')), { replace: true });
    }
  });

  // A public report answers anyone: no sign-in, no shell.
  if (route.kind === 'publicReport') {
    return (
      <main className="pl-public-report">
        <Suspense fallback={<LoadingGrid columns={4} rows={10} />}>
          <PublicReportPage tenant={route.tenant} reportId={Number(route.reportId)} />
        </Suspense>
      </main>
    );
  }
  if (session.status === 'loading') return <LoadingGrid columns={3} rows={6} />;
  if (session.status === 'signedOut') {
    if (route.kind !== 'signIn') return null;
    return (
      <SignInPage
        defaultTenant={query.get('tenant') ?? localStorage.getItem('plinth.tenant') ?? 'demo'}
        onSignedIn={() => navigate(safeNext(query.get('next')), { replace: true })}
      />
    );
  }
  // A password an administrator set comes first: the server answers nothing else until it changes.
  if (session.me.mustChangePassword)
    return (
      <Suspense fallback={<LoadingGrid columns={1} rows={4} />}>
        <PasswordChangeRequiredPage />
      </Suspense>
    );
  const isAdminOnly =
    route.kind === 'gallery' ||
    route.kind === 'builderApp' ||
    route.kind === 'builderPage' ||
    route.kind === 'adminSettings' ||
    route.kind === 'adminUsers' ||
    route.kind === 'adminRoles';
  return (
    <FieldSettingsProvider value={session.settings}>
      <div className="pl-shell">
        <header className="pl-shell__header">
          <Link to="/apps" className="pl-shell__brand">
            Plinth
          </Link>
          <nav aria-label="Main" className="pl-shell__nav">
            <Link to="/apps">Apps</Link>
            {session.me.isAdmin && <Link to="/admin/users">Administration</Link>}
            {session.me.isAdmin && <Link to="/_gallery">Gallery</Link>}
            <Link to="/account">My account</Link>
          </nav>
          <span className="pl-shell__user">
            {session.me.username}
            {session.tenant ? ` · ${session.tenant}` : ''}
          </span>
          <Button variant="subtle" size="small" onPress={() => void signOut()}>
            Sign out
          </Button>
        </header>
        <main className="pl-shell__main">
          {isAdminOnly && !session.me.isAdmin ? (
            <ErrorDisplay message="Only administrators can open this page." homeHref="/apps" />
          ) : route.kind === 'appList' ? (
            <AppListPage />
          ) : route.kind === 'adminSettings' ? (
            <Suspense fallback={<LoadingGrid columns={1} rows={3} />}>
              <TenantSettingsPage />
            </Suspense>
          ) : route.kind === 'gallery' ? (
            <Suspense fallback={<LoadingGrid columns={2} rows={8} />}>
              <GalleryPage />
            </Suspense>
          ) : route.kind === 'adminUsers' || route.kind === 'adminRoles' || route.kind === 'account' ? (
            <Suspense fallback={<LoadingGrid columns={4} rows={6} />}>
              {route.kind === 'adminUsers' ? (
                <UsersPage />
              ) : route.kind === 'adminRoles' ? (
                <RolesPage />
              ) : (
                <MyAccountPage />
              )}
            </Suspense>
          ) : route.kind === 'runnerReport' ? (
            <Suspense fallback={<LoadingGrid columns={4} rows={10} />}>
              <ReportPage appSlug={route.appSlug} reportId={route.reportId} />
            </Suspense>
          ) : route.kind === 'notFound' ? (
            <ErrorDisplay message="This page does not exist." homeHref="/apps" />
          ) : route.kind === 'home' || route.kind === 'signIn' ? null : (
            <RoutePlaceholder route={route} query={query} />
          )}
        </main>
      </div>
    </FieldSettingsProvider>
  );
}

/** Only same-app paths are followed after sign-in (no open redirect). */
function safeNext(next: string | null): string {
  return next && /^\/(?!\/)/.test(next) && !next.startsWith('/signin') ? next : '/apps';
}
