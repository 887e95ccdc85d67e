import { useEffect, useState } from 'react';
import type { PageBus } from '../../pages/public';

/**
 * Whether the page's form page adapter has read its record: until then a check or save would find
 * nothing to check (the page's save round would wait for an answer that never comes), so Next and
 * Save wait for it. The adapter reports DIRTY_CHANGED as `formPage:{id|new}` after every read.
 */
export function useFormPageReady(bus: PageBus): boolean {
  const [isReady, setReady] = useState(false);
  useEffect(
    () =>
      bus.subscribe((m) => {
        if (m.type === 'DIRTY_CHANGED' && m.componentId.startsWith('formPage:')) setReady(true);
      }),
    [bus],
  );
  return isReady;
}
