import {
  listNotificationsResponse,
  markAllNotificationsReadResponse,
  markNotificationReadResponse,
  type RunNotificationRequest,
  runNotificationRequest,
  runNotificationResponse,
} from '@plinth/schema';
import type { ApiClient } from '../../api/apiClient';

/** The notification calls (decision 0128): the bell's list and marks, and the spec's run call. */
export function notificationApi(client: Pick<ApiClient, 'call'>) {
  return {
    /** The signed-in user's newest notifications with their unread count. */
    list: (limit: number, signal?: AbortSignal) =>
      client.call(
        'GET',
        `/spapi/data/v1/notifications?limit=${limit}`,
        listNotificationsResponse,
        undefined,
        signal,
      ),
    markRead: (id: number) =>
      client.call('POST', `/spapi/data/v1/notifications/${id}/read`, markNotificationReadResponse, {}),
    /** Marks read those up to the newest the user has seen. */
    markAllRead: (upToId?: number) =>
      client.call(
        'POST',
        '/spapi/data/v1/notifications/read-all',
        markAllNotificationsReadResponse,
        upToId === undefined ? {} : { upToId },
      ),
    /** Spec 02 §7 "Run notification source": a failure is shown as 'Notification Error'. */
    run: (request: RunNotificationRequest) =>
      client.call(
        'POST',
        '/spapi/data/v1/notification/run',
        runNotificationResponse,
        runNotificationRequest.parse(request),
      ),
  };
}
export type NotificationApi = ReturnType<typeof notificationApi>;
