import { useEffect } from 'react';
import { announceNotificationsChanged } from './useNotifications';

/** What the hook needs of a page bus: its messages (pages/pageBus.ts). */
interface MessageSource {
  subscribe(handler: (message: { type: string }) => void): () => void;
}

/**
 * Asks the bell to look again when a page's workflow stops (WORKFLOW_STOP, PROCESS_STOPPED on the
 * page bus): a run's notify step may have told the user something.
 */
export function useNotificationRefreshOn(bus: MessageSource): void {
  useEffect(
    () =>
      bus.subscribe((message) => {
        if (message.type === 'WORKFLOW_STOP' || message.type === 'PROCESS_STOPPED')
          announceNotificationsChanged();
      }),
    [bus],
  );
}
