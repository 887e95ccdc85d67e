import type { AppRoute } from './routes';

const titles: Record<AppRoute['kind'], string> = {
  home: 'Home',
  signIn: 'Sign in',
  appList: 'Apps',
  gallery: 'Gallery',
  adminSettings: 'Settings',
  adminDocumentTemplates: 'Document templates',
  adminUsers: 'Users',
  adminRoles: 'Roles and access',
  adminSchema: 'Objects',
  adminApps: 'Apps',
  adminWorkflows: 'Workflows',
  account: 'My account',
  builderApp: 'App builder',
  builderPage: 'Page builder',
  runnerApp: 'App',
  runnerPage: 'Page',
  runnerCreateRecord: 'New record',
  runnerEditRecord: 'Edit record',
  runnerViewRecord: 'View record',
  runnerReport: 'Report',
  publicReport: 'Report',
  runnerSitemap: 'Sitemap',
  runnerTasks: 'My tasks',
  hostRunner: 'App runner',
  notFound: 'Not found',
};

/** Routes whose screens come with later issues: the route and its parameters, so links can be tried. */
export function RoutePlaceholder({ route, query }: { route: AppRoute; query: URLSearchParams }) {
  const { kind, ...params } = route;
  return (
    <section className="pl-page" data-route={kind}>
      <h1>{titles[kind]}</h1>
      <p className="pl-muted">This screen is not built yet.</p>
      <dl className="pl-route-params">
        {Object.entries(params).map(([key, value]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>{String(value)}</dd>
          </div>
        ))}
        {[...query.entries()].map(([key, value]) => (
          <div key={`q-${key}`}>
            <dt>?{key}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
