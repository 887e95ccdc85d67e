import { toast } from '@plinth/ui';
import { useEffect } from 'react';

/** The schema editor's success toast on screen, if any. */
let shown: string | null = null;

/**
 * The schema editor's success toasts, one at a time: a builder saving field after field would
 * otherwise stack them over the next dialog's buttons.
 */
export function toastSaved(title: string, description?: string): void {
  if (shown !== null) toast.close(shown);
  shown = toast.success(title, description === undefined ? {} : { description });
}

/** The toast after an Object's details are saved (spec 01 §8). */
export function toastObjectSaved(): void {
  toastSaved('Properties saved', 'Object details successfully saved.');
}

/**
 * Closes the success toast when a dialog opens: it has been read by then, it shows where the
 * dialog's Save and Cancel sit, and a pointer resting on it (where Save was pressed) keeps it open.
 */
export function useSavedToastClosed(): void {
  useEffect(() => {
    if (shown !== null) toast.close(shown);
    shown = null;
  }, []);
}
