import { type EntityId, firstUserId } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { chunks } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import type { RowAction } from './Permissions.js';

/** The fields of a record the type-level rules look at. */
interface RowKey {
  id: EntityId;
  typeId: EntityId;
  ownerId: EntityId | null;
}

/**
 * The ids of the rows the caller may act on: those the type-level rules allow, and those a rule's
 * calculation accepts, asked of the database in one query per chunk (as the rows are stored now).
 * Catalogue records (ids below 10,000) are never modified or deleted.
 */
export async function permittedIds(
  ctx: RequestContext,
  action: Exclude<RowAction, 'create'>,
  rows: readonly RowKey[],
): Promise<Set<EntityId>> {
  const { perms } = ctx;
  const out = new Set<EntityId>();
  const ask: EntityId[] = [];
  for (const row of rows) {
    if (action !== 'read' && row.id < firstUserId) continue;
    const typeLevel =
      action === 'read'
        ? perms.canRead(row)
        : action === 'modify'
          ? perms.canModify(row)
          : perms.canDelete(row);
    if (typeLevel) out.add(row.id);
    else if (perms.hasRowRules(action, row.typeId)) ask.push(row.id);
  }
  for (const part of chunks([...new Set(ask)])) {
    const found = await systemQuery(ctx.db, 'access check')
      .selectFrom('entities')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', 'in', part)
      .where(() => perms.rowSql(action, 'entities'))
      .execute();
    for (const r of found) out.add(r.id);
  }
  return out;
}

/**
 * The ids, among records just written, that the caller's create rules allow: a rule with a
 * calculation lets its role create only records for which the calculation is true.
 */
export async function creatableIds(
  ctx: RequestContext,
  rows: readonly { id: EntityId; typeId: EntityId }[],
): Promise<Set<EntityId>> {
  const { perms } = ctx;
  const out = new Set<EntityId>();
  const ask: EntityId[] = [];
  for (const row of rows) {
    if (perms.forType(row.typeId).create) out.add(row.id);
    else if (perms.hasRowRules('create', row.typeId)) ask.push(row.id);
  }
  for (const part of chunks([...new Set(ask)])) {
    const found = await systemQuery(ctx.db, 'access check')
      .selectFrom('entities')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', 'in', part)
      .where(() => perms.rowSql('create', 'entities'))
      .execute();
    for (const r of found) out.add(r.id);
  }
  return out;
}
