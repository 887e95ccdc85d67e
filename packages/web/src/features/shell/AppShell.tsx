import { FieldSettingsProvider } from '@plinth/fields';
import { Button, ErrorDisplay, LoadingGrid } from '@plinth/ui';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { reportApi } from '../../api/reportApi';
import { prefetchReport, reportIdOfRoute } from '../../api/reportPrefetch';
import { preloadable } from '../../app/preloadable';
import { Link, navigate, useLocation } from '../../app/router';
import { useRunnerAppPrefetch } from '../../app/useRunnerAppPrefetch';
import { AppListPage, HomeRedirect } from '../apps/public';
import { SignInPage, useSession } from '../auth/public';
import { formCacheSignedIn } from '../forms/public';
import { keptViewForPrefetch, rememberReportViewer } from '../keptReportViews/public';
import { NotificationBell } from '../notifications/public';
import type { RunnerLocation } from '../runner/public';
import { RoutePlaceholder } from './RoutePlaceholder';
import { type AppRoute, matchRoute } from './routes';

// Administrators' screens load on demand, so the runner's first load stays small.
const GalleryPage = lazy(() => import('../gallery/public').then((m) => ({ default: m.GalleryPage })));
const TenantSettingsPage = lazy(() =>
  import('../tenantSettings/public').then((m) => ({ default: m.TenantSettingsPage })),
);
const UsersPage = lazy(() => import('../admin/public').then((m) => ({ default: m.UsersPage })));
const DocumentTemplatesPage = lazy(() =>
  import('../admin/public').then((m) => ({ default: m.DocumentTemplatesPage })),
);
const RolesPage = lazy(() => import('../admin/public').then((m) => ({ default: m.RolesPage })));
const SchemaEditorPage = lazy(() =>
  import('../schemaEditor/public').then((m) => ({ default: m.SchemaEditorPage })),
);
const AppsPage = lazy(() => import('../builder/public').then((m) => ({ default: m.AppsPage })));
const WorkflowsPage = lazy(() => import('../workflows/public').then((m) => ({ default: m.WorkflowsPage })));
const BuilderScreen = lazy(() => import('../builder/public').then((m) => ({ default: m.BuilderScreen })));
const MyAccountPage = lazy(() => import('../account/public').then((m) => ({ default: m.MyAccountPage })));
const PasswordChangeRequiredPage = lazy(() =>
  import('../account/public').then((m) => ({ default: m.PasswordChangeRequiredPage })),
);
const reportModule = preloadable(() => import('../report/public'));
const ReportPage = reportModule.page((m) => m.ReportPage);
const PublicReportPage = reportModule.page((m) => m.PublicReportPage);
const isReportRoute = (kind: string) => kind === 'runnerReport' || kind === 'publicReport';
const runnerModule = preloadable(() => import('../runner/public'));
const RunnerEntry = runnerModule.page((m) => m.RunnerEntry);
const isRunnerRoute = (kind: AppRoute['kind']) => kind.startsWith('runner') || kind === 'hostRunner';
// A report opened by its address asks for its code while the app itself still starts.
if (
  typeof window !== 'undefined' &&
  isReportRoute(matchRoute(window.location.pathname, window.location.hash).kind)
)
  void reportModule.preload();
if (
  typeof window !== 'undefined' &&
  isRunnerRoute(matchRoute(window.location.pathname, window.location.hash).kind)
)
  void runnerModule.preload();

/** The signed-in frame (header, navigation, sign-out) and the route switch. */
export function AppShell() {
  const { session, client, signOut } = useSession();
  const location = useLocation();
  const route = matchRoute(location.pathname, location.hash);
  const query = new URLSearchParams(location.search);
  const runnerLocation = runnerLocationOf(route);
  // A notification's record opens in the app open now (decision 0128).
  const bellApp =
    runnerLocation?.kind === 'app'
      ? runnerLocation.appSlug
      : runnerLocation?.kind === 'host'
        ? runnerLocation.app
        : null;

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
    if (!me) return;
    rememberReportViewer(me.tenantId, me.userId);
    // The form cache is another account's until now: cleared (spec 03 §4).
    formCacheSignedIn(me.tenantId, me.userId);
  }, [me]);
  const prefetchId = route.kind === 'runnerReport' && session.status !== 'signedOut' ? route.reportId : null;
  useEffect(() => {
    if (prefetchId === null) return;
    const view = keptViewForPrefetch(prefetchId, user.current);
    prefetchReport(reportApi(client), reportIdOfRoute(prefetchId), { view });
  }, [prefetchId, client]);

  // An app page's app call, with the page, starts beside the session check too (decision 0090).
  useRunnerAppPrefetch(
    client,
    session.status !== 'signedOut' && query.get('preview') !== '1'
      ? route.kind === 'runnerApp'
        ? { appSlug: route.appSlug, pageSlug: null }
        : route.kind === 'runnerPage'
          ? { appSlug: route.appSlug, pageSlug: route.pageSlug }
          : null
      : null,
  );

  useEffect(() => {
    if (session.status === 'signedOut' && route.kind !== 'signIn' && route.kind !== 'publicReport') {
      // A visitor sent here from a page goes back to it; after Sign out the next person starts afresh.
      const next = session.byUser ? '/' : `${location.pathname}${location.search}${location.hash}`;
      navigate(`/signin${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`, { replace: true });
    }
    if (session.status === 'signedIn' && route.kind === 'signIn') {
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
    route.kind === 'adminDocumentTemplates' ||
    route.kind === 'adminUsers' ||
    route.kind === 'adminRoles' ||
    route.kind === 'adminSchema' ||
    route.kind === 'adminApps' ||
    route.kind === 'adminWorkflows';
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
          <NotificationBell
            client={client}
            appSlug={bellApp}
            frame={
              runnerLocation?.kind === 'host'
                ? { kind: 'hash', tenant: runnerLocation.tenant }
                : { kind: 'path' }
            }
          />
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
          ) : route.kind === 'adminSchema' ? (
            <Suspense fallback={<LoadingGrid columns={4} rows={6} />}>
              <SchemaEditorPage typeId={route.typeId} />
            </Suspense>
          ) : route.kind === 'adminApps' ? (
            <Suspense fallback={<LoadingGrid columns={5} rows={4} />}>
              <AppsPage />
            </Suspense>
          ) : route.kind === 'adminWorkflows' ? (
            <Suspense fallback={<LoadingGrid columns={3} rows={4} />}>
              <WorkflowsPage workflowId={route.workflowId} />
            </Suspense>
          ) : route.kind === 'builderApp' || route.kind === 'builderPage' ? (
            <Suspense fallback={<LoadingGrid columns={3} rows={6} />}>
              <BuilderScreen
                key={route.appSlug}
                appSlug={route.appSlug}
                pageSlug={route.kind === 'builderPage' ? route.pageSlug : null}
              />
            </Suspense>
          ) : route.kind === 'adminDocumentTemplates' ? (
            <Suspense fallback={<LoadingGrid columns={3} rows={4} />}>
              <DocumentTemplatesPage />
            </Suspense>
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
          ) : runnerLocation ? (
            <Suspense fallback={<LoadingGrid columns={3} rows={6} />}>
              <RunnerEntry
                location={runnerLocation}
                search={location.search}
                hash={location.hash}
                renderReport={renderReport}
              />
            </Suspense>
          ) : route.kind === 'home' ? (
            <HomeRedirect />
          ) : route.kind === 'notFound' ? (
            <ErrorDisplay message="This page does not exist." homeHref="/apps" />
          ) : route.kind === 'signIn' ? null : (
            <RoutePlaceholder route={route} query={query} />
          )}
        </main>
      </div>
    </FieldSettingsProvider>
  );
}

/** The report route's screen inside the runner's frame. */
const renderReport = (appSlug: string, reportId: string) => (
  <Suspense fallback={<LoadingGrid columns={4} rows={10} />}>
    <ReportPage appSlug={appSlug} reportId={reportId} />
  </Suspense>
);

/** Where a runner route asks the runner to open. */
function runnerLocationOf(route: AppRoute): RunnerLocation | null {
  switch (route.kind) {
    case 'hostRunner':
      return { kind: 'host', tenant: route.tenant, app: route.app, page: route.page, preview: route.preview };
    case 'runnerApp':
      return { kind: 'app', appSlug: route.appSlug, view: { kind: 'defaultPage' } };
    case 'runnerPage':
      return { kind: 'app', appSlug: route.appSlug, view: { kind: 'page', pageSlug: route.pageSlug } };
    case 'runnerSitemap':
      return { kind: 'app', appSlug: route.appSlug, view: { kind: 'sitemap' } };
    case 'runnerCreateRecord':
      return { kind: 'app', appSlug: route.appSlug, view: { kind: 'record', mode: 'create' } };
    case 'runnerEditRecord':
      return { kind: 'app', appSlug: route.appSlug, view: { kind: 'record', mode: 'edit' } };
    case 'runnerViewRecord':
      return { kind: 'app', appSlug: route.appSlug, view: { kind: 'record', mode: 'view' } };
    case 'runnerReport':
      return { kind: 'app', appSlug: route.appSlug, view: { kind: 'report', reportId: route.reportId } };
    case 'runnerTasks':
      return {
        kind: 'app',
        appSlug: route.appSlug,
        view: route.taskId === null ? { kind: 'tasks' } : { kind: 'task', taskId: route.taskId },
      };
    default:
      return null;
  }
}

/** Only same-app paths are followed after sign-in (no open redirect); else the home route. */
function safeNext(next: string | null): string {
  return next && /^\/(?!\/)/.test(next) && !next.startsWith('/signin') ? next : '/';
}
