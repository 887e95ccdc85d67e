import { useEffect, useRef } from 'react';

/**
 * The prevent-leave guard while inline edits are unsaved (spec 02 §4 "Modes"): the browser asks
 * before the page is closed or reloaded, and the host hears when the state changes.
 */
export function useUnsavedChangesGuard(isDirty: boolean, onChange?: (isDirty: boolean) => void): void {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    onChangeRef.current?.(isDirty);
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
}
