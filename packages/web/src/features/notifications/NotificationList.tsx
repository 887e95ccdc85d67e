import type { NotificationItem } from '@plinth/schema';
import { Button } from '@plinth/ui';
import type { MouseEvent } from 'react';
import { navigate } from '../../app/router';
import { formatNotificationDate, formatNotificationTime } from './formatNotificationTime';
import { type RecordFrame, recordHref } from './recordHref';
import type { NotificationsState } from './useNotifications';

export interface NotificationListProps {
  state: NotificationsState;
  /** The app a record link opens in; null: records are named, not linked. */
  appSlug: string | null;
  frame: RecordFrame;
  /** A record link was followed: the popover closes. */
  onOpenRecord: () => void;
}

/** The bell's popover: the newest notifications, each marked read by opening its record or by hand. */
export function NotificationList({ state, appSlug, frame, onOpenRecord }: NotificationListProps) {
  const { items, unreadCount, status, markRead, markAllRead } = state;
  return (
    <div className="pl-notifications">
      <div className="pl-notifications__head">
        <h2 className="pl-notifications__title">Notifications</h2>
        <Button variant="subtle" size="small" isDisabled={unreadCount === 0} onPress={markAllRead}>
          Mark all read
        </Button>
      </div>
      {items.length === 0 ? (
        status === 'failed' ? (
          <p role="alert" className="pl-notifications__empty">
            The notifications could not be loaded.
          </p>
        ) : (
          <p className="pl-notifications__empty">
            {status === 'loading' ? 'Loading…' : 'You have no notifications.'}
          </p>
        )
      ) : (
        <ul className="pl-notifications__list" aria-label="Notifications, newest first">
          {items.map((n) => (
            <NotificationEntry
              key={n.id}
              notification={n}
              href={n.record && appSlug ? recordHref(appSlug, n.record.id, frame) : null}
              onMarkRead={() => markRead(n.id)}
              onOpenRecord={onOpenRecord}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

interface NotificationEntryProps {
  notification: NotificationItem;
  href: string | null;
  onMarkRead: () => void;
  onOpenRecord: () => void;
}

function NotificationEntry({ notification: n, href, onMarkRead, onOpenRecord }: NotificationEntryProps) {
  const recordName = n.record?.name || 'Unnamed resource';
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!n.isRead) onMarkRead();
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpenRecord();
    navigate(href!);
  };
  return (
    <li className={`pl-notification${n.isRead ? '' : ' pl-notification--unread'}`}>
      <p className="pl-notification__subject">
        {!n.isRead && <span className="pl-notifications__hidden">Unread: </span>}
        {n.subject}
      </p>
      {n.message && <p className="pl-notification__message">{n.message}</p>}
      <div className="pl-notification__foot">
        <time dateTime={n.createdAt} title={formatNotificationDate(n.createdAt)}>
          {formatNotificationTime(n.createdAt)}
        </time>
        {n.record &&
          (href ? (
            <a href={href} onClick={open} className="pl-notification__record">
              Open {recordName}
            </a>
          ) : (
            <span className="pl-notification__record">{recordName}</span>
          ))}
        {!n.isRead && (
          <Button
            variant="subtle"
            size="small"
            aria-label={`Mark read: ${n.subject}`}
            onPress={onMarkRead}
            className="pl-notification__mark"
          >
            Mark read
          </Button>
        )}
      </div>
    </li>
  );
}
