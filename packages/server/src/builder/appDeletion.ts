import {
  type DeleteAppDetails,
  type DeleteAppRequest,
  type DeleteAppResponse,
  type EntityId,
  sysRel,
} from '@plinth/schema';
import { type AppRecord, appRecordOf, selectApps, selectPagesOfApp, targetsOf } from '../apps/appRecords.js';
import type { RequestContext } from '../context.js';
import { lockEntities } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { inTransaction } from '../entities/transaction.js';
import { AppError, badRequest } from '../http/errors.js';
import { conflictOf } from './appAdmin.js';
import { builderMessages as M } from './builderMessages.js';
import { appRowOrThrow } from './builderRecords.js';
import { appMembers, putForBuilder } from './builderWrites.js';

/** The shared app holds the form pages and is the catalogue's, not the tenant's to delete. */
function refuseShared(app: AppRecord) {
  if (app.isSharedApp) throw badRequest(M.sharedAppDelete);
}

/**
 * The uses of an app's pages outside it, which the delete clears with the links (decision 0121):
 * a type's default edit page, and another app's page whose alternate page is one of them.
 */
async function usesOf(ctx: RequestContext, pageIds: readonly EntityId[], names: Map<EntityId, string>) {
  const [editPageOf, multistepOf, editOf] = await Promise.all([
    targetsOf(ctx, sysRel.defaultEditRecordPage, 'rev', pageIds),
    targetsOf(ctx, sysRel.alternateMultistepPage, 'rev', pageIds),
    targetsOf(ctx, sysRel.alternateEditRecordPage, 'rev', pageIds),
  ]);
  const uses: string[] = [];
  for (const id of pageIds)
    for (const typeId of editPageOf.get(id) ?? [])
      uses.push(M.defaultEditPageUse(names.get(id) ?? '', ctx.schema.type(typeId)?.name ?? `type ${typeId}`));
  const inApp = new Set(pageIds);
  const users = [...new Set([...multistepOf.values(), ...editOf.values()].flat())].filter(
    (id) => !inApp.has(id),
  );
  if (users.length === 0) return uses;
  const [rows, appOf] = await Promise.all([
    tenantScope(ctx).readRecords(users),
    targetsOf(ctx, sysRel.pageInApp, 'fwd', users),
  ]);
  const apps = new Map(
    (await selectApps(ctx, [...new Set([...appOf.values()].flat())])).map((a) => [a.id, a]),
  );
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  for (const id of pageIds)
    for (const user of [...(multistepOf.get(id) ?? []), ...(editOf.get(id) ?? [])]) {
      if (inApp.has(user)) continue;
      const app = apps.get(appOf.get(user)?.[0] ?? 0);
      uses.push(M.alternatePageUse(rowOf.get(user)?.name ?? '', app?.name ?? '', names.get(id) ?? ''));
    }
  return uses;
}

/** What deleting an app takes (its pages) and touches elsewhere, for its confirmation. */
export async function appDeleteDetails(ctx: RequestContext, appId: EntityId): Promise<DeleteAppDetails> {
  const app = appRecordOf(await appRowOrThrow(ctx, appId));
  refuseShared(app);
  const pages = await selectPagesOfApp(ctx, appId);
  const names = new Map(pages.map((p) => [p.id, p.name]));
  return {
    id: app.id,
    name: app.name,
    revision: app.row.version,
    pages: pages.map((p) => ({ id: p.id, name: p.name })).sort((a, b) => a.name.localeCompare(b.name)),
    uses: await usesOf(
      ctx,
      pages.map((p) => p.id),
      names,
    ),
  };
}

/**
 * Deletes an app with its pages and their versions in one transaction (decision 0121), over the
 * revision its confirmation read: a save since, or a page the confirmation did not show, is a 409
 * that deletes nothing. Links to its pages (a type's default edit page, alternates) go with them.
 */
export async function deleteApp(
  ctx: RequestContext,
  appId: EntityId,
  req: DeleteAppRequest,
): Promise<DeleteAppResponse> {
  return inTransaction(ctx, async (tx) => {
    await lockEntities(tx.db, tx.engine, tx.tenantId, [appId]);
    const app = appRecordOf(await appRowOrThrow(tx, appId));
    refuseShared(app);
    if (app.row.version !== req.revision) throw await conflictOf(tx, app, 'delete');
    const pages = await selectPagesOfApp(tx, appId);
    const shown = new Set(req.pageIds);
    const unshown = pages.filter((p) => !shown.has(p.id));
    if (unshown.length > 0)
      throw new AppError(
        'conflict',
        M.pagesNotShown(
          app.name,
          unshown.map((p) => p.name),
        ),
        { notShown: unshown.map((p) => p.id) },
      );
    // The app's pages are its components and their versions theirs: the cascade takes them all.
    await putForBuilder(tx, { entities: [], deleted: [appId] }, appMembers);
    return { message: M.appDeleted(app.name, pages.length), deletedPageIds: pages.map((p) => p.id) };
  });
}
