import './runner.css';
import { appThemeOf, appThemeTokens, type PageSummary, type RunnerAppResponse } from '@plinth/schema';
import { ErrorDisplay, LoadingGrid } from '@plinth/ui';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import type { AppPageToInclude } from '../../api/runnerApi';
import { navigate, useLocation } from '../../app/router';
import { type Breadcrumb, useBreadcrumbTrail } from './breadcrumbs/public';
import { AppMenuBar, pageUrl } from './menu/AppMenuBar';
import { NavigationModal } from './navigation/NavigationModal';
import { type RunnerHost, targetUrl } from './navigation/runnerTarget';
import { RunnerPageView } from './page/RunnerPageView';
import { failedToLoadPage } from './page/usePageResponse';
import { LazyRecordView } from './record/LazyRecordView';
import { returnPathOf } from './returnPath';
import { parseRunnerQuery, type RunnerQuery } from './runnerQuery';
import type { RunnerView } from './runnerView';
import { readRuntimeOptions } from './runtimeOptions';
import { SitemapView } from './sitemap/SitemapView';
import { MyTasksPage, taskStateOf } from './tasks/MyTasksPage';
import { TaskRecordRoute, TaskView } from './tasks/TaskView';
import { failedToLoadApp, useRunnerApp } from './useRunnerApp';

export interface RunnerScreenProps {
  appSlug: string;
  view: RunnerView;
  /** The runner query: the location's search, or the hash host route's query. */
  search: string;
  host: RunnerHost;
  /** The report route's screen (the report's code loads on its own). */
  renderReport: (appSlug: string, reportId: string) => ReactNode;
}

/** The page a view shows: the one named, or the app's default page; undefined when there is none. */
function pageOfView(app: RunnerAppResponse, view: RunnerView): PageSummary | null | undefined {
  if (view.kind === 'defaultPage') return app.pages.find((p) => p.id === app.defaultPageId);
  if (view.kind === 'page')
    return app.pages.find((p) => p.slug.toLowerCase() === view.pageSlug.toLowerCase());
  return null;
}

/** The page the app call brings along (decision 0090): the one the view opens, never a preview's. */
function pageToInclude(view: RunnerView, query: RunnerQuery, host: RunnerHost): AppPageToInclude {
  if (query.preview || (host.kind === 'hash' && host.preview)) return { kind: 'none' };
  if (view.kind === 'defaultPage') return { kind: 'default' };
  if (view.kind === 'page') return { kind: 'slug', slug: view.pageSlug };
  return { kind: 'none' };
}

/**
 * Where a deleted record's page goes: the return path its address names (`asPath`, this app's
 * only), else one step back along the trail, else the app's default page.
 */
function backUrl(
  app: RunnerAppResponse,
  host: RunnerHost,
  trail: readonly Breadcrumb[],
  query: RunnerQuery,
): string {
  const returnPath = returnPathOf(query.asPath, app.slug, host);
  if (returnPath) return returnPath;
  const previous = trail.at(-1);
  if (previous) return previous.href;
  const home = app.pages.find((p) => p.id === app.defaultPageId);
  return home ? pageUrl(app, home, host) : `/apps/${encodeURIComponent(app.slug)}/_sitemap`;
}

/**
 * The page a record route or a report was opened from, which the menu keeps current: the query's
 * `fromPageSlug`, else a report address's own page (`/apps/{app}/{page}/_report/{id}`).
 */
function originPage(
  app: RunnerAppResponse,
  view: RunnerView,
  query: RunnerQuery,
  pathname: string,
): PageSummary | undefined {
  if (view.kind !== 'record' && view.kind !== 'report') return undefined;
  const inPath = /^\/apps\/[^/]+\/([^/]+)\/_report\//.exec(pathname)?.[1];
  const fromAddress = view.kind === 'report' ? (view.fromPageSlug ?? (inPath && decodeSlug(inPath))) : null;
  const slug = (query.fromPageSlug ?? fromAddress ?? '').toLowerCase();
  return slug ? app.pages.find((p) => p.slug.toLowerCase() === slug) : undefined;
}

function decodeSlug(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/**
 * An app in the runner (spec 01 §2): its menu above whichever of its screens the route names — a
 * page, its default page, the sitemap, a record route or a report. The query's runtime options
 * (`rtOptions`) may hide the menu.
 */
export function RunnerScreen({ appSlug, view, search, host, renderReport }: RunnerScreenProps) {
  const query = parseRunnerQuery(search);
  const { pathname } = useLocation();
  const state = useRunnerApp(appSlug, pageToInclude(view, query, host));
  const trail = useBreadcrumbTrail();
  // The page the app call brought along serves the first screen only: once the person moves on,
  // a page is asked for afresh, as it always was.
  const first = useRef<{ view: string | undefined; hasMoved: boolean }>({ view: undefined, hasMoved: false });
  if (state.status === 'loading') return <LoadingGrid columns={3} rows={6} />;
  if (state.status === 'failed') {
    // A report reads on its own rights: it still shows, without the app's menu.
    if (view.kind === 'report') return <>{renderReport(appSlug, view.reportId)}</>;
    return <ErrorDisplay message={`${failedToLoadApp(appSlug)}. ${state.message}`} homeHref="/apps" />;
  }
  const { app } = state;
  const page = pageOfView(app, view);
  const shownKey = page ? `page ${page.id}` : `${view.kind} ${search}`;
  if (first.current.view === undefined) first.current.view = shownKey;
  else if (first.current.view !== shownKey) first.current.hasMoved = true;
  const included =
    !first.current.hasMoved && page && app.includedPage?.page.id === page.id ? app.includedPage : undefined;
  // An app without a default page opens on its sitemap.
  const shown: RunnerView = view.kind === 'defaultPage' && !page ? { kind: 'sitemap' } : view;
  const showsMenu = (page ? page.showMenu : true) && readRuntimeOptions(query.rtOptions).showMenu !== false;
  const current = page ?? originPage(app, shown, query, pathname);
  let content: ReactNode;
  if (page === undefined && shown.kind === 'page')
    content = (
      <ErrorDisplay message={`${failedToLoadPage(shown.pageSlug)}. Page not found`} homeHref="/apps" />
    );
  else if (page)
    content = (
      <RunnerPageView
        key={page.id}
        app={app}
        page={page}
        included={included}
        query={query}
        host={host}
        renderModal={(modal, close, openAsPage, refreshPage) => (
          <NavigationModal
            app={app}
            modal={modal}
            host={host}
            onClose={close}
            onOpenAsPage={openAsPage}
            onRecordDeleted={() => {
              close();
              refreshPage();
            }}
            onTaskCompleted={() => {
              close();
              refreshPage();
            }}
          />
        )}
      />
    );
  else if (shown.kind === 'sitemap') content = <SitemapView app={app} host={host} />;
  else if (shown.kind === 'record') {
    const props = {
      mode: shown.mode,
      query,
      onDeleted: () => navigate(backUrl(app, host, trail, query), { replace: true }),
      createUrl: (typeId: number) =>
        targetUrl(app.slug, { kind: 'record', mode: 'create', cid: typeId, pageId: 0 }, host),
      taskUrl: (taskId: number) => targetUrl(app.slug, { kind: 'task', taskId, mode: 'view' }, host),
    };
    // A record opened for a task shows the task above its form (decision 0131).
    content =
      query.taskId !== null ? (
        <TaskRecordRoute key={search} taskId={query.taskId} {...props} />
      ) : (
        <LazyRecordView key={search} {...props} />
      );
  } else if (shown.kind === 'tasks')
    content = (
      <MyTasksPage app={app} host={host} state={taskStateOf(new URLSearchParams(search).get('state'))} />
    );
  else if (shown.kind === 'task')
    content = (
      <TaskView
        key={`${shown.taskId}?${search}`}
        taskId={shown.taskId}
        mode={query.formMode === 'view' ? 'view' : 'task'}
        query={query}
      />
    );
  else if (shown.kind === 'report') content = renderReport(app.slug, shown.reportId);
  // The app's theme sets the accent tokens for everything inside (decision 0122).
  const theme = appThemeOf(app.theme);
  return (
    <div
      className="pl-runner"
      data-app={app.slug}
      data-theme={theme.id}
      style={appThemeTokens(theme) as CSSProperties}
    >
      {showsMenu && (
        <AppMenuBar
          app={app}
          currentPageId={current?.id ?? null}
          host={host}
          isTasksCurrent={shown.kind === 'tasks' || shown.kind === 'task'}
        />
      )}
      <div className="pl-runner__content">{content}</div>
      {app.footerText && <footer className="pl-runner__footer">{app.footerText}</footer>}
    </div>
  );
}
