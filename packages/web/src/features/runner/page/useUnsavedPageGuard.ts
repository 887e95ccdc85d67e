import { unsavedChangesQuestion } from '@plinth/schema';
import { useEffect, useRef } from 'react';
import { addLeaveGuard } from '../../../app/router';

/**
 * The runner's unsaved-changes guard (spec 01 §4 'Runner page logic'): while the page is dirty a
 * move to another route — a link, `navigate()`, Back or Forward — asks 'There are unsaved changes,
 * are you sure you wish to leave the page?' and is held unless the user confirms; closing or
 * reloading the tab gets the browser's own beforeunload prompt.
 */
export function useUnsavedPageGuard(
  isDirty: boolean,
  // Called on the window: the browser's confirm throws 'Illegal invocation' when called unbound.
  confirm: (question: string) => boolean = (question) => window.confirm(question),
): void {
  const confirmRef = useRef(confirm);
  confirmRef.current = confirm;
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = unsavedChangesQuestion;
    };
    window.addEventListener('beforeunload', warn);
    const removeGuard = addLeaveGuard(() => !confirmRef.current(unsavedChangesQuestion));
    return () => {
      window.removeEventListener('beforeunload', warn);
      removeGuard();
    };
  }, [isDirty]);
}
