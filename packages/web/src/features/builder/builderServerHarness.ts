import {
  type AppSettings,
  type AppSettingsResponse,
  appSettingsProblems,
  appThemeProblem,
  type BuilderPageResponse,
  emptyAppMenu,
  newAppSettings,
  newPageContent,
  pageSettingsProblems,
  uniqueName,
  uniqueSlug,
} from '@plinth/schema';
import { fakeApi } from '../../test/fakeApi';
import { adminMe } from '../admin/adminServerHarness';

const initialSettings = (name: string, slug: string, defaultPageId: number): AppSettings => ({
  ...newAppSettings(name, slug),
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
  const pages = new Map<number, BuilderPageResponse>();
  const newPage = (
    app: AppSettingsResponse,
    id: number,
    name: string,
    slug: string,
  ): BuilderPageResponse => ({
    id,
    app: { id: app.id, slug: app.settings.slug, name: app.settings.name, revision: app.revision },
    revision: 1,
    upgradeId: null,
    settings: {
      name,
      slug,
      description: null,
      type: 'default',
      hidden: false,
      showMenu: true,
      showInSitemap: true,
      icon: null,
      iconBackgroundColor: null,
      allowedDisplayRoleIds: [],
      alternateMultistepPageId: null,
      alternateEditRecordPageId: null,
    },
    isDefaultPage: app.settings.defaultPageId === id,
    isDefaultEditRecordPage: false,
    content: newPageContent([
      {
        component: {
          id: 'heading',
          typeAlias: 'core:headingComponent',
          name: 'Heading',
          properties: { text: name === 'Welcome' ? `Welcome to ${app.settings.name}` : name, level: 1 },
        },
      },
    ]),
    hasDraft: false,
    hasPublishedVersion: true,
    modifiedAt: '2026-03-01T00:00:00.000Z',
    modifiedBy: 'admin',
  });
  const pageRef = (p: BuilderPageResponse) => ({
    id: p.id,
    name: p.settings.name,
    slug: p.settings.slug,
    type: p.settings.type,
    contextEntityTypeId: p.content.contextEntityTypeId,
    revision: p.revision,
  });
  const syncApp = (app: AppSettingsResponse) => {
    app.pages = [...pages.values()].filter((p) => p.app.id === app.id).map(pageRef);
    for (const p of pages.values())
      if (p.app.id === app.id) {
        p.app = { ...p.app, name: app.settings.name, slug: app.settings.slug, revision: app.revision };
        p.isDefaultPage = app.settings.defaultPageId === p.id;
      }
  };
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
    pages.set(pageId, newPage(app, pageId, 'Welcome', 'welcome'));
    syncApp(app);
    return app;
  };
  add('Sales CRM', 'crm', { isEnabled: true, displayAlias: 'Sales', description: 'Pipeline and accounts' });
  add('Field Service', 'field');
  add('Public board', 'board', { isEnabled: true, allowsAnonymous: true });
  let conflictNext = false;
  let pageConflictNext = false;
  /** What the delete confirmation lists as uses of an app's pages elsewhere, by app id. */
  const deleteUses = new Map<number, string[]>();
  const notFound = (what: string) => ({ status: 404, body: { error: { code: 'not_found', message: what } } });
  const pageConflict = (page: BuilderPageResponse) => ({
    status: 409,
    body: {
      error: {
        code: 'conflict',
        message: `bea saved the page '${page.settings.name}' after you opened it, so your changes were not saved. Nothing was overwritten: reload the page to see their changes, or keep yours on screen and save them as a new page.`,
        details: { revision: page.revision, modifiedAt: page.modifiedAt, modifiedBy: 'bea' },
      },
    },
  });

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
    if (path === '/spapi/data/v1/schema/types' && method === 'GET')
      return ok({
        types: [
          { id: 3001, name: 'Account', isAbstract: false, isChoiceType: false },
          { id: 3002, name: 'Opportunity', isAbstract: false, isChoiceType: false },
        ],
      });
    const bySlug = /^\/spapi\/admin\/v1\/apps\/slug\/([^/]+)$/.exec(path);
    if (bySlug && method === 'GET') {
      const wanted = decodeURIComponent(bySlug[1]!).toLowerCase();
      const app = [...apps.values()].find((a) => a.settings.slug.toLowerCase() === wanted);
      return app ? ok(app) : notFound(`The app '${wanted}' was not found.`);
    }
    const addPage = /^\/spapi\/admin\/v1\/apps\/(\d+)\/pages$/.exec(path);
    if (addPage && method === 'POST') {
      const app = apps.get(Number(addPage[1]));
      if (!app) return notFound('The app was not found.');
      const name = String(body.name).trim();
      const slug =
        body.slug?.trim() ||
        uniqueSlug(
          name,
          app.pages.map((p) => p.slug),
        );
      const found = pageSettingsProblems({ id: null, name, slug }, app.pages);
      if (Object.keys(found).length > 0) return refused(found);
      const id = nextId++;
      const page = newPage(app, id, name, slug);
      // As the server: the content given is the new page's first draft.
      page.content = body.content ?? newPageContent();
      page.hasDraft = body.content !== undefined;
      pages.set(id, page);
      app.menu = { ...app.menu, menuOrder: [...app.menu.menuOrder, String(id)] };
      app.revision += 1;
      syncApp(app);
      return ok(page);
    }
    const pageCall = /^\/spapi\/admin\/v1\/pages\/(\d+)(?:\/(publish|duplicate|delete))?$/.exec(path);
    if (pageCall) {
      const page = pages.get(Number(pageCall[1]));
      if (!page) return notFound('The page was not found.');
      const app = apps.get(page.app.id)!;
      const action = pageCall[2];
      if (method === 'GET' && !action) return ok(page);
      if (action === 'duplicate') {
        const target = body.targetAppId ? apps.get(body.targetAppId) : app;
        if (!target) return notFound('The app was not found.');
        const id = nextId++;
        const name = uniqueName(
          page.settings.name,
          target.pages.map((p) => p.name),
        );
        const slug = uniqueSlug(
          page.settings.slug,
          target.pages.map((p) => p.slug),
        );
        const copy = { ...newPage(target, id, name, slug), content: page.content };
        pages.set(id, copy);
        if (target === app) {
          const order = [...target.menu.menuOrder];
          order.splice(order.indexOf(String(page.id)) + 1, 0, String(id));
          target.menu = { ...target.menu, menuOrder: order };
        } else target.menu = { ...target.menu, otherOrder: [...target.menu.otherOrder, String(id)] };
        target.revision += 1;
        syncApp(target);
        return ok({
          page: { ...pageRef(copy), appId: target.id, appSlug: target.settings.slug },
          message:
            target === app
              ? `${page.settings.name} was duplicated`
              : `'${page.settings.name}' was succesfully copied to the '${target.settings.name}' app's other pages.`,
        });
      }
      if (pageConflictNext) {
        pageConflictNext = false;
        page.revision += 1;
      }
      if (body.revision !== undefined && body.revision !== page.revision) return pageConflict(page);
      if (action === 'delete') {
        if (app.settings.defaultPageId === page.id)
          return {
            status: 400,
            body: {
              error: {
                code: 'validation_failed',
                message:
                  "The app's default page cannot be deleted. Make another page the default page first.",
              },
            },
          };
        pages.delete(page.id);
        const key = String(page.id);
        app.menu = {
          ...app.menu,
          menuOrder: app.menu.menuOrder.filter((k) => k !== key),
          otherOrder: app.menu.otherOrder.filter((k) => k !== key),
        };
        app.revision += 1;
        syncApp(app);
        const home = pages.get(app.settings.defaultPageId ?? 0);
        return ok({
          message: 'Page deleted',
          app: { id: app.id, slug: app.settings.slug, revision: app.revision },
          defaultPage: home ? { id: home.id, slug: home.settings.slug } : null,
        });
      }
      if (action === 'publish') {
        page.hasDraft = false;
        page.revision += 1;
        return ok(page);
      }
      const next = { ...page.settings, ...body.settings };
      const found = pageSettingsProblems({ id: page.id, ...next }, app.pages);
      if (Object.keys(found).length > 0) return refused(found);
      page.settings = next;
      page.content = body.content;
      page.hasDraft = true;
      page.revision += 1;
      page.modifiedBy = 'admin';
      syncApp(app);
      return ok(page);
    }
    const deleteCall = /^\/spapi\/admin\/v1\/apps\/(\d+)\/delete$/.exec(path);
    if (deleteCall) {
      const app = apps.get(Number(deleteCall[1]));
      if (!app) return notFound('The app was not found.');
      const shown = app.pages.map((p) => ({ id: p.id, name: p.name }));
      if (method === 'GET')
        return ok({
          id: app.id,
          name: app.settings.name,
          revision: app.revision,
          pages: shown,
          uses: deleteUses.get(app.id) ?? [],
        });
      if (conflictNext) {
        conflictNext = false;
        app.revision += 1;
      }
      if (body.revision !== app.revision)
        return {
          status: 409,
          body: {
            error: {
              code: 'conflict',
              message: `bea saved the app '${app.settings.name}' after you asked to delete it, so it was not deleted. Look at the app again, then delete it if you still want to.`,
              details: { revision: app.revision, modifiedAt: app.modifiedAt, modifiedBy: 'bea' },
            },
          },
        };
      apps.delete(app.id);
      for (const p of app.pages) pages.delete(p.id);
      const n = app.pages.length;
      return ok({
        message: `The app '${app.settings.name}' was deleted with its ${n === 1 ? 'page' : `${n} pages`}.`,
        deletedPageIds: app.pages.map((p) => p.id),
      });
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
      const found: Record<string, string | undefined> = {
        ...appSettingsProblems({ id: app.id, ...next }, others(app.id)),
        theme: body.settings?.theme === undefined ? undefined : appThemeProblem(body.settings.theme),
      };
      if (Object.values(found).some(Boolean)) return refused(found);
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
    pages,
    deleteUses,
    /** The next save, publish or delete of a page meets a save someone else made after it was read. */
    conflictOnNextPageSave() {
      pageConflictNext = true;
    },
    /** The next change of an app meets a save someone else made after it was read. */
    conflictOnNextSave() {
      conflictNext = true;
    },
  };
}
