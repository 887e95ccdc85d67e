import {
  type AppListResponse,
  type AppMenu,
  type EntityId,
  type IdOrAlias,
  type RunnerAppResponse,
  type RunnerPageResponse,
  sysRel,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { selectEntities } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { forbidden, notFound } from '../http/errors.js';
import {
  type AppRecord,
  type PageRecord,
  pageRecordOf,
  pageSummaryOf,
  selectApps,
  selectPage,
  selectPagesOfApp,
  targetsOf,
  unlistedAppAliases,
} from './appRecords.js';
import { mayDisplay } from './displayRules.js';
import { contextTypesOfPages, loadPageVersion } from './pageVersions.js';

export const appNotFoundMessage = 'The app was not found.';
export const pageNotFoundMessage = 'The page was not found.';
export const previewOnlyForAdminsMessage = 'Only administrators can preview a page.';
export const noRecordPageMessage = 'The type has no record page.';

/** Apps the caller may open: displayable to them, and enabled unless they administer the tenant. */
async function displayableApps(ctx: RequestContext, apps: readonly AppRecord[]): Promise<AppRecord[]> {
  const roles = await targetsOf(
    ctx,
    sysRel.allowedDisplayUiAppBy,
    'fwd',
    apps.map((a) => a.id),
  );
  return apps.filter(
    (a) => (a.isEnabled || ctx.actor.isAdmin) && mayDisplay(ctx.actor, roles.get(a.id) ?? []),
  );
}

async function displayablePages(ctx: RequestContext, pages: readonly PageRecord[]): Promise<PageRecord[]> {
  const roles = await targetsOf(
    ctx,
    sysRel.allowedDisplayAppPageBy,
    'fwd',
    pages.map((p) => p.id),
  );
  return pages.filter((p) => mayDisplay(ctx.actor, roles.get(p.id) ?? []));
}

/** An app by slug (case-insensitive) that the caller may open, or a 404 that says no more. */
async function appBySlug(ctx: RequestContext, slug: string): Promise<AppRecord> {
  const wanted = slug.toLowerCase();
  const app = (await selectApps(ctx)).find((a) => a.slug.toLowerCase() === wanted);
  const [open] = app ? await displayableApps(ctx, [app]) : [];
  if (!open) throw notFound(appNotFoundMessage);
  return open;
}

/**
 * The apps list (spec 01 §2, §7): enabled apps without anonymous access, not the admin or shared
 * app, that the caller may display and whose default page they may display and shows the menu,
 * sorted by the name shown.
 */
export async function listApps(ctx: RequestContext): Promise<AppListResponse> {
  const candidates = (await selectApps(ctx)).filter(
    (a) => a.isEnabled && !a.allowsAnonymous && !unlistedAppAliases.has(a.row.alias ?? ''),
  );
  const apps = await displayableApps(ctx, candidates);
  const defaults = await targetsOf(
    ctx,
    sysRel.appsDefaultPage,
    'fwd',
    apps.map((a) => a.id),
  );
  const defaultIds = apps.flatMap((a) => defaults.get(a.id)?.slice(0, 1) ?? []);
  const pages = await displayablePages(
    ctx,
    (await selectEntities(systemQuery(ctx.db, 'display rules'), ctx.tenantId, defaultIds)).map(pageRecordOf),
  );
  const pageById = new Map(pages.map((p) => [p.id, p]));
  const label = (a: { displayAlias: string | null; name: string }) => a.displayAlias ?? a.name;
  return {
    apps: apps
      .flatMap((a) => {
        const page = pageById.get(defaults.get(a.id)?.[0] ?? 0);
        if (!page?.showMenu) return [];
        return [
          {
            id: a.id,
            slug: a.slug,
            name: a.name,
            displayAlias: a.displayAlias,
            description: a.description,
            icon: a.icon,
            defaultPageShowsMenu: true,
          },
        ];
      })
      .sort((x, y) => label(x).localeCompare(label(y), 'en', { sensitivity: 'base' })),
  };
}

/** Keeps in a menu only the folders and the pages the caller may display. */
function menuFor(menu: AppMenu, pageIds: ReadonlySet<string>): AppMenu {
  const folderIds = new Set([...menu.menuFolders, ...menu.otherFolders].map((f) => f.id));
  const keep = (items: readonly string[]) => items.filter((i) => pageIds.has(i) || folderIds.has(i));
  const folders = (list: AppMenu['menuFolders']) =>
    list.map((f) => ({ ...f, childOrder: f.childOrder.filter((i) => pageIds.has(i)) }));
  return {
    menuOrder: keep(menu.menuOrder),
    menuFolders: folders(menu.menuFolders),
    otherOrder: keep(menu.otherOrder),
    otherFolders: folders(menu.otherFolders),
  };
}

/** Which page an app call brings along (decision 0090): none, the default page, or one by slug. */
export type IncludedPage = { kind: 'none' } | { kind: 'default' } | { kind: 'slug'; slug: string };

/**
 * An app by slug with the pages its caller may display (spec 01 §7), and with the page `include`
 * names when asked: the same answer as the page call, or null when the caller may not display it.
 */
export async function loadRunnerApp(
  ctx: RequestContext,
  slug: string,
  include: IncludedPage = { kind: 'none' },
): Promise<RunnerAppResponse> {
  const app = await appBySlug(ctx, slug);
  const pages = await displayablePages(ctx, await selectPagesOfApp(ctx, app.id));
  const ids = pages.map((p) => p.id);
  const [contextTypes, editPageOf, defaults] = await Promise.all([
    contextTypesOfPages(ctx, ids),
    targetsOf(ctx, sysRel.defaultEditRecordPage, 'rev', ids),
    targetsOf(ctx, sysRel.appsDefaultPage, 'fwd', [app.id]),
  ]);
  const defaultPageId = defaults.get(app.id)?.[0];
  const wanted = include.kind === 'slug' ? include.slug.toLowerCase() : '';
  const included =
    include.kind === 'default'
      ? pages.find((p) => p.id === defaultPageId)
      : include.kind === 'slug'
        ? pages.find((p) => p.slug.toLowerCase() === wanted)
        : undefined;
  const includedPage =
    include.kind === 'none' ? undefined : included ? await pageResponse(ctx, app, included, false) : null;
  return {
    id: app.id,
    slug: app.slug,
    name: app.name,
    displayAlias: app.displayAlias,
    description: app.description,
    version: app.version,
    icon: app.icon,
    isEnabled: app.isEnabled,
    allowsAnonymous: app.allowsAnonymous,
    isSharedApp: app.isSharedApp,
    menu: menuFor(app.menu, new Set(ids.map(String))),
    menuShowDefault: app.menuShowDefault,
    menuShowAppName: app.menuShowAppName,
    menuAppNameHome: app.menuAppNameHome,
    menuAppNameAlign: app.menuAppNameAlign,
    footerText: app.footerText,
    headerBackgroundColour: app.headerBackgroundColour,
    headerTextColour: app.headerTextColour,
    theme: app.theme,
    defaultPageId: defaultPageId !== undefined && ids.includes(defaultPageId) ? defaultPageId : null,
    pages: pages.map((p) =>
      pageSummaryOf(p, contextTypes.get(p.id) ?? null, (editPageOf.get(p.id) ?? []).length > 0),
    ),
    ...(includedPage === undefined ? {} : { includedPage }),
  };
}

/** A displayable page of a displayable app, with the version the caller asked for. */
async function runnerPage(
  ctx: RequestContext,
  app: AppRecord,
  page: PageRecord,
  preview: boolean,
): Promise<RunnerPageResponse> {
  const [open] = await displayablePages(ctx, [page]);
  if (!open) throw notFound(pageNotFoundMessage);
  if (preview && !ctx.actor.isAdmin) throw forbidden(previewOnlyForAdminsMessage);
  const response = await pageResponse(ctx, app, page, preview);
  if (!response) throw notFound(pageNotFoundMessage);
  return response;
}

/** A page its caller may display, with its version; null when it has none to show. */
async function pageResponse(
  ctx: RequestContext,
  app: AppRecord,
  page: PageRecord,
  preview: boolean,
): Promise<RunnerPageResponse | null> {
  const [version, editPageOf, multistep, editAlternate] = await Promise.all([
    loadPageVersion(ctx, page.id, preview),
    targetsOf(ctx, sysRel.defaultEditRecordPage, 'rev', [page.id]),
    targetsOf(ctx, sysRel.alternateMultistepPage, 'fwd', [page.id]),
    targetsOf(ctx, sysRel.alternateEditRecordPage, 'fwd', [page.id]),
  ]);
  if (!version) return null;
  const alternateMultistepPageId = multistep.get(page.id)?.[0];
  const alternateEditRecordPageId = editAlternate.get(page.id)?.[0];
  return {
    app: { id: app.id, slug: app.slug, name: app.displayAlias ?? app.name },
    page: pageSummaryOf(
      page,
      version.content.contextEntityTypeId,
      (editPageOf.get(page.id) ?? []).length > 0,
    ),
    versionKind: version.kind,
    versionId: version.id,
    content: version.content,
    ...(alternateMultistepPageId !== undefined ? { alternateMultistepPageId } : {}),
    ...(alternateEditRecordPageId !== undefined ? { alternateEditRecordPageId } : {}),
  };
}

/** A page by its app's slug and its own slug, case-insensitively (spec 01 §7). */
export async function loadPageBySlug(
  ctx: RequestContext,
  appSlug: string,
  pageSlug: string,
  preview: boolean,
): Promise<RunnerPageResponse> {
  const app = await appBySlug(ctx, appSlug);
  const wanted = pageSlug.toLowerCase();
  const page = (await selectPagesOfApp(ctx, app.id)).find((p) => p.slug.toLowerCase() === wanted);
  if (!page) throw notFound(pageNotFoundMessage);
  return runnerPage(ctx, app, page, preview);
}

/** A page by id (spec 01 §7); its app must be one the caller may open. */
export async function loadPageById(
  ctx: RequestContext,
  pageId: EntityId,
  preview: boolean,
): Promise<RunnerPageResponse> {
  const found = await selectPage(ctx, pageId);
  if (!found || found.appId === undefined) throw notFound(pageNotFoundMessage);
  const apps = await selectApps(ctx, [found.appId]);
  const [app] = await displayableApps(ctx, apps);
  if (!app) throw notFound(pageNotFoundMessage);
  return runnerPage(ctx, app, found.page, preview);
}

/**
 * The record page of a type: its default edit-record page, or the nearest ancestor's (what
 * `_createRecord`, `_editRecord` and `_viewRecord` open).
 */
export async function loadTypeRecordPage(
  ctx: RequestContext,
  typeIdOrAlias: IdOrAlias,
  preview: boolean,
): Promise<RunnerPageResponse> {
  const type = ctx.schema.type(typeIdOrAlias);
  if (!type) throw notFound('The type was not found.');
  for (
    let t: typeof type | undefined = type;
    t;
    t = t.inheritsId ? ctx.schema.type(t.inheritsId) : undefined
  ) {
    if (t.defaultEditRecordPageId !== undefined) return loadPageById(ctx, t.defaultEditRecordPageId, preview);
  }
  throw notFound(noRecordPageMessage);
}
