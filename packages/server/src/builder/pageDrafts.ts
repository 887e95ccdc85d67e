import {
  type BuilderPageResponse,
  type BuilderPageSettings,
  type CreatePageRequest,
  currentPageVersionFormat,
  type EntityChange,
  type EntityId,
  newPageContent,
  type PageVersionContent,
  type PublishPageRequest,
  pageSettingsProblems,
  placePages,
  type SavePageRequest,
  sysRel,
  uniqueSlug,
} from '@plinth/schema';
import { appRecordOf, pageRecordOf, selectPagesOfApp, targetsOf } from '../apps/appRecords.js';
import { keepCheckedContent } from '../apps/pageVersions.js';
import type { RequestContext } from '../context.js';
import { type EntityRow, lockEntities } from '../data/entityRepository.js';
import { inTransaction } from '../entities/transaction.js';
import { checkAlternates } from './alternateChecks.js';
import { pageConflict } from './builderMessages.js';
import {
  appIdIn,
  appRowOrThrow,
  builderPageOf,
  lastSaverOf,
  lockedPageRowOrThrow,
  pageLinksOf,
  pageRowOrThrow,
} from './builderRecords.js';
import {
  checkedContent,
  claimDefaultEditForm,
  isStaleWrite,
  menuChange,
  pageMembers,
  problemsOf,
  putForBuilder,
  settingsRefused,
} from './builderWrites.js';

/** Where each page setting is stored: a field of the page record, by script name. */
const fieldOf: Record<
  Exclude<
    keyof BuilderPageSettings,
    'allowedDisplayRoleIds' | 'alternateMultistepPageId' | 'alternateEditRecordPageId'
  >,
  string
> = {
  name: 'name',
  slug: 'appPageSlug',
  description: 'description',
  type: 'appPageType',
  hidden: 'appPageHidden',
  showMenu: 'appPageShowMenu',
  showInSitemap: 'appPageShowInSitemap',
  icon: 'appPageIcon',
  iconBackgroundColor: 'appPageIconBackgroundColor',
};

const relOf = {
  allowedDisplayRoleIds: 'allowedDisplayAppPageBy',
  alternateMultistepPageId: 'alternateMultistepPage',
  alternateEditRecordPageId: 'alternateEditRecordPage',
} as const;

/** The fields and links of a page record that write the given settings. */
function pageSettingsChange(given: Partial<BuilderPageSettings>): {
  fields: Record<string, unknown>;
  relationships: NonNullable<EntityChange['relationships']>;
} {
  const fields: Record<string, unknown> = {};
  const relationships: NonNullable<EntityChange['relationships']> = {};
  for (const [key, value] of Object.entries(given) as Array<[keyof BuilderPageSettings, unknown]>) {
    if (value === undefined) continue;
    if (key in relOf) {
      const ids = Array.isArray(value) ? value : value === null ? [] : [value];
      relationships[relOf[key as keyof typeof relOf]] = { set: ids as number[] };
    } else if (typeof value === 'string' || value === null) {
      const text = (value ?? '').trim();
      fields[fieldOf[key as keyof typeof fieldOf]] =
        text === '' && key !== 'name' && key !== 'slug' ? null : text;
    } else fields[fieldOf[key as keyof typeof fieldOf]] = value;
  }
  return { fields, relationships };
}

/** A version record's fields holding a content. */
const versionFields = (name: string, content: PageVersionContent) => ({
  name,
  pageVersionContent: JSON.stringify(content),
  pageVersionFormat: currentPageVersionFormat,
});

/**
 * A version record's fields holding a content checkedContent answered: its text is kept as read,
 * so the page rules' checks of the write and later reads take the content as it is.
 */
function checkedVersionFields(name: string, content: PageVersionContent) {
  const fields = versionFields(name, content);
  keepCheckedContent(fields.pageVersionContent, content);
  return fields;
}

/** The spec 01 §5 name and slug rules on the settings a page would have, against its app's others. */
async function checkPageSettings(
  ctx: RequestContext,
  appId: EntityId,
  pageId: EntityId | null,
  name: string,
  slug: string,
) {
  const others = await selectPagesOfApp(ctx, appId);
  const problems = problemsOf(pageSettingsProblems({ id: pageId, name, slug }, others));
  if (problems.length > 0) throw settingsRefused(problems);
}

/**
 * The name and slug rules on a save's settings. A name and slug the page already has are checked
 * without reading the app's other pages: the entity service's checks of the page record, in the
 * same transaction, refuse one another page of the app has taken (validateApps).
 */
async function checkSavedSettings(
  ctx: RequestContext,
  appId: EntityId,
  page: { id: EntityId; name: string; slug: string },
  name: string,
  slug: string,
) {
  if (name !== page.name || slug !== page.slug) return checkPageSettings(ctx, appId, page.id, name, slug);
  const problems = problemsOf(pageSettingsProblems({ id: page.id, name, slug }, []));
  if (problems.length > 0) throw settingsRefused(problems);
}

/** A save's content as the page model accepts it; a refused content of a missing page is its 404. */
async function checkedSavedContent(ctx: RequestContext, pageId: EntityId, content: unknown) {
  try {
    return checkedContent(ctx, content);
  } catch (error) {
    await pageRowOrThrow(ctx, pageId);
    throw error;
  }
}

/** The 409 of a write over a page someone saved since it was loaded (decision 0113). */
async function conflictOf(ctx: RequestContext, row: EntityRow) {
  const saver = await lastSaverOf(ctx, row);
  return pageConflict(row.name ?? '', saver, {
    revision: row.version,
    modifiedAt: row.modifiedAt,
    modifiedBy: saver.name,
  });
}

/**
 * Runs a write of one page over the revision its builder loaded: the page is locked and read first, a
 * revision someone saved since is a 409, and so is the entity service's own stale refusal (a
 * version record changed under the write), so nothing of either save is lost.
 */
export async function writePage<T>(
  ctx: RequestContext,
  pageId: EntityId,
  revision: number | undefined,
  work: (tx: RequestContext, row: EntityRow) => Promise<T>,
): Promise<T> {
  try {
    return await inTransaction(ctx, async (tx) => {
      const row = await lockedPageRowOrThrow(tx, pageId);
      if (revision !== undefined && row.version !== revision) throw await conflictOf(tx, row);
      return work(tx, row);
    });
  } catch (error) {
    if (!isStaleWrite(error)) throw error;
    throw await conflictOf(ctx, await pageRowOrThrow(ctx, pageId));
  }
}

/**
 * Saves a page's settings and its whole content as its draft (issue 20 item 5): the content is
 * checked against the page model first, and the page's revision moves on, so a builder that
 * loaded the page before this save is refused (item 6). The runner keeps showing the published
 * version; a preview shows the draft.
 */
export async function savePageDraft(
  ctx: RequestContext,
  pageId: EntityId,
  req: SavePageRequest,
): Promise<BuilderPageResponse> {
  const content = await checkedSavedContent(ctx, pageId, req.content);
  const given = req.settings ?? {};
  await writePage(ctx, pageId, req.revision, async (tx, row) => {
    const links = await pageLinksOf(tx, pageId);
    const appId = appIdIn(links);
    const page = pageRecordOf(row);
    const name = given.name?.trim() ?? page.name;
    await checkSavedSettings(tx, appId, page, name, given.slug?.trim() ?? page.slug);
    const stored = (relId: EntityId) => links.to(relId)[0] ?? null;
    await checkAlternates(
      tx,
      appId,
      { id: pageId, name, type: given.type ?? page.type, contextEntityTypeId: content.contextEntityTypeId },
      {
        alternateMultistepPageId:
          given.alternateMultistepPageId !== undefined
            ? given.alternateMultistepPageId
            : stored(sysRel.alternateMultistepPage),
        alternateEditRecordPageId:
          given.alternateEditRecordPageId !== undefined
            ? given.alternateEditRecordPageId
            : stored(sysRel.alternateEditRecordPage),
      },
    );
    const draftId = links.to(sysRel.pageDraftVersion)[0];
    const { fields, relationships } = pageSettingsChange(given);
    const entities: EntityChange[] = [
      {
        id: pageId,
        version: req.revision,
        fields,
        relationships: { ...relationships, ...(draftId ? {} : { pageDraftVersion: { set: ['new:draft'] } }) },
      },
      draftId
        ? { id: draftId, fields: checkedVersionFields(name, content) }
        : { id: 'new:draft', typeId: 'core:pageVersion', fields: checkedVersionFields(name, content) },
    ];
    await putForBuilder(tx, { entities, deleted: [] }, pageMembers);
    await claimDefaultEditForm(tx, pageId, given.type ?? page.type, content.contextEntityTypeId);
  });
  // The answer holds the content just checked and written, not the stored text read and parsed again.
  return builderPageOf(ctx, pageId, content);
}

/**
 * Publishes a page's draft (issue 20 item 5): the draft becomes the published version the
 * runner shows, and the version it replaces goes. A page without a draft stays as it is.
 */
export async function publishPage(
  ctx: RequestContext,
  pageId: EntityId,
  req: PublishPageRequest,
): Promise<BuilderPageResponse> {
  await writePage(ctx, pageId, req.revision, async (tx) => {
    const [drafts, published] = await Promise.all([
      targetsOf(tx, sysRel.pageDraftVersion, 'fwd', [pageId]),
      targetsOf(tx, sysRel.pagePublishedVersion, 'fwd', [pageId]),
    ]);
    const draftId = drafts.get(pageId)?.[0];
    const publishedId = published.get(pageId)?.[0];
    if (draftId === undefined) return;
    await putForBuilder(
      tx,
      {
        entities: [
          {
            id: pageId,
            version: req.revision,
            relationships: { pagePublishedVersion: { set: [draftId] }, pageDraftVersion: { set: [] } },
          },
        ],
        deleted: publishedId === undefined ? [] : [publishedId],
      },
      pageMembers,
    );
  });
  return builderPageOf(ctx, pageId);
}

/**
 * A new page of an app: published empty (so the runner never links to a page it cannot show),
 * with the content given as its draft; in the menu unless it takes a record as input, which only
 * the other pages may (spec 01 §5).
 */
export async function createPage(
  ctx: RequestContext,
  appId: EntityId,
  req: CreatePageRequest,
): Promise<BuilderPageResponse> {
  await appRowOrThrow(ctx, appId);
  const content = req.content === undefined ? newPageContent() : checkedContent(ctx, req.content);
  const name = req.name.trim();
  const pageType = req.type ?? 'default';
  const list = req.list ?? (content.contextEntityTypeId === null ? 'menu' : 'other');
  const pageId = await inTransaction(ctx, async (tx) => {
    await lockEntities(tx.db, tx.engine, tx.tenantId, [appId]);
    const pages = await selectPagesOfApp(tx, appId);
    const slug =
      req.slug?.trim() ||
      uniqueSlug(
        name,
        pages.map((p) => p.slug),
        'page',
      );
    await checkPageSettings(tx, appId, null, name, slug);
    const published = newPageContent([], { contextEntityTypeId: content.contextEntityTypeId });
    const made = await putForBuilder(
      tx,
      {
        entities: [
          { id: 'new:published', typeId: 'core:pageVersion', fields: versionFields(name, published) },
          { id: 'new:draft', typeId: 'core:pageVersion', fields: versionFields(name, content) },
          {
            id: 'new:page',
            typeId: 'core:appPage',
            fields: { name, appPageSlug: slug, appPageType: pageType },
            relationships: {
              pageInApp: { set: [appId] },
              pagePublishedVersion: { set: ['new:published'] },
              pageDraftVersion: { set: ['new:draft'] },
            },
          },
        ],
        deleted: [],
      },
      pageMembers,
    );
    const id = made.ids['new:page']!;
    const app = appRecordOf(await appRowOrThrow(tx, appId));
    const menu = placePages(app.menu, [id], list);
    const menuWrite = menuChange(app, menu);
    if (menuWrite.length > 0) await putForBuilder(tx, { entities: menuWrite, deleted: [] }, pageMembers);
    await claimDefaultEditForm(tx, id, pageType, content.contextEntityTypeId);
    return id;
  });
  return builderPageOf(ctx, pageId);
}
