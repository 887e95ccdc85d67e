import { z } from 'zod';
import { entityId } from './common.js';

/** The longest subject of a notification: one line, shown in the bell and as an email's subject. */
export const notificationSubjectMax = 200;
/** The longest message of a notification (the Message field's limit). */
export const notificationMessageMax = 10_000;
/** The most users one run call notifies, and the most records it names (spec 02 §9: 200 selected). */
export const notificationRecipientsMax = 100;
export const notificationRecordsMax = 200;
/** The notifications the bell lists at most, newest first; the default is fewer. */
export const notificationListMax = 100;
export const notificationListDefault = 30;

/** Where a notification's email stands (decision 0128). */
export const notificationEmailStates = ['none', 'pending', 'sent', 'failed'] as const;
export type NotificationEmailState = (typeof notificationEmailStates)[number];

/**
 * `POST /spapi/data/v1/notification/run` (spec 03 §7 "a notification payload"; spec 02 §7 "Run
 * notification source" with the selected ids): tells users something, about the selected records
 * when there are any — one notification for each recipient and record (decision 0128).
 */
export const runNotificationRequest = z
  .object({
    /** The user accounts to notify. */
    recipients: z.array(entityId).min(1).max(notificationRecipientsMax),
    subject: z
      .string()
      .trim()
      .min(1, 'A notification needs a subject.')
      .max(notificationSubjectMax)
      .regex(/^[^\r\n]*$/, 'The subject must be one line.'),
    message: z.string().max(notificationMessageMax).default(''),
    /** The records it is about (the selected ids); none: one notification per recipient. */
    recordIds: z.array(entityId).max(notificationRecordsMax).default([]),
    /** Email it too, when the server has SMTP (PLINTH_SMTP_URL). */
    email: z.boolean().default(false),
  })
  .strict();
export type RunNotificationRequest = z.input<typeof runNotificationRequest>;

export const runNotificationResponse = z.object({
  /** The notifications made, one per recipient and record. */
  notificationIds: z.array(entityId),
  /** Whether their emails were queued: false when none was asked for or the server has no SMTP. */
  emailQueued: z.boolean(),
});
export type RunNotificationResponse = z.infer<typeof runNotificationResponse>;

/** One notification as its recipient sees it. */
export const notificationItem = z.object({
  id: entityId,
  subject: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  /** When it was made (ISO 8601). */
  createdAt: z.string(),
  emailState: z.enum(notificationEmailStates),
  /** The record it is about, when there is one the recipient may read. */
  record: z.object({ id: entityId, typeId: entityId, name: z.string().nullable() }).nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** `GET /spapi/data/v1/notifications?limit=` query: how many of the newest to list (clamped to 100). */
export const listNotificationsQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(1_000_000).default(notificationListDefault),
  })
  .strict();

/** The caller's own notifications, newest first, with how many of all of them are unread. */
export const listNotificationsResponse = z.object({
  notifications: z.array(notificationItem),
  unreadCount: z.number().int().nonnegative(),
  /** The limit applied (the query's, clamped). */
  limit: z.number().int(),
});
export type ListNotificationsResponse = z.infer<typeof listNotificationsResponse>;

/** `POST /spapi/data/v1/notifications/{id}/read`: the notification, now read. */
export const markNotificationReadResponse = z.object({
  notification: notificationItem,
  unreadCount: z.number().int().nonnegative(),
});
export type MarkNotificationReadResponse = z.infer<typeof markNotificationReadResponse>;

/**
 * `POST /spapi/data/v1/notifications/read-all`: marks the caller's unread notifications read; with
 * `upToId`, only those up to the newest the caller has seen, so one arriving meanwhile stays unread.
 */
export const markAllNotificationsReadRequest = z.object({ upToId: entityId.optional() }).strict();
export const markAllNotificationsReadResponse = z.object({
  marked: z.number().int().nonnegative(),
  unreadCount: z.number().int().nonnegative(),
});
export type MarkAllNotificationsReadResponse = z.infer<typeof markAllNotificationsReadResponse>;
