export { bellLabel, NotificationBell, type NotificationBellProps } from './NotificationBell';
export { type NotificationApi, notificationApi } from './notificationApi';
export type { RecordFrame } from './recordHref';
export { useNotificationRefreshOn } from './useNotificationRefreshOn';
export { announceNotificationsChanged } from './useNotifications';
