import { type EntityId, sysField as F, type NotificationEmailState, sysRel as R } from '@plinth/schema';
import nodemailer from 'nodemailer';
import { contextFor } from '../auth/contextFor.js';
import type { SmtpSettings } from '../config.js';
import type { RequestContext } from '../context.js';
import { selectLinks } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { putEntities } from '../entities/putEntities.js';
import type { Job } from '../jobs/jobQueue.js';
import type { Services } from '../services.js';
import { notificationEmailQueue } from './notifyUsers.js';

/** Where the email jobs report what they did (the app's pino logger fits). */
export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What sends one email: nodemailer's transport, or anything with its `sendMail`. */
export interface MailSender {
  sendMail(message: {
    from: string;
    to: { name: string; address: string };
    subject: string;
    text: string;
  }): Promise<unknown>;
}

/** Tries of one email before it is marked failed; between them the queue waits a growing while. */
export const emailTries = 3;

/** A nodemailer transport for the SMTP URL, with timeouts short enough for a background job. */
export function smtpTransport(mail: SmtpSettings): MailSender {
  return nodemailer.createTransport({
    url: mail.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/**
 * Starts the work of the notification-email queue (decision 0128) when the server has both a job
 * queue and SMTP settings; otherwise there is nothing to send and nothing is queued. Called where
 * the server starts its queue work (main.ts, the test app), before the queue starts.
 */
export function registerNotificationJobs(services: Services, log: MailLog = consoleLog): void {
  const { jobs, mail } = services;
  if (!jobs || !mail) return;
  const sender = smtpTransport(mail);
  jobs.work(notificationEmailQueue, (job) => emailNotification(services, sender, job, log), {
    concurrency: 2,
    retryLimit: emailTries,
  });
}

/**
 * Emails one notification to its recipient's person email (userAccount → accountHolder → email),
 * as the recipient (its owner), and marks it 'sent' or 'failed'. Safe to run twice: only a
 * 'pending' notification is sent. A failing send throws so the queue tries again, until the last
 * try marks it failed.
 */
export async function emailNotification(
  services: Services,
  sender: MailSender,
  job: Job,
  log: MailLog = consoleLog,
): Promise<void> {
  const { tenantId, notificationId } = job.data as { tenantId: number; notificationId: EntityId };
  const where = { tenantId, notificationId };
  if (!services.mail) return;
  const recipientId = await recipientOf(services, tenantId, notificationId);
  if (recipientId === undefined) {
    log.warn(where, 'A notification email was not sent: the notification or its recipient is gone.');
    return;
  }
  const ctx = await contextFor(services, tenantId, recipientId);
  const [row] = await tenantScope(ctx).readRecords([notificationId]);
  if (row?.data[F.notificationEmailState] !== 'pending') return;
  const address = await emailOf(ctx, recipientId);
  if (!address) {
    log.warn(
      { ...where, userId: recipientId },
      'A notification email was not sent: its recipient has no email address (their person record has none).',
    );
    await markEmail(ctx, notificationId, 'failed');
    return;
  }
  const stored = row.data[F.notificationMessage];
  const message = typeof stored === 'string' ? stored : '';
  try {
    await sender.sendMail({
      from: services.mail.from,
      to: address,
      subject: row.name ?? 'Notification',
      text: message || (row.name ?? ''),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (job.attempt < emailTries) throw error;
    log.warn({ ...where, userId: recipientId, reason }, 'A notification email could not be sent.');
    await markEmail(ctx, notificationId, 'failed');
    return;
  }
  await markEmail(ctx, notificationId, 'sent');
  log.info({ ...where, userId: recipientId }, 'A notification email was sent.');
}

/** The recipient a notification names (system read: the job has no caller yet). */
async function recipientOf(
  services: Services,
  tenantId: number,
  notificationId: EntityId,
): Promise<EntityId | undefined> {
  const [link] = await selectLinks(services.db, tenantId, R.notificationRecipient, 'fwd', [notificationId]);
  return link?.toId;
}

/** The recipient's name and email, from the person who holds their account. */
async function emailOf(
  ctx: RequestContext,
  userId: EntityId,
): Promise<{ name: string; address: string } | undefined> {
  const [holder] = await selectLinks(ctx.db, ctx.tenantId, R.accountHolder, 'fwd', [userId]);
  if (!holder) return undefined;
  const [person] = await tenantScope(ctx).readRecords([holder.toId]);
  const email = person?.data[F.email];
  if (typeof email !== 'string' || email.trim() === '') return undefined;
  return { name: person?.name ?? '', address: email.trim() };
}

async function markEmail(ctx: RequestContext, id: EntityId, state: NotificationEmailState) {
  await putEntities(
    ctx,
    { entities: [{ id, fields: { [`#${F.notificationEmailState}`]: state } }], deleted: [] },
    { serverFields: new Set([F.notificationEmailState]) },
  );
}

const consoleLog: MailLog = {
  info: () => {},
  warn: (obj, msg) => console.warn(msg, obj),
};
