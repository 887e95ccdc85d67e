import type { NotificationItem } from '@plinth/schema';
import { toast } from '@plinth/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/apiClient';
import { notificationApi } from './notificationApi';

/** How many of the newest notifications the bell lists. */
export const bellListSize = 20;
/** How often the bell asks again while the page is shown. */
export const bellRefreshMs = 60_000;
/** The window event that asks every bell to look again (a workflow stopped, a notification sent). */
export const notificationsChangedEvent = 'plinth:notifications-changed';

/** Tells the bell that notifications may have changed: it asks the server again at once. */
export function announceNotificationsChanged(): void {
  window.dispatchEvent(new Event(notificationsChangedEvent));
}

export interface NotificationsState {
  items: readonly NotificationItem[];
  unreadCount: number;
  /** `failed`: the last ask failed; the bell then shows what it had, or no count. */
  status: 'loading' | 'ready' | 'failed';
  refresh: () => void;
  markRead: (id: number) => void;
  markAllRead: () => void;
}

/**
 * The signed-in user's notifications for the bell: asked on start, every minute while the page is
 * shown, when the page is shown again and on `announceNotificationsChanged`; marks are shown at
 * once and corrected by the server's answer.
 */
export function useNotifications(client: ApiClient): NotificationsState {
  const api = useRef(notificationApi(client));
  api.current = notificationApi(client);
  const [items, setItems] = useState<readonly NotificationItem[]>([]);
  const [unreadCount, setUnreadCount] = useState(0);
  const [status, setStatus] = useState<NotificationsState['status']>('loading');
  // Only the newest ask's answer counts: an older one may arrive after it.
  const asked = useRef(0);

  const refresh = useCallback(() => {
    const ask = ++asked.current;
    api.current
      .list(bellListSize)
      .then((answer) => {
        if (ask !== asked.current) return;
        setItems(answer.notifications);
        setUnreadCount(answer.unreadCount);
        setStatus('ready');
      })
      .catch(() => {
        if (ask === asked.current) setStatus('failed');
      });
  }, []);

  useEffect(() => {
    refresh();
    const whenShown = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    const timer = window.setInterval(whenShown, bellRefreshMs);
    document.addEventListener('visibilitychange', whenShown);
    window.addEventListener(notificationsChangedEvent, refresh);
    return () => {
      asked.current++;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', whenShown);
      window.removeEventListener(notificationsChangedEvent, refresh);
    };
  }, [refresh]);

  const markRead = useCallback(
    (id: number) => {
      setItems((all) => all.map((n) => (n.id === id ? { ...n, isRead: true } : n)));
      setUnreadCount((n) => Math.max(0, n - 1));
      // A mark sent while a list was on its way: that answer is from before it.
      asked.current++;
      api.current
        .markRead(id)
        .then((answer) => setUnreadCount(answer.unreadCount))
        .catch((failure: unknown) => {
          toast.error('The notification could not be marked read.', { description: messageOf(failure) });
          refresh();
        });
    },
    [refresh],
  );

  const markAllRead = useCallback(() => {
    const newest = items.reduce((max, n) => Math.max(max, n.id), 0);
    setItems((all) => all.map((n) => ({ ...n, isRead: true })));
    setUnreadCount(0);
    asked.current++;
    api.current
      .markAllRead(newest > 0 ? newest : undefined)
      .then((answer) => setUnreadCount(answer.unreadCount))
      .catch((failure: unknown) => {
        toast.error('The notifications could not be marked read.', { description: messageOf(failure) });
        refresh();
      });
  }, [items, refresh]);

  return { items, unreadCount, status, refresh, markRead, markAllRead };
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));
