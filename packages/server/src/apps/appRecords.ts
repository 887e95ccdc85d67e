import {
  type AppMenu,
  type EntityId,
  sysField as F,
  type PageSummary,
  type PageType,
  pageTypes,
  readAppMenu,
  sysRecord,
  sysRel,
  sysType,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type EntityRow, selectEntities, selectLinks, toEntityRow } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';

/** Reading one stored value of a record by its catalogue field. */
const value = (row: EntityRow, field: number): unknown => row.data[String(field)];
const text = (row: EntityRow, field: number): string | null => {
  const v = value(row, field);
  return typeof v === 'string' && v !== '' ? v : null;
};
const flag = (row: EntityRow, field: number, initial: boolean): boolean => {
  const v = value(row, field);
  return typeof v === 'boolean' ? v : initial;
};

/** Aliases of apps that are never listed or run as apps (spec 01 §2, §6). */
export const unlistedAppAliases: ReadonlySet<string> = new Set(['core:adminApp', 'core:sharedApp']);

/** An app record as the runner reads it, with the spec's initial values for what it does not hold. */
export interface AppRecord {
  row: EntityRow;
  id: EntityId;
  slug: string;
  name: string;
  displayAlias: string | null;
  description: string | null;
  version: string;
  icon: string | null;
  isEnabled: boolean;
  allowsAnonymous: boolean;
  isSharedApp: boolean;
  menu: AppMenu;
  menuShowDefault: boolean;
  menuShowAppName: boolean;
  menuAppNameHome: boolean;
  menuAppNameAlign: 'left' | 'center' | 'right';
  footerText: string | null;
  headerBackgroundColour: string | null;
  headerTextColour: string | null;
  /** The theme's id as stored (decision 0122); the runner reads an unknown one as the default. */
  theme: string | null;
}

export function appRecordOf(row: EntityRow): AppRecord {
  const align = text(row, F.uiAppMenuAppNameAlign);
  return {
    row,
    id: row.id,
    slug: text(row, F.uiAppSlug) ?? String(row.id),
    name: row.name ?? '',
    displayAlias: text(row, F.uiAppAlias),
    description: text(row, F.description),
    version: text(row, F.uiAppVersion) ?? '1.0.0',
    icon: text(row, F.uiAppIcon),
    isEnabled: flag(row, F.uiAppEnabled, false),
    allowsAnonymous: flag(row, F.uiAppAnonymousAccess, false),
    isSharedApp: row.id === sysRecord.sharedApp,
    menu: readAppMenu(value(row, F.uiAppMenu)).menu,
    menuShowDefault: flag(row, F.uiAppMenuShowDefault, true),
    menuShowAppName: flag(row, F.uiAppMenuShowAppName, false),
    menuAppNameHome: flag(row, F.uiAppMenuAppNameHome, false),
    menuAppNameAlign: align === 'center' || align === 'right' ? align : 'left',
    footerText: text(row, F.uiAppFooterText),
    headerBackgroundColour: text(row, F.uiAppHeaderBackgroundColour),
    headerTextColour: text(row, F.uiAppHeaderTextColour),
    theme: text(row, F.uiAppTheme),
  };
}

/** A page record as the runner reads it. */
export interface PageRecord {
  row: EntityRow;
  id: EntityId;
  name: string;
  slug: string;
  description: string | null;
  type: PageType;
  hidden: boolean;
  showMenu: boolean;
  showInSitemap: boolean;
  icon: string | null;
}

export function pageRecordOf(row: EntityRow): PageRecord {
  const type = text(row, F.appPageType);
  return {
    row,
    id: row.id,
    name: row.name ?? '',
    slug: text(row, F.appPageSlug) ?? String(row.id),
    description: text(row, F.description),
    type: (pageTypes as readonly string[]).includes(type ?? '') ? (type as PageType) : 'default',
    hidden: flag(row, F.appPageHidden, false),
    showMenu: flag(row, F.appPageShowMenu, true),
    showInSitemap: flag(row, F.appPageShowInSitemap, true),
    icon: text(row, F.appPageIcon),
  };
}

/**
 * Every app of the caller's tenant (a tenant has few), shared app included; or those of `ids`.
 * Apps, pages and their versions are read whatever the read rules: display rules govern the
 * runner (decision 0063), and the builder is for administrators.
 */
export async function selectApps(ctx: RequestContext, ids?: readonly EntityId[]): Promise<AppRecord[]> {
  if (ids?.length === 0) return [];
  let query = systemQuery(ctx.db, 'display rules')
    .selectFrom('entities')
    .selectAll()
    .where('tenant_id', '=', ctx.tenantId)
    .where('type_id', '=', sysType.app);
  if (ids) query = query.where('id', 'in', [...ids]);
  const rows = await query.execute();
  return rows.map((r) => appRecordOf(toEntityRow(r)));
}

/** The records' targets of one relationship, by record. */
export async function targetsOf(
  ctx: RequestContext,
  relId: EntityId,
  direction: 'fwd' | 'rev',
  ids: readonly EntityId[],
): Promise<Map<EntityId, EntityId[]>> {
  const out = new Map<EntityId, EntityId[]>();
  if (ids.length === 0) return out;
  for (const link of await selectLinks(ctx.db, ctx.tenantId, relId, direction, ids)) {
    const [from, to] = direction === 'fwd' ? [link.fromId, link.toId] : [link.toId, link.fromId];
    out.set(from, [...(out.get(from) ?? []), to]);
  }
  return out;
}

/** The pages of an app, in id order. */
export async function selectPagesOfApp(ctx: RequestContext, appId: EntityId): Promise<PageRecord[]> {
  const ids = (await targetsOf(ctx, sysRel.pageInApp, 'rev', [appId])).get(appId) ?? [];
  const rows = await selectEntities(systemQuery(ctx.db, 'display rules'), ctx.tenantId, ids);
  return rows
    .filter((r) => r.typeId === sysType.appPage)
    .sort((a, b) => a.id - b.id)
    .map(pageRecordOf);
}

/** One page by id, with the app it is in; undefined when there is no such page. */
export async function selectPage(
  ctx: RequestContext,
  pageId: EntityId,
): Promise<{ page: PageRecord; appId: EntityId | undefined } | undefined> {
  const [row] = await selectEntities(systemQuery(ctx.db, 'display rules'), ctx.tenantId, [pageId]);
  if (!row || row.typeId !== sysType.appPage) return undefined;
  const appId = (await targetsOf(ctx, sysRel.pageInApp, 'fwd', [pageId])).get(pageId)?.[0];
  return { page: pageRecordOf(row), appId };
}

/** The summary of a page the runner lists (contracts/appContracts.ts). */
export function pageSummaryOf(
  page: PageRecord,
  contextEntityTypeId: EntityId | null,
  isDefaultEditRecordPage: boolean,
): PageSummary {
  return {
    id: page.id,
    name: page.name,
    slug: page.slug,
    description: page.description,
    type: page.type,
    hidden: page.hidden,
    showMenu: page.showMenu,
    showInSitemap: page.showInSitemap,
    icon: page.icon,
    contextEntityTypeId,
    isDefaultEditRecordPage,
  };
}
