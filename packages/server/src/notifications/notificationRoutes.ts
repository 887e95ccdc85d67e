import {
  listNotificationsQuery,
  listNotificationsResponse,
  markAllNotificationsReadRequest,
  markAllNotificationsReadResponse,
  markNotificationReadResponse,
  runNotificationRequest,
  runNotificationResponse,
} from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../http/pathParams.js';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './myNotifications.js';
import { runNotification } from './runNotification.js';

/** The bell's calls and the spec's notification run (decision 0128), for signed-in users. */
export async function notificationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/spapi/data/v1/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's own notifications, newest first, with the count of unread ones",
        querystring: listNotificationsQuery,
        response: { 200: listNotificationsResponse },
      },
    },
    async (request) => listNotifications(request.ctx, request.query.limit),
  );
  api.post(
    '/spapi/data/v1/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: "Marks one of the caller's notifications read; another user's is 404",
        params: idParams,
        response: { 200: markNotificationReadResponse },
      },
    },
    async (request) => markNotificationRead(request.ctx, request.params.id),
  );
  api.post(
    '/spapi/data/v1/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: "Marks the caller's unread notifications read (up to upToId when given)",
        body: markAllNotificationsReadRequest,
        response: { 200: markAllNotificationsReadResponse },
      },
    },
    async (request) => markAllNotificationsRead(request.ctx, request.body.upToId),
  );
  api.post(
    '/spapi/data/v1/notification/run',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Notifies users, about the records named (spec 03 §7 notification payload)',
        body: runNotificationRequest,
        response: { 200: runNotificationResponse },
      },
    },
    async (request) => runNotification(request.ctx, request.body),
  );
}
