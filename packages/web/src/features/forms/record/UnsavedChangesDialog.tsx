import { unsavedChangesQuestion } from '@plinth/schema';
import { ConfirmDialog } from '@plinth/ui';
import { useState } from 'react';

interface UnsavedChangesDialogProps {
  isAsking: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Closing a form with unsaved changes asks first (spec 01 §4): `close` asks when the form is dirty
 * and closes at once otherwise; `dialog` goes to the UnsavedChangesDialog that asks.
 */
export function useCloseUnlessUnsaved(isDirty: boolean, onClose: () => void) {
  const [isAsking, setAsking] = useState(false);
  const dialog: UnsavedChangesDialogProps = {
    isAsking,
    onConfirm: () => {
      setAsking(false);
      onClose();
    },
    onCancel: () => setAsking(false),
  };
  return { close: () => (isDirty ? setAsking(true) : onClose()), dialog };
}

/** 'Unsaved changes' with the spec's question: Yes closes the form, No keeps it open. */
export function UnsavedChangesDialog({ isAsking, onConfirm, onCancel }: UnsavedChangesDialogProps) {
  return (
    <ConfirmDialog
      title="Unsaved changes"
      message={unsavedChangesQuestion}
      isOpen={isAsking}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
