import {
  Button as AriaButton,
  UNSTABLE_Toast as AriaToast,
  Text,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { Tooltip } from '../overlay/Tooltip';

export type ToastKind = 'success' | 'warning' | 'error' | 'info';
export type ToastPosition =
  | 'top-left'
  | 'top-center'
  | 'top-right'
  | 'bottom-left'
  | 'bottom-center'
  | 'bottom-right';

export const toastPositions: readonly ToastPosition[] = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
];

export interface ToastContentValue {
  kind: ToastKind;
  title: string;
  description?: string;
}

export interface ToastOptions {
  description?: string;
  position?: ToastPosition;
  /** Milliseconds until it closes by itself; errors stay until closed unless set. */
  timeout?: number;
}

/** One queue per screen position; `ToastRegions` renders them all. */
const queues = new Map<ToastPosition, ToastQueue<ToastContentValue>>(
  toastPositions.map((position) => [position, new ToastQueue<ToastContentValue>({ maxVisibleToasts: 5 })]),
);

function show(kind: ToastKind, title: string, options: ToastOptions = {}): string {
  const queue = queues.get(options.position ?? 'bottom-right')!;
  const timeout = options.timeout ?? (kind === 'error' ? undefined : 5000);
  const content: ToastContentValue =
    options.description === undefined ? { kind, title } : { kind, title, description: options.description };
  return queue.add(content, timeout === undefined ? {} : { timeout });
}

/**
 * Shows toasts from anywhere (no hook needed), e.g. `toast.error('Notification Error', { description })`.
 * Render `<ToastRegions />` once near the root.
 */
export const toast = {
  success: (title: string, options?: ToastOptions) => show('success', title, options),
  warning: (title: string, options?: ToastOptions) => show('warning', title, options),
  error: (title: string, options?: ToastOptions) => show('error', title, options),
  info: (title: string, options?: ToastOptions) => show('info', title, options),
  /**
   * Closes one toast by the key its show call answered, e.g. the last of a kind a screen shows again
   * and again, so they do not pile up over what the user works on. Nothing happens once it is gone.
   */
  close: (key: string) => {
    for (const queue of queues.values()) queue.close(key);
  },
  /** Closes every open toast (tests, sign-out). */
  clearAll: () => {
    for (const queue of queues.values()) for (const t of queue.visibleToasts) queue.close(t.key);
  },
};

/** The live regions where toasts appear, one per position. */
export function ToastRegions() {
  return (
    <>
      {toastPositions.map((position) => (
        <ToastRegion
          key={position}
          queue={queues.get(position)!}
          className={`pl-toast-region pl-toast-region--${position}`}
        >
          {({ toast: queued }) => (
            <AriaToast toast={queued} className={`pl-toast pl-toast--${queued.content.kind}`}>
              <ToastContent className="pl-toast__content">
                <Text slot="title" className="pl-toast__title">
                  {queued.content.title}
                </Text>
                {queued.content.description !== undefined && (
                  <Text slot="description" className="pl-toast__description">
                    {queued.content.description}
                  </Text>
                )}
              </ToastContent>
              <Tooltip content="Close">
                <AriaButton slot="close" className="pl-toast__close" aria-label="Close">
                  <span aria-hidden="true">×</span>
                </AriaButton>
              </Tooltip>
            </AriaToast>
          )}
        </ToastRegion>
      ))}
    </>
  );
}
