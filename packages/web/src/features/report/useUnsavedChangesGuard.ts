import { useEffect, useRef } from 'react';
import { addLeaveGuard } from '../../app/router';

/**
 * The prevent-leave guard while inline edits are unsaved (spec 02 §4 "Modes"): the browser asks
 * before the page is closed or reloaded; a move inside the app — a link, `navigate()`, or the
 * browser's Back and Forward, which the router undoes while it asks — is held and
 * `onLeaveRequested` asks the user (the 'Unsaved changes' dialog), with the move to make if they
 * leave; and the host hears when the state changes.
 */
export function useUnsavedChangesGuard(
  isDirty: boolean,
  onChange?: (isDirty: boolean) => void,
  onLeaveRequested?: (proceed: () => void) => void,
): void {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onLeaveRequestedRef = useRef(onLeaveRequested);
  onLeaveRequestedRef.current = onLeaveRequested;
  useEffect(() => {
    onChangeRef.current?.(isDirty);
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    const removeGuard = addLeaveGuard((proceed) => {
      const ask = onLeaveRequestedRef.current;
      if (!ask) return false;
      ask(proceed);
      return true;
    });
    return () => {
      window.removeEventListener('beforeunload', warn);
      removeGuard();
    };
  }, [isDirty]);
}
