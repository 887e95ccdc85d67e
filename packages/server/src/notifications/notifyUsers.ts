import {
  type EntityChange,
  type EntityId,
  sysField as F,
  type NotificationEmailState,
  notificationMessageMax,
  notificationSubjectMax,
  sysRel as R,
  sysType as T,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type PutOptions, putEntities } from '../entities/putEntities.js';
import { inTransaction } from '../entities/transaction.js';
import { badRequest } from '../http/errors.js';

/** The job queue whose jobs email one notification each (notificationEmail.ts). */
export const notificationEmailQueue = 'notification-email';

/** The most users one call notifies: a batch of the entity service at most. */
export const notifyUsersMax = 1000;

/** What to tell which users (decision 0128). */
export interface NotifyUsersRequest {
  /** The user accounts to notify; each gets one notification (duplicates are one). */
  recipients: readonly EntityId[];
  /** One line: shown in the bell and as the email's subject. */
  subject: string;
  message: string;
  /** The record it is about: the bell's link opens it. */
  recordId?: EntityId;
  /** Email it too, when the server has SMTP (PLINTH_SMTP_URL) and a job queue. */
  email: boolean;
}

/** The job data of a notification's email. */
export interface NotificationEmailJob {
  tenantId: number;
  notificationId: EntityId;
}

/** The read-only fields only the server writes. */
const serverFields = new Set<EntityId>([F.notificationMessage, F.notificationEmailState]);

/**
 * Makes one `core:notification` per recipient, owned by the recipient (the built-in rule lets each
 * user read and mark read their own), in the caller's transaction when there is one. The caller's
 * context must be allowed to create notifications, read the recipients' accounts and read the
 * record. With `email` and SMTP on, each is queued for email in the same transaction, so its
 * email job exists exactly when it does. Answers the new notifications' ids, in recipient order.
 *
 * A subject is made one line; subject and message are cut at their limits (200 and 10,000
 * characters) with an ellipsis, so a workflow's long text does not fail its step.
 *
 * @example
 * await notifyUsers(ctx, { recipients: [ownerId], subject: 'Deal won', message: '', recordId, email: true });
 */
export async function notifyUsers(ctx: RequestContext, request: NotifyUsersRequest): Promise<EntityId[]> {
  const recipients = [...new Set(request.recipients)];
  if (recipients.length === 0) return [];
  if (recipients.length > notifyUsersMax)
    throw badRequest(`A notification goes to at most ${notifyUsersMax} users at once.`);
  const subject = cut(request.subject.replace(/\s*[\r\n]+\s*/g, ' ').trim(), notificationSubjectMax);
  if (subject === '') throw badRequest('A notification needs a subject.');
  const message = cut(request.message.trim(), notificationMessageMax);
  const emails = request.email && emailIsOn(ctx);
  const emailState: NotificationEmailState = emails ? 'pending' : 'none';
  const keys = recipients.map((_, i) => `new:notification${i}`);
  const entities: EntityChange[] = recipients.map((recipient, i) => ({
    id: keys[i]!,
    typeId: T.notification,
    fields: {
      [`#${F.name}`]: subject,
      [`#${F.notificationMessage}`]: message === '' ? null : message,
      [`#${F.notificationIsRead}`]: false,
      [`#${F.notificationEmailState}`]: emailState,
    },
    relationships: {
      [`#${R.notificationRecipient}:fwd`]: { set: [recipient] },
      ...(request.recordId !== undefined
        ? { [`#${R.notificationAboutRecord}:fwd`]: { set: [request.recordId] } }
        : {}),
    },
  }));
  const options: PutOptions = {
    serverFields,
    owners: new Map(recipients.map((recipient, i) => [keys[i]!, recipient])),
  };
  return inTransaction(ctx, async (tx) => {
    const answer = await putEntities(tx, { entities, deleted: [] }, options);
    const ids = keys.map((key) => answer.ids[key]!);
    if (emails)
      for (const notificationId of ids) {
        const job: NotificationEmailJob = { tenantId: tx.tenantId, notificationId };
        await tx.jobs!.send(notificationEmailQueue, { ...job }, { db: tx.db });
      }
    return ids;
  });
}

/** Email goes out when the server has an SMTP server and a job queue to send through. */
export function emailIsOn(ctx: Pick<RequestContext, 'mail' | 'jobs'>): boolean {
  return ctx.mail !== undefined && ctx.jobs !== undefined;
}

/** The text cut to `max` characters (code points), its last one an ellipsis when cut. */
function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
