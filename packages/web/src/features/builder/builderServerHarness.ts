import {
  type AppSettings,
  type AppSettingsResponse,
  appSettingsProblems,
  emptyAppMenu,
  uniqueSlug,
} from '@plinth/schema';
import { adminMe } from '../admin/fakeAdminServer';
import { fakeApi } from '../pickerData/fakeApi';

const initialSettings = (name: string, slug: string, defaultPageId: number): AppSettings => ({
  name,
  slug,
  alias: null,
  displayAlias: null,
  description: null,
  icon: null,
  version: '1.0.0',
  isEnabled: false,
  allowsAnonymous: false,
  menuShowDefault: true,
  menuShowAppName: false,
  menuAppNameHome: false,
  menuAppNameAlign: 'left',
  theme: null,
  headerBackgroundColour: null,
  headerTextColour: null,
  footerText: null,
  allowedDisplayRoleIds: [],
  defaultPageId,
});

/**
 * An in-memory stand-in for the builder's app calls, answering as the server's contracts say and
 * refusing as the server does (the same rules from @plinth/schema, a stale revision as a 409), so
 * the screens are driven through real requests and answers. `conflictNext` makes the next change
 * meet someone else's save first.
 */
export function builderServerHarness(me: Record<string, unknown> = adminMe) {
  let nextId = 40_000;
  const apps = new Map<number, AppSettingsResponse>();
  const shared = { id: 502, name: 'Shared pages', slug: 'shared' };
  const add = (name: string, slug: string, extra: Partial<AppSettings> = {}) => {
    const id = nextId++;
    const pageId = nextId++;
    const app: AppSettingsResponse = {
      id,
      revision: 1,
      isSharedApp: false,
      settings: { ...initialSettings(name, slug, pageId), ...extra },
      menu: { ...emptyAppMenu(), menuOrder: [String(pageId)] },
      pages: [{ id: pageId, name: 'Welcome', slug: 'welcome', type: 'default', contextEntityTypeId: null }],
      modifiedAt: '2026-03-01T00:00:00.000Z',
    };
    apps.set(id, app);
    return app;
  };
  add('Sales CRM', 'crm', { isEnabled: true, displayAlias: 'Sales', description: 'Pipeline and accounts' });
  add('Field Service', 'field');
  add('Public board', 'board', { isEnabled: true, allowsAnonymous: true });
  let conflictNext = false;

  const others = (id: number | null) => [
    shared,
    ...[...apps.values()].filter((a) => a.id !== id).map((a) => ({ id: a.id, ...a.settings })),
  ];
  const ok = (body: unknown) => ({ status: 200, body });
  const refused = (found: Record<string, string | undefined>) => ({
    status: 400,
    body: {
      error: {
        code: 'validation_failed',
        message: 'Some values are not valid.',
        details: {
          errors: Object.entries(found).flatMap(([member, message]) =>
            message ? [{ member, message }] : [],
          ),
        },
      },
    },
  });
  const summary = (a: AppSettingsResponse) => ({
    id: a.id,
    name: a.settings.name,
    slug: a.settings.slug,
    displayAlias: a.settings.displayAlias,
    description: a.settings.description,
    isEnabled: a.settings.isEnabled,
    allowsAnonymous: a.settings.allowsAnonymous,
    version: a.settings.version,
    pageCount: a.pages.length,
    modifiedAt: a.modifiedAt,
  });

  // biome-ignore lint/suspicious/noExplicitAny: a fake server reads the JSON bodies loosely.
  const { api, requests } = fakeApi((path, body: any, method) => {
    if (path === '/auth/me') return ok(me);
    if (path === '/spapi/data/v1/tenantSettings')
      return { status: 404, body: { error: { code: 'not_found', message: 'No.' } } };
    if (path === '/spapi/admin/v1/roles' && method === 'GET')
      return ok({
        roles: [
          { id: 500, name: 'Administrators', description: null, builtIn: true, members: [], rules: [] },
          { id: 501, name: 'Everyone', description: null, builtIn: true, members: [], rules: [] },
          { id: 10_050, name: 'Sales', description: null, builtIn: false, members: [], rules: [] },
        ],
        types: [],
      });
    if (path === '/spapi/admin/v1/apps' && method === 'GET')
      return ok({
        apps: [...apps.values()].map(summary).sort((x, y) => x.name.localeCompare(y.name)),
      });
    if (path === '/spapi/admin/v1/apps' && method === 'POST') {
      const name = String(body.name).trim();
      const slug =
        body.slug?.trim() ||
        uniqueSlug(
          name,
          others(null).map((a) => a.slug),
          'app',
        );
      const found = appSettingsProblems({ id: null, name, slug }, others(null));
      if (Object.keys(found).length > 0) return refused(found);
      return ok(add(name, slug, { description: body.description ?? null }));
    }
    const appCall = /^\/spapi\/admin\/v1\/apps\/(\d+)$/.exec(path);
    if (appCall) {
      const app = apps.get(Number(appCall[1]));
      if (!app)
        return { status: 404, body: { error: { code: 'not_found', message: 'The app was not found.' } } };
      if (method === 'GET') return ok(app);
      if (conflictNext) {
        conflictNext = false;
        app.revision += 1;
        app.settings = { ...app.settings, footerText: 'Saved by bea' };
      }
      if (body.revision !== app.revision)
        return {
          status: 409,
          body: {
            error: {
              code: 'conflict',
              message: `bea saved the app '${app.settings.name}' after you opened it, so your changes were not saved. Nothing was overwritten: reload the app to see their changes, then make yours again.`,
              details: { revision: app.revision, modifiedAt: app.modifiedAt, modifiedBy: 'bea' },
            },
          },
        };
      const next = { ...app.settings, ...body.settings };
      const found = appSettingsProblems({ id: app.id, ...next }, others(app.id));
      if (Object.keys(found).length > 0) return refused(found);
      app.settings = next;
      app.revision += 1;
      if (body.menu) app.menu = body.menu;
      return ok(app);
    }
    return { status: 404, body: { error: { code: 'not_found', message: `No fake for ${method} ${path}` } } };
  });
  return {
    api,
    requests,
    apps,
    /** The next change of an app meets a save someone else made after it was read. */
    conflictOnNextSave() {
      conflictNext = true;
    },
  };
}
