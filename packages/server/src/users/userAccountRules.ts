import { type EntityId, sysField as F, sysRecord, sysRel, sysType } from '@plinth/schema';
import { auditOwnerHandover } from '../audit/auditWrites.js';
import type { RequestContext } from '../context.js';
import { chunks, parseData } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { AppError } from '../http/errors.js';

export const lastAdministratorMessage =
  'The tenant needs at least one administrator who can sign in: this change would leave none.';

/**
 * Refuses (409) a change that leaves the tenant without an enabled administrator, not counting the
 * accounts in `leaving` (about to be deleted). Run inside the change's transaction, after it.
 */
export async function ensureAnAdministratorStays(
  ctx: RequestContext,
  leaving: readonly EntityId[] = [],
): Promise<void> {
  const admins = await systemQuery(ctx.db, 'write integrity')
    .selectFrom('relationships')
    .innerJoin('entities', (j) =>
      j
        .onRef('entities.tenant_id', '=', 'relationships.tenant_id')
        .onRef('entities.id', '=', 'relationships.from_id'),
    )
    .select(['entities.id', 'entities.data'])
    .where('relationships.tenant_id', '=', ctx.tenantId)
    .where('relationships.rel_id', '=', sysRel.userHasRole)
    .where('relationships.to_id', '=', sysRecord.administratorsRole)
    .where('entities.type_id', '=', sysType.userAccount)
    .execute();
  const left = new Set(leaving);
  const enabled = admins.filter((a) => !left.has(a.id) && parseData(a.data)[F.accountDisabled] !== true);
  if (enabled.length === 0) throw new AppError('conflict', lastAdministratorMessage);
}

/**
 * Passes the records the users own to `newOwnerId`, bumping their versions (an edit open on one
 * then answers 412 rather than writing back the old owner) and recording the handover in the audit
 * trail. Answers how many records moved.
 */
export async function reassignOwnedRecords(
  ctx: RequestContext,
  userIds: readonly EntityId[],
  newOwnerId: EntityId,
): Promise<number> {
  let moved = 0;
  for (const part of chunks([...userIds])) {
    // Every record they own, whatever the rules: the update below passes every one.
    const owned = await systemQuery(ctx.db, 'write integrity')
      .selectFrom('entities')
      .select(['id', 'type_id', 'name', 'owner_id'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('owner_id', 'in', part)
      .execute();
    const r = await systemQuery(ctx.db, 'write integrity')
      .updateTable('entities')
      .set((eb) => ({ owner_id: newOwnerId, version: eb('version', '+', 1) }))
      .where('tenant_id', '=', ctx.tenantId)
      .where('owner_id', 'in', part)
      .executeTakeFirst();
    moved += Number(r.numUpdatedRows);
    await auditOwnerHandover(
      ctx,
      owned.map((o) => ({ id: o.id, typeId: o.type_id, name: o.name, ownerId: o.owner_id as EntityId })),
      newOwnerId,
      sysRel.securityOwner,
    );
  }
  return moved;
}

/**
 * Before user accounts are deleted by any path (decision 0045): not one's own, not the last
 * administrator; what they own passes to the deleting user.
 */
export async function userAccountsDeleting(
  ctx: RequestContext,
  rows: ReadonlyArray<{ id: EntityId }>,
): Promise<void> {
  const ids = rows.map((r) => r.id);
  if (ids.includes(ctx.actor.userId)) throw new AppError('conflict', 'You cannot delete your own account.');
  await ensureAnAdministratorStays(ctx, ids);
  await reassignOwnedRecords(ctx, ids, ctx.actor.userId);
}
