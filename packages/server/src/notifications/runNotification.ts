import {
  type EntityId,
  type RunNotificationResponse,
  type runNotificationRequest,
  sysType as T,
} from '@plinth/schema';
import type { z } from 'zod';
import type { RequestContext } from '../context.js';
import { tenantScope } from '../data/tenantScope.js';
import { inTransaction } from '../entities/transaction.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { emailIsOn, notifyUsers, notifyUsersMax } from './notifyUsers.js';

export const notificationMessages = {
  notAllowed: 'You do not have permission to send notifications.',
  notUsers: (ids: readonly EntityId[]) =>
    `${ids.length === 1 ? 'This recipient is not a user' : 'These recipients are not users'} you can see: ${ids.join(', ')}.`,
  recordNotFound: 'A record the notification is about was not found.',
  tooMany: `One call makes at most ${notifyUsersMax.toLocaleString('en')} notifications (recipients times records).`,
} as const;

/**
 * `POST /spapi/data/v1/notification/run` (decision 0128): one notification for each recipient and
 * record named (each recipient once when no record is), all or none. The caller needs the right to
 * create notifications (administrators, or a role an access rule grants it), must see each
 * recipient's user account, and must be able to read each record; emails are queued when asked
 * and the server has SMTP.
 */
export async function runNotification(
  ctx: RequestContext,
  request: z.output<typeof runNotificationRequest>,
): Promise<RunNotificationResponse> {
  if (!ctx.perms.canCreateType(T.notification)) throw forbidden(notificationMessages.notAllowed);
  const recipients = [...new Set(request.recipients)];
  const recordIds = [...new Set(request.recordIds)];
  if (recipients.length * Math.max(1, recordIds.length) > notifyUsersMax)
    throw badRequest(notificationMessages.tooMany);
  const scope = tenantScope(ctx);
  const users = new Set(
    (await scope.readRecords(recipients)).filter((r) => r.typeId === T.userAccount).map((r) => r.id),
  );
  const notUsers = recipients.filter((id) => !users.has(id));
  if (notUsers.length > 0)
    throw badRequest(notificationMessages.notUsers(notUsers), { recipients: notUsers });
  const readable = new Set((await scope.readRecords(recordIds)).map((r) => r.id));
  if (recordIds.some((id) => !readable.has(id))) throw notFound(notificationMessages.recordNotFound);

  const notificationIds = await inTransaction(ctx, async (tx) => {
    const ids: EntityId[] = [];
    const about = recordIds.length > 0 ? recordIds : [undefined];
    for (const recordId of about)
      ids.push(
        ...(await notifyUsers(tx, {
          recipients,
          subject: request.subject,
          message: request.message,
          ...(recordId !== undefined ? { recordId } : {}),
          email: request.email,
        })),
      );
    return ids;
  });
  return { notificationIds, emailQueued: request.email && emailIsOn(ctx) };
}
