import './notifications.css';
import { Button, Popover } from '@plinth/ui';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/apiClient';
import { runnerApi } from '../../api/runnerApi';
import { NotificationList } from './NotificationList';
import type { RecordFrame } from './recordHref';
import { useNotifications } from './useNotifications';

export interface NotificationBellProps {
  client: ApiClient;
  /** The app open now, whose record route opens a notification's record; null: the first app. */
  appSlug: string | null;
  frame?: RecordFrame;
}

/** The bell's accessible name: how many are unread. */
export function bellLabel(unreadCount: number): string {
  return unreadCount === 0 ? 'Notifications' : `Notifications, ${unreadCount} unread`;
}

/**
 * The bell in the header (issue 21 item 6, decision 0128): the count of unread notifications, and
 * a popover listing the newest with a link to each one's record; opening that link marks it read.
 */
export function NotificationBell({ client, appSlug, frame = { kind: 'path' } }: NotificationBellProps) {
  const state = useNotifications(client);
  const [isOpen, setOpen] = useState(false);
  const linkApp = useLinkApp(client, appSlug, isOpen);
  const { unreadCount, refresh } = state;
  return (
    <Popover
      label="Notifications"
      placement="bottom end"
      isOpen={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (open) refresh();
      }}
      content={
        <NotificationList state={state} appSlug={linkApp} frame={frame} onOpenRecord={() => setOpen(false)} />
      }
    >
      <Button variant="subtle" className="pl-bell" aria-label={bellLabel(unreadCount)}>
        <BellIcon />
        {unreadCount > 0 && (
          <span className="pl-bell__count" aria-hidden="true">
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        )}
      </Button>
    </Popover>
  );
}

/**
 * The app a record link opens in: the one open now, else the first app the user may open, asked
 * for only once the list is opened outside an app.
 */
function useLinkApp(client: ApiClient, appSlug: string | null, isOpen: boolean): string | null {
  const [first, setFirst] = useState<string | null | undefined>(undefined);
  const needsFirst = appSlug === null && isOpen && first === undefined;
  useEffect(() => {
    if (!needsFirst) return;
    const controller = new AbortController();
    runnerApi(client)
      .apps(controller.signal)
      .then((answer) => setFirst(answer.apps[0]?.slug ?? null))
      .catch(() => {
        if (!controller.signal.aborted) setFirst(null);
      });
    return () => controller.abort();
  }, [client, needsFirst]);
  return appSlug ?? first ?? null;
}

function BellIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.4}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 11.5V7a4 4 0 018 0v4.5l1.2 1.5H2.8z" />
      <path d="M6.5 14.2a1.6 1.6 0 003 0" />
    </svg>
  );
}
