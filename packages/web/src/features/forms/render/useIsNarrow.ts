import { breakpointOfWidth } from '@plinth/schema';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const isNarrowNow = () => breakpointOfWidth(window.innerWidth) === 'sm';

/** Whether the window is mobile-sized (the sm breakpoint): forms are then simplified (spec 03 §2). */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, isNarrowNow, () => false);
}
