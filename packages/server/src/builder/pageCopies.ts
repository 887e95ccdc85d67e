import {
  type DeletePageRequest,
  type DeletePageResponse,
  type DuplicatePageRequest,
  type DuplicatePageResponse,
  type EntityChange,
  type EntityId,
  sysField as F,
  moveMenuItem,
  placePages,
  removeMenuItem,
  sysRel,
  uniqueName,
  uniqueSlug,
} from '@plinth/schema';
import { appRecordOf, pageRecordOf, selectPagesOfApp, targetsOf } from '../apps/appRecords.js';
import type { RequestContext } from '../context.js';
import { lockEntities } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { inTransaction } from '../entities/transaction.js';
import { badRequest } from '../http/errors.js';
import { updateApp } from './appAdmin.js';
import { builderMessages as M } from './builderMessages.js';
import { appIdOfPage, appRowOrThrow, builderPagesOf, pageRowOrThrow } from './builderRecords.js';
import { claimDefaultEditForm, menuChange, pageMembers, putForBuilder } from './builderWrites.js';
import { writePage } from './pageDrafts.js';

const first = (links: Map<EntityId, EntityId[]>, id: EntityId) => links.get(id)?.[0];

/** The input type named in a stored version's content, read without checking the rest. */
function contextTypeOf(stored: unknown): EntityId | null {
  if (typeof stored !== 'string') return null;
  try {
    const id = (JSON.parse(stored) as { contextEntityTypeId?: unknown }).contextEntityTypeId;
    return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * Duplicates a page (spec 01 §4, decision 0114), optionally to another app, after saving the menu
 * the builder gives: the copy has the page's settings, who may display it, and copies of its
 * published version and draft, under a name and slug free in the app it goes to. In its own app
 * it goes below the page; in another app, to the other pages. It never takes over the page's
 * alternate pages, nor its place as its type's default edit form (that page exists).
 */
export async function duplicatePage(
  ctx: RequestContext,
  pageId: EntityId,
  req: DuplicatePageRequest,
): Promise<DuplicatePageResponse> {
  await pageRowOrThrow(ctx, pageId);
  const sourceAppId = await appIdOfPage(ctx, pageId);
  if (req.menu) {
    if (req.appRevision === undefined) throw badRequest(M.menuWithoutRevision);
    await updateApp(ctx, sourceAppId, { revision: req.appRevision, menu: req.menu });
  }
  const targetAppId = req.targetAppId ?? sourceAppId;
  const copy = await inTransaction(ctx, async (tx) => {
    await lockEntities(tx.db, tx.engine, tx.tenantId, [targetAppId]);
    const target = appRecordOf(await appRowOrThrow(tx, targetAppId));
    const page = pageRecordOf(await pageRowOrThrow(tx, pageId));
    const [roles, drafts, published] = await Promise.all([
      targetsOf(tx, sysRel.allowedDisplayAppPageBy, 'fwd', [pageId]),
      targetsOf(tx, sysRel.pageDraftVersion, 'fwd', [pageId]),
      targetsOf(tx, sysRel.pagePublishedVersion, 'fwd', [pageId]),
    ]);
    const versions = new Map(
      (
        await tenantScope(tx).readRecords(
          [first(drafts, pageId), first(published, pageId)].filter((v): v is EntityId => v !== undefined),
        )
      ).map((r) => [r.id, r]),
    );
    const taken = await selectPagesOfApp(tx, targetAppId);
    const name = uniqueName(
      page.name,
      taken.map((p) => p.name),
    );
    const slug = uniqueSlug(
      page.slug,
      taken.map((p) => p.slug),
      'page',
    );
    const entities: EntityChange[] = [];
    const links: NonNullable<EntityChange['relationships']> = { pageInApp: { set: [targetAppId] } };
    for (const [key, rel, id] of [
      ['new:published', 'pagePublishedVersion', first(published, pageId)],
      ['new:draft', 'pageDraftVersion', first(drafts, pageId)],
    ] as const) {
      const row = id === undefined ? undefined : versions.get(id);
      if (!row) continue;
      entities.push({
        id: key,
        typeId: 'core:pageVersion',
        fields: {
          name,
          pageVersionContent: row.data[String(F.pageVersionContent)],
          pageVersionFormat: row.data[String(F.pageVersionFormat)],
        },
      });
      links[rel] = { set: [key] };
    }
    const roleIds = roles.get(pageId) ?? [];
    if (roleIds.length > 0) links.allowedDisplayAppPageBy = { set: roleIds };
    entities.push({
      id: 'new:page',
      typeId: 'core:appPage',
      fields: {
        name,
        appPageSlug: slug,
        description: page.description,
        appPageType: page.type,
        appPageHidden: page.hidden,
        appPageShowMenu: page.showMenu,
        appPageShowInSitemap: page.showInSitemap,
        appPageIcon: page.icon,
        appPageIconBackgroundColor: page.row.data[String(F.appPageIconBackgroundColor)] ?? null,
      },
      relationships: links,
    });
    const made = await putForBuilder(tx, { entities, deleted: [] }, pageMembers);
    const copyId = made.ids['new:page']!;
    // Below the page in its own app (its list or folder); to the other pages of another app.
    const below =
      targetAppId === sourceAppId
        ? moveMenuItem(target.menu, String(copyId), { kind: 'below', itemId: String(pageId) })
        : undefined;
    const menu = below?.ok ? below.menu : placePages(target.menu, [copyId], 'other');
    const menuWrite = menuChange(target, menu);
    if (menuWrite.length > 0) await putForBuilder(tx, { entities: menuWrite, deleted: [] }, pageMembers);
    const shown = versions.get(first(drafts, pageId) ?? first(published, pageId) ?? 0);
    const contextType = contextTypeOf(shown?.data[String(F.pageVersionContent)]);
    await claimDefaultEditForm(tx, copyId, page.type, contextType);
    return { id: copyId, target, pageName: page.name };
  });
  const ref = (await builderPagesOf(ctx, targetAppId)).find((p) => p.id === copy.id)!;
  return {
    page: { ...ref, appId: targetAppId, appSlug: copy.target.slug },
    message:
      targetAppId === sourceAppId
        ? M.duplicated(copy.pageName)
        : M.copiedToApp(copy.pageName, copy.target.name),
  };
}

/**
 * Deletes a page (spec 01 §4): it leaves its app, every order of the menu and its versions go
 * with it. The app's default page stays (decision 0114): the builder goes there after a delete.
 */
export async function deletePage(
  ctx: RequestContext,
  pageId: EntityId,
  req: DeletePageRequest,
): Promise<DeletePageResponse> {
  await pageRowOrThrow(ctx, pageId);
  const appId = await appIdOfPage(ctx, pageId);
  await writePage(ctx, pageId, req.revision, async (tx) => {
    await lockEntities(tx.db, tx.engine, tx.tenantId, [appId]);
    const app = appRecordOf(await appRowOrThrow(tx, appId));
    const defaults = await targetsOf(tx, sysRel.appsDefaultPage, 'fwd', [appId]);
    if (first(defaults, appId) === pageId) throw badRequest(M.defaultPageDelete);
    const menu = removeMenuItem(app.menu, String(pageId));
    await putForBuilder(tx, { entities: menuChange(app, menu), deleted: [pageId] }, pageMembers);
  });
  const app = appRecordOf(await appRowOrThrow(ctx, appId));
  const defaultId = first(await targetsOf(ctx, sysRel.appsDefaultPage, 'fwd', [appId]), appId);
  const [defaultRow] = defaultId === undefined ? [] : await tenantScope(ctx).readRecords([defaultId]);
  return {
    message: M.pageDeleted,
    app: { id: app.id, slug: app.slug, revision: app.row.version },
    defaultPage: defaultRow ? { id: defaultRow.id, slug: pageRecordOf(defaultRow).slug } : null,
  };
}
