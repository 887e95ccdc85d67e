import {
  appMenu,
  currentPageVersionFormat,
  type EntityId,
  type EntityRef,
  sysField as F,
  migratePageVersionContent,
  pageContentProblems,
  pageTypes,
  safeJson,
  sysRel,
  sysType,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type EntityRow, selectEntities, selectLinksOfRels } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import type { MemberError } from '../entities/relationshipChanges.js';
import type { SystemRecord } from '../entities/systemTypes.js';
import { appMessages as M, nameLength, slugPattern } from './appMessages.js';
import { type AppRecord, type PageRecord, selectApps, selectPagesOfApp, targetsOf } from './appRecords.js';
import { multistepPlacementErrors } from './multistepPlacement.js';
import { checkedContentOf, versionContentOf } from './pageVersions.js';

type Refer = (id: EntityId) => EntityRef;

/** The links from a page to its published and draft versions. */
const versionRels = [sysRel.pagePublishedVersion, sysRel.pageDraftVersion];

const str = (row: EntityRow, field: number): string | undefined => {
  const v = row.data[String(field)];
  return typeof v === 'string' ? v : undefined;
};

function nameAndSlugErrors(
  row: EntityRow,
  slugMember: string,
  slugField: number,
  lengthMessage: string,
  refOf: Refer,
): MemberError[] {
  const errors: MemberError[] = [];
  const name = (row.name ?? '').trim();
  if (name.length < nameLength.min || name.length > nameLength.max)
    errors.push({ id: refOf(row.id), member: 'name', message: lengthMessage });
  const slug = str(row, slugField) ?? '';
  if (slug === '') errors.push({ id: refOf(row.id), member: slugMember, message: M.slugRequired });
  else if (!slugPattern.test(slug))
    errors.push({ id: refOf(row.id), member: slugMember, message: M.slugCharacters });
  return errors;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

function appErrors(row: EntityRow, apps: readonly AppRecord[], refOf: Refer): MemberError[] {
  const errors = nameAndSlugErrors(row, 'uiAppSlug', F.uiAppSlug, M.appNameLength, refOf);
  const others = apps.filter((a) => a.id !== row.id);
  const slug = str(row, F.uiAppSlug);
  if (slug && others.some((a) => same(a.slug, slug)))
    errors.push({ id: refOf(row.id), member: 'uiAppSlug', message: M.appSlugTaken });
  if (row.name && others.some((a) => same(a.name, row.name)))
    errors.push({ id: refOf(row.id), member: 'name', message: M.appNameTaken });
  const menu = str(row, F.uiAppMenu);
  if (menu !== undefined && menu !== '' && !appMenu.safeParse(safeJson(menu)).success)
    errors.push({ id: refOf(row.id), member: 'uiAppMenu', message: M.menuShape });
  const configuration = str(row, F.uiAppConfiguration);
  if (configuration !== undefined && configuration !== '') {
    const value = safeJson(configuration);
    if (!value || typeof value !== 'object' || Array.isArray(value))
      errors.push({ id: refOf(row.id), member: 'uiAppConfiguration', message: M.configurationShape });
  }
  const align = str(row, F.uiAppMenuAppNameAlign);
  if (align !== undefined && !['left', 'center', 'right'].includes(align))
    errors.push({ id: refOf(row.id), member: 'uiAppMenuAppNameAlign', message: M.appNameAlign });
  return errors;
}

/**
 * What the checks of one put read about apps and pages, each read once: the apps pages are in and
 * the pages of apps (the checks only read, so nothing changes between them).
 */
function appReads(ctx: RequestContext) {
  const appsOfPage = new Map<EntityId, EntityId[]>();
  const pagesOfApp = new Map<EntityId, Promise<PageRecord[]>>();
  return {
    async appsOf(pageIds: readonly EntityId[]): Promise<ReadonlyMap<EntityId, EntityId[]>> {
      const unread = pageIds.filter((id) => !appsOfPage.has(id));
      const found = await targetsOf(ctx, sysRel.pageInApp, 'fwd', unread);
      for (const id of unread) appsOfPage.set(id, found.get(id) ?? []);
      return appsOfPage;
    },
    pagesOf(appId: EntityId): Promise<PageRecord[]> {
      if (!pagesOfApp.has(appId)) pagesOfApp.set(appId, selectPagesOfApp(ctx, appId));
      return pagesOfApp.get(appId)!;
    },
  };
}
type AppReads = ReturnType<typeof appReads>;

async function pageErrors(reads: AppReads, rows: readonly EntityRow[], refOf: Refer) {
  const errors: MemberError[] = [];
  const appOf = await reads.appsOf(rows.map((r) => r.id));
  for (const row of rows) {
    errors.push(...nameAndSlugErrors(row, 'appPageSlug', F.appPageSlug, M.pageNameLength, refOf));
    const type = str(row, F.appPageType);
    if (type !== undefined && !(pageTypes as readonly string[]).includes(type))
      errors.push({ id: refOf(row.id), member: 'appPageType', message: M.pageType });
    const appId = appOf.get(row.id)?.[0];
    if (appId === undefined) continue; // the mandatory pageInApp is the entity service's to refuse
    const others = (await reads.pagesOf(appId)).filter((p) => p.id !== row.id);
    const slug = str(row, F.appPageSlug);
    if (slug && others.some((p) => same(p.slug, slug)))
      errors.push({ id: refOf(row.id), member: 'appPageSlug', message: M.pageSlugTaken });
    if (row.name && others.some((p) => same(p.name, row.name)))
      errors.push({ id: refOf(row.id), member: 'name', message: M.pageNameTaken });
  }
  return errors;
}

/** Messages that are the spec's own are shown as they are; shape problems say where. */
const verbatim = new Set([
  'Invalid format. The value must not contain spaces.',
  'Another component already has this Id.',
  'Unknown component type',
]);

function versionErrors(ctx: RequestContext, row: EntityRow, refOf: Refer): MemberError[] {
  const member = 'pageVersionContent';
  const error = (message: string): MemberError[] => [{ id: refOf(row.id), member, message }];
  const format = row.data[String(F.pageVersionFormat)];
  const stored = str(row, F.pageVersionContent) ?? '';
  // A text a save has just checked (the builder's) is not parsed and checked again.
  const checked = checkedContentOf(stored, format);
  if (checked)
    return checked.contextEntityTypeId !== null && !ctx.schema.type(checked.contextEntityTypeId)
      ? error(M.inputType)
      : [];
  const raw = safeJson(stored);
  if (raw === undefined) return error(M.contentJson);
  let content: unknown;
  try {
    content = migratePageVersionContent(raw, typeof format === 'number' ? format : currentPageVersionFormat);
  } catch {
    return error(M.contentFormat);
  }
  if (typeof format === 'number' && format > currentPageVersionFormat) return error(M.contentFormat);
  const problems = pageContentProblems(content);
  if (problems.length > 0)
    return problems.map((p) => ({
      id: refOf(row.id),
      member,
      message:
        verbatim.has(p.message) ||
        p.message.startsWith('The component cannot be added.') ||
        p.message.startsWith("Page variable '")
          ? p.message
          : `At ${p.path}: ${p.message}`,
    }));
  const typeId = (content as { contextEntityTypeId?: unknown }).contextEntityTypeId;
  if (typeof typeId === 'number' && !ctx.schema.type(typeId)) return error(M.inputType);
  return [];
}

/**
 * The apps whose home and menu pages a batch may have changed: its apps, the apps of its pages and
 * of the pages its versions belong to.
 */
async function touchedApps(
  ctx: RequestContext,
  reads: AppReads,
  rows: readonly EntityRow[],
): Promise<Set<EntityId>> {
  const apps = new Set(rows.filter((r) => r.typeId === sysType.app).map((r) => r.id));
  const versions = rows.filter((r) => r.typeId === sysType.pageVersion).map((r) => r.id);
  const pages = new Set(rows.filter((r) => r.typeId === sysType.appPage).map((r) => r.id));
  for (const link of await selectLinksOfRels(ctx.db, ctx.tenantId, versionRels, 'to_id', versions))
    pages.add(link.fromId);
  const appsOf = await reads.appsOf([...pages]);
  for (const page of pages) for (const a of appsOf.get(page) ?? []) apps.add(a);
  return apps;
}

/** Pages (of the given ones) whose published or draft version takes a record as input. */
async function pagesWithInput(ctx: RequestContext, pageIds: readonly EntityId[]): Promise<Set<EntityId>> {
  const out = new Set<EntityId>();
  const byVersion = new Map<EntityId, EntityId>();
  for (const link of await selectLinksOfRels(ctx.db, ctx.tenantId, versionRels, 'from_id', pageIds))
    byVersion.set(link.toId, link.fromId);
  if (byVersion.size === 0) return out;
  const everyVersion = systemQuery(ctx.db, 'write integrity');
  for (const row of await selectEntities(everyVersion, ctx.tenantId, [...byVersion.keys()])) {
    if (versionContentOf(row).content.contextEntityTypeId !== null) out.add(byVersion.get(row.id)!);
  }
  return out;
}

/** Home and menu pages take no record as input (spec 01 §5). */
async function inputErrors(
  ctx: RequestContext,
  reads: AppReads,
  written: readonly EntityRow[],
  refOf: Refer,
): Promise<MemberError[]> {
  const appIds = await touchedApps(ctx, reads, written);
  if (appIds.size === 0) return [];
  const errors: MemberError[] = [];
  const writtenIds = new Set(written.map((r) => r.id));
  const apps = (await selectApps(ctx)).filter((a) => appIds.has(a.id));
  const defaults = await targetsOf(ctx, sysRel.appsDefaultPage, 'fwd', [...appIds]);
  for (const app of apps) {
    const pages = await reads.pagesOf(app.id);
    const pageIds = new Set(pages.map((p) => p.id));
    const defaultId = defaults.get(app.id)?.[0];
    const blame = (pageId: EntityId): { id: EntityRef; member: string } =>
      writtenIds.has(app.id) || !writtenIds.has(pageId)
        ? { id: refOf(app.id), member: 'appsDefaultPage' }
        : { id: refOf(pageId), member: 'pageInApp' };
    if (defaultId !== undefined && !pageIds.has(defaultId))
      errors.push({ id: refOf(app.id), member: 'appsDefaultPage', message: M.defaultPageElsewhere });
    const menu = app.menu;
    const inMenu = new Set(
      [...menu.menuOrder, ...menu.menuFolders.flatMap((f) => f.childOrder)]
        .filter((i) => /^\d+$/.test(i))
        .map(Number),
    );
    const candidates = [...new Set([...(defaultId !== undefined ? [defaultId] : []), ...inMenu])].filter(
      (id) => pageIds.has(id),
    );
    const withInput = await pagesWithInput(ctx, candidates);
    if (defaultId !== undefined && withInput.has(defaultId))
      errors.push({ ...blame(defaultId), message: M.homePageInput });
    for (const id of inMenu)
      if (withInput.has(id) && id !== defaultId) {
        const at = blame(id);
        errors.push({
          ...at,
          member: at.member === 'appsDefaultPage' ? 'uiAppMenu' : at.member,
          message: M.menuPageInput,
        });
      }
  }
  return errors;
}

/** The checks of a put's written apps, pages and page versions (spec 01 §5, decision 0064). */
export async function validateApps(
  ctx: RequestContext,
  records: ReadonlyArray<SystemRecord<undefined>>,
  refOf: Refer,
): Promise<MemberError[]> {
  const rows = records.map((r) => r.row);
  const errors: MemberError[] = [];
  const appRows = rows.filter((r) => r.typeId === sysType.app);
  if (appRows.length > 0) {
    const apps = await selectApps(ctx);
    for (const row of appRows) errors.push(...appErrors(row, apps, refOf));
  }
  const reads = appReads(ctx);
  errors.push(
    ...(await pageErrors(
      reads,
      rows.filter((r) => r.typeId === sysType.appPage),
      refOf,
    )),
  );
  for (const row of rows.filter((r) => r.typeId === sysType.pageVersion))
    errors.push(...versionErrors(ctx, row, refOf));
  if (errors.length === 0) errors.push(...(await multistepPlacementErrors(ctx, rows, refOf)));
  if (errors.length > 0) return errors;
  return inputErrors(ctx, reads, rows, refOf);
}
