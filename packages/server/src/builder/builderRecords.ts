import {
  type AppSettings,
  type AppSettingsResponse,
  type BuilderPageRef,
  type BuilderPageResponse,
  type BuilderPageSettings,
  type EntityId,
  sysField as F,
  newPageContent,
  type PageVersionContent,
  sysRel,
  sysType,
} from '@plinth/schema';
import {
  type AppRecord,
  appRecordOf,
  pageRecordOf,
  selectApps,
  selectPagesOfApp,
  targetsOf,
} from '../apps/appRecords.js';
import { versionContentOf } from '../apps/pageVersions.js';
import type { RequestContext } from '../context.js';
import { type EntityRow, selectLinksTouching, selectLockedEntities } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { tenantScope } from '../data/tenantScope.js';
import { notFound } from '../http/errors.js';
import { type LastSaver, builderMessages as M } from './builderMessages.js';

const textOf = (row: EntityRow, field: number): string | null => {
  const v = row.data[String(field)];
  return typeof v === 'string' && v !== '' ? v : null;
};

const first = (links: Map<EntityId, EntityId[]>, id: EntityId): EntityId | null => links.get(id)?.[0] ?? null;

/** An app record by id, or the 404 the builder answers. */
export async function appRowOrThrow(ctx: RequestContext, appId: EntityId): Promise<EntityRow> {
  const [row] = await tenantScope(ctx).readRecords([appId]);
  if (!row || row.typeId !== sysType.app) throw notFound(M.appNotFound);
  return row;
}

/** A page record by id, or the 404 the builder answers. */
export async function pageRowOrThrow(ctx: RequestContext, pageId: EntityId): Promise<EntityRow> {
  const [row] = await tenantScope(ctx).readRecords([pageId]);
  if (!row || row.typeId !== sysType.appPage) throw notFound(M.pageNotFound);
  return row;
}

/** A page record by id, locked until the transaction ends (writePage), or the 404 the builder answers. */
export async function lockedPageRowOrThrow(ctx: RequestContext, pageId: EntityId): Promise<EntityRow> {
  // A lock for the page's write, held whatever the writer may read.
  const db = systemQuery(ctx.db, 'write integrity');
  const [row] = await selectLockedEntities(db, ctx.engine, ctx.tenantId, [pageId]);
  if (!row || row.typeId !== sysType.appPage) throw notFound(M.pageNotFound);
  return row;
}

/** The app a page is in, or the 404 of a page that is in none. */
export async function appIdOfPage(ctx: RequestContext, pageId: EntityId): Promise<EntityId> {
  const appId = first(await targetsOf(ctx, sysRel.pageInApp, 'fwd', [pageId]), pageId);
  if (appId === null) throw notFound(M.pageNotFound);
  return appId;
}

/** Who last saved a record, for a conflict's message and details. */
export async function lastSaverOf(ctx: RequestContext, row: EntityRow): Promise<LastSaver> {
  if (row.modifiedBy === null) return { name: null, isCaller: false };
  const [user] = await tenantScope(ctx).readRecords([row.modifiedBy]);
  return { name: user?.name ?? null, isCaller: row.modifiedBy === ctx.actor.userId };
}

/** Every setting of an app (spec 01 §3), from its record and links. */
export function appSettingsOf(
  app: AppRecord,
  roleIds: readonly EntityId[],
  defaultPageId: EntityId | null,
): AppSettings {
  const { row } = app;
  return {
    name: app.name,
    slug: app.slug,
    alias: row.alias,
    displayAlias: app.displayAlias,
    description: app.description,
    icon: app.icon,
    version: app.version,
    isEnabled: app.isEnabled,
    allowsAnonymous: app.allowsAnonymous,
    menuShowDefault: app.menuShowDefault,
    menuShowAppName: app.menuShowAppName,
    menuAppNameHome: app.menuAppNameHome,
    menuAppNameAlign: app.menuAppNameAlign,
    theme: textOf(row, F.uiAppTheme),
    headerBackgroundColour: app.headerBackgroundColour,
    headerTextColour: app.headerTextColour,
    footerText: app.footerText,
    allowedDisplayRoleIds: [...roleIds].sort((a, b) => a - b),
    defaultPageId,
  };
}

/** The input type of a stored version's content, read without checking the rest. */
function contextTypeIn(row: EntityRow | undefined): EntityId | null {
  const stored = row?.data[String(F.pageVersionContent)];
  if (typeof stored !== 'string') return null;
  try {
    const id = (JSON.parse(stored) as { contextEntityTypeId?: unknown }).contextEntityTypeId;
    return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** Each page's input type as the builder edits it: its draft's, else its published version's. */
async function builderContextTypes(
  ctx: RequestContext,
  pageIds: readonly EntityId[],
): Promise<Map<EntityId, EntityId | null>> {
  const [drafts, published] = await Promise.all([
    targetsOf(ctx, sysRel.pageDraftVersion, 'fwd', pageIds),
    targetsOf(ctx, sysRel.pagePublishedVersion, 'fwd', pageIds),
  ]);
  const versionOf = (id: EntityId) => first(drafts, id) ?? first(published, id);
  const ids = pageIds.map(versionOf).filter((v): v is EntityId => v !== null);
  const rows = new Map((await tenantScope(ctx).readRecords(ids)).map((r) => [r.id, r]));
  return new Map(pageIds.map((id) => [id, contextTypeIn(rows.get(versionOf(id) ?? 0))]));
}

/** The pages of an app as the builder lists them, in id order. */
export async function builderPagesOf(ctx: RequestContext, appId: EntityId): Promise<BuilderPageRef[]> {
  const pages = await selectPagesOfApp(ctx, appId);
  const types = await builderContextTypes(
    ctx,
    pages.map((p) => p.id),
  );
  return pages.map((p) => ({
    id: p.id,
    name: p.name,
    slug: p.slug,
    type: p.type,
    contextEntityTypeId: types.get(p.id) ?? null,
    upgradeId: textOf(p.row, F.upgradeId),
    revision: p.row.version,
  }));
}

/** An app with its settings, menu and pages, as the settings dialog and the builder read it. */
export async function appSettingsResponseOf(
  ctx: RequestContext,
  appId: EntityId,
): Promise<AppSettingsResponse> {
  const app = appRecordOf(await appRowOrThrow(ctx, appId));
  const [roles, defaults, pages] = await Promise.all([
    targetsOf(ctx, sysRel.allowedDisplayUiAppBy, 'fwd', [appId]),
    targetsOf(ctx, sysRel.appsDefaultPage, 'fwd', [appId]),
    builderPagesOf(ctx, appId),
  ]);
  return {
    id: app.id,
    revision: app.row.version,
    isSharedApp: app.isSharedApp,
    settings: appSettingsOf(app, roles.get(appId) ?? [], first(defaults, appId)),
    menu: app.menu,
    pages,
    modifiedAt: app.row.modifiedAt,
  };
}

/**
 * The links of a page, read in one statement: every link that starts or ends at it (its app, its
 * versions, its settings' links, and the app or type it is the default page of).
 */
export interface PageLinks {
  /** The records the page links to by a relationship, in the order stored. */
  to(relId: EntityId): EntityId[];
  /** The records that link to the page by a relationship. */
  from(relId: EntityId): EntityId[];
}

export async function pageLinksOf(ctx: RequestContext, pageId: EntityId): Promise<PageLinks> {
  const links = await selectLinksTouching(ctx.db, ctx.tenantId, [pageId]);
  return {
    to: (relId) => links.filter((l) => l.relId === relId && l.fromId === pageId).map((l) => l.toId),
    from: (relId) => links.filter((l) => l.relId === relId && l.toId === pageId).map((l) => l.fromId),
  };
}

/** The app a page's links put it in, or the 404 of a page that is in none. */
export function appIdIn(links: PageLinks): EntityId {
  const appId = links.to(sysRel.pageInApp)[0];
  if (appId === undefined) throw notFound(M.pageNotFound);
  return appId;
}

/** A page's own settings, from its record and links. */
function pageSettingsOf(row: EntityRow, links: PageLinks): BuilderPageSettings {
  const page = pageRecordOf(row);
  return {
    name: page.name,
    slug: page.slug,
    description: page.description,
    type: page.type,
    hidden: page.hidden,
    showMenu: page.showMenu,
    showInSitemap: page.showInSitemap,
    icon: page.icon,
    iconBackgroundColor: textOf(row, F.appPageIconBackgroundColor),
    allowedDisplayRoleIds: [...links.to(sysRel.allowedDisplayAppPageBy)].sort((a, b) => a - b),
    alternateMultistepPageId: links.to(sysRel.alternateMultistepPage)[0] ?? null,
    alternateEditRecordPageId: links.to(sysRel.alternateEditRecordPage)[0] ?? null,
  };
}

/** The content the builder edits and whether it is a draft: the draft's, else the published version's. */
function editedVersion(
  rows: ReadonlyMap<EntityId, EntityRow>,
  draftId: EntityId | undefined,
  publishedId: EntityId | undefined,
) {
  const id = draftId ?? publishedId;
  const row = id === undefined ? undefined : rows.get(id);
  if (!row || row.typeId !== sysType.pageVersion) return { content: newPageContent(), hasDraft: false };
  return { content: versionContentOf(row).content, hasDraft: id === draftId };
}

/**
 * A page as the builder edits it: its settings, and its draft (else its published version) with
 * the revision a save sends back (decision 0113). Three statements: the page's links, then its
 * record, its app's, its version's and its last saver's (unless a save has just given `savedDraft`,
 * the content it checked and wrote as the draft); another only when someone other than the caller
 * saved the page last.
 */
export async function builderPageOf(
  ctx: RequestContext,
  pageId: EntityId,
  savedDraft?: PageVersionContent,
): Promise<BuilderPageResponse> {
  const links = await pageLinksOf(ctx, pageId);
  const appId = links.to(sysRel.pageInApp)[0];
  const draftId = links.to(sysRel.pageDraftVersion)[0];
  const publishedId = links.to(sysRel.pagePublishedVersion)[0];
  const versionId = savedDraft ? undefined : (draftId ?? publishedId);
  const wanted = [pageId, appId, versionId, ctx.actor.userId];
  const ids = wanted.filter((id): id is EntityId => typeof id === 'number');
  const rows = new Map((await tenantScope(ctx).readRecords(ids)).map((r) => [r.id, r]));
  const row = rows.get(pageId);
  if (!row || row.typeId !== sysType.appPage || appId === undefined) throw notFound(M.pageNotFound);
  const appRow = rows.get(appId);
  if (!appRow || appRow.typeId !== sysType.app) throw notFound(M.appNotFound);
  const app = appRecordOf(appRow);
  const saver = rows.has(row.modifiedBy ?? 0)
    ? { name: rows.get(row.modifiedBy!)!.name }
    : await lastSaverOf(ctx, row);
  const version = savedDraft
    ? { content: savedDraft, hasDraft: true }
    : editedVersion(rows, draftId, publishedId);
  return {
    id: row.id,
    app: { id: app.id, slug: app.slug, name: app.name, revision: app.row.version },
    revision: row.version,
    upgradeId: textOf(row, F.upgradeId),
    settings: pageSettingsOf(row, links),
    isDefaultPage: links.from(sysRel.appsDefaultPage).includes(appId),
    isDefaultEditRecordPage: links.from(sysRel.defaultEditRecordPage).length > 0,
    content: version.content,
    hasDraft: version.hasDraft,
    hasPublishedVersion: publishedId !== undefined,
    modifiedAt: row.modifiedAt,
    modifiedBy: saver.name,
  };
}

/** The id of an app by slug (case-insensitive), or the 404 the builder answers. */
export async function appIdBySlug(ctx: RequestContext, slug: string): Promise<EntityId> {
  const wanted = slug.toLowerCase();
  const app = (await selectApps(ctx)).find((a) => a.slug.toLowerCase() === wanted);
  if (!app) throw notFound(M.appNotFound);
  return app.id;
}
