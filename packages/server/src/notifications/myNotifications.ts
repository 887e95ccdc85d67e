import {
  type EntityId,
  sysField as F,
  type ListNotificationsResponse,
  type MarkAllNotificationsReadResponse,
  type MarkNotificationReadResponse,
  type NotificationEmailState,
  type NotificationItem,
  notificationEmailStates,
  notificationListMax,
  sysRel as R,
  sysType as T,
} from '@plinth/schema';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { chunks, type EntityRow, selectLinks, toEntityRow } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { jsonEquals } from '../db/jsonValue.js';
import { putEntities } from '../entities/putEntities.js';
import { inTransaction } from '../entities/transaction.js';
import { notFound } from '../http/errors.js';

export const notificationNotFound = 'The notification was not found.';

/**
 * The caller's own notifications: those naming them as recipient that they may read (their own,
 * by the built-in rule). One that passed to another owner when its recipient's account went is
 * nobody's to see in the bell.
 */
function mine(ctx: RequestContext) {
  return tenantScope(ctx)
    .records()
    .where('entities.type_id', '=', T.notification)
    .where(
      'entities.id',
      'in',
      tenantScope(ctx)
        .selectFrom('relationships')
        .select('relationships.from_id')
        .where('relationships.rel_id', '=', R.notificationRecipient)
        .where('relationships.to_id', '=', ctx.actor.userId),
    );
}

/** Not read: its Read field is not true (a missing value is unread). */
function unread(ctx: RequestContext): Expression<SqlBool> {
  return sql<SqlBool>`NOT COALESCE(${jsonEquals(ctx.engine, F.notificationIsRead, true)}, FALSE)`;
}

async function unreadCount(ctx: RequestContext): Promise<number> {
  const row = await mine(ctx)
    .where(unread(ctx))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The caller's newest notifications (at most 100), with how many of all of theirs are unread. */
export async function listNotifications(
  ctx: RequestContext,
  limit: number,
): Promise<ListNotificationsResponse> {
  const applied = Math.min(limit, notificationListMax);
  const rows = (
    await mine(ctx)
      .selectAll('entities')
      .orderBy('entities.created_at', 'desc')
      .orderBy('entities.id', 'desc')
      .limit(applied)
      .execute()
  ).map(toEntityRow);
  return {
    notifications: await items(ctx, rows),
    unreadCount: await unreadCount(ctx),
    limit: applied,
  };
}

/** Marks one of the caller's notifications read (another's is 404); answers it and the unread count. */
export async function markNotificationRead(
  ctx: RequestContext,
  id: EntityId,
): Promise<MarkNotificationReadResponse> {
  return inTransaction(ctx, async (tx) => {
    const found = await mine(tx).where('entities.id', '=', id).selectAll('entities').executeTakeFirst();
    if (!found) throw notFound(notificationNotFound);
    let row = toEntityRow(found);
    if (row.data[F.notificationIsRead] !== true) {
      await putEntities(tx, {
        entities: [{ id, fields: { [`#${F.notificationIsRead}`]: true } }],
        deleted: [],
      });
      row = { ...row, data: { ...row.data, [F.notificationIsRead]: true } };
    }
    const [notification] = await items(tx, [row]);
    return { notification: notification!, unreadCount: await unreadCount(tx) };
  });
}

/**
 * Marks the caller's unread notifications read, those up to `upToId` when given (the newest the
 * caller has seen), in one transaction.
 */
export async function markAllNotificationsRead(
  ctx: RequestContext,
  upToId?: EntityId,
): Promise<MarkAllNotificationsReadResponse> {
  return inTransaction(ctx, async (tx) => {
    let query = mine(tx).where(unread(tx)).select('entities.id');
    if (upToId !== undefined) query = query.where('entities.id', '<=', upToId);
    const ids = (await query.execute()).map((r) => r.id);
    for (const part of chunks(ids, 500))
      await putEntities(tx, {
        entities: part.map((id) => ({ id, fields: { [`#${F.notificationIsRead}`]: true } })),
        deleted: [],
      });
    return { marked: ids.length, unreadCount: await unreadCount(tx) };
  });
}

/** The rows as their recipient sees them: the record each is about, when the caller may read it. */
async function items(ctx: RequestContext, rows: readonly EntityRow[]): Promise<NotificationItem[]> {
  const about = new Map(
    (
      await selectLinks(
        ctx.db,
        ctx.tenantId,
        R.notificationAboutRecord,
        'fwd',
        rows.map((r) => r.id),
      )
    ).map((l) => [l.fromId, l.toId]),
  );
  const records = new Map(
    (await tenantScope(ctx).readRecords([...new Set(about.values())])).map((r) => [r.id, r]),
  );
  return rows.map((row) => {
    const record = records.get(about.get(row.id) ?? 0);
    const message = row.data[F.notificationMessage];
    return {
      id: row.id,
      subject: row.name ?? '',
      message: typeof message === 'string' ? message : '',
      isRead: row.data[F.notificationIsRead] === true,
      createdAt: row.createdAt,
      emailState: emailStateOf(row.data[F.notificationEmailState]),
      record: record ? { id: record.id, typeId: record.typeId, name: record.name } : null,
    };
  });
}

function emailStateOf(value: unknown): NotificationEmailState {
  return notificationEmailStates.find((s) => s === value) ?? 'none';
}
