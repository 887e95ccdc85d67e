import { unsavedChangesQuestion } from '@plinth/schema';
import { type MutableRefObject, useEffect, useRef } from 'react';
import { addLeaveGuard } from '../../app/router';

/**
 * Leaving with unsaved changes asks (spec 01 §4, §8); closing the tab gets the browser's prompt.
 * Reads `dirtyRef` when the user leaves, so a save that just answered counts.
 */
export function useLeaveGuard(
  dirtyRef: MutableRefObject<boolean>,
  confirm: ((question: string) => boolean) | undefined,
) {
  const confirmRef = useRef<(question: string) => boolean>(window.confirm);
  confirmRef.current = confirm ?? ((question: string) => window.confirm(question));
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      event.returnValue = unsavedChangesQuestion;
    };
    window.addEventListener('beforeunload', warn);
    const remove = addLeaveGuard(() => dirtyRef.current && !confirmRef.current(unsavedChangesQuestion));
    return () => {
      window.removeEventListener('beforeunload', warn);
      remove();
    };
  }, [dirtyRef]);
}

/**
 * Ctrl+Z undoes and Ctrl+Shift+Z (or Ctrl+Y) redoes the builder's changes; in a text box the
 * browser's own undo of the typing comes first, and an open dialog keeps its keys.
 */
export function useUndoKeys(undo: () => void, redo: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key !== 'z' && key !== 'y') return;
      if (isTextEntry(event.target) || isInDialog(event.target)) return;
      event.preventDefault();
      if (key === 'y' || event.shiftKey) redo();
      else undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}

/** Whether keys typed at a target edit text (an input, a text area, a rich-text or code editor). */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)
  );
}

/** Whether a key went to an open dialog (its own keys; the page behind it is not changed). */
function isInDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null;
}
