import type { QueryCondition } from '@plinth/grid';
import { useEffect, useRef } from 'react';

/**
 * Reads the report again when a page's master filter conditions or its refresh count change (not
 * on the first render).
 */
export function useMasterConditions(
  actor: { send: (event: { type: 'REFRESH' }) => void },
  conditions: readonly QueryCondition[] | undefined,
  refreshToken = 0,
): void {
  const key = `${refreshToken}|${JSON.stringify(conditions ?? [])}`;
  const last = useRef(key);
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    actor.send({ type: 'REFRESH' });
  }, [actor, key]);
}

/** Tells the host the selected records whenever they change. */
export function useSelectionReport(
  selectedIds: readonly number[],
  onSelectionChange: ((ids: readonly number[]) => void) | undefined,
): void {
  const key = selectedIds.join(',');
  const report = useRef(onSelectionChange);
  report.current = onSelectionChange;
  const last = useRef('');
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    report.current?.(key ? key.split(',').map(Number) : []);
  }, [key]);
}
