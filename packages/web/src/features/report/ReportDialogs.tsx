import { ConfirmDialog, Modal } from '@plinth/ui';

/** The texts of the report's dialogs (spec 02 §2, §4). */
export const reportDialogTexts = {
  deleteTitle: 'Delete',
  deleteOne: 'Are you sure you want to delete this record?',
  deleteMany: (count: number) => `Are you sure you want to delete these ${count} records?`,
  unsavedTitle: 'Unsaved changes',
  unsavedMessage: 'You have unsaved changes. Do you want to save them before leaving?',
  saveChanges: 'Save changes',
  discardChanges: 'Discard changes',
  resetTitle: 'Confirm Reset',
  resetMessage:
    'Reset the table to its default view? Filters, sorts, column widths and the search are cleared.',
} as const;

export interface DeleteConfirmDialogProps {
  count: number;
  isOpen: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before records are deleted. */
export function DeleteConfirmDialog({ count, isOpen, onConfirm, onCancel }: DeleteConfirmDialogProps) {
  return (
    <ConfirmDialog
      title={reportDialogTexts.deleteTitle}
      message={count === 1 ? reportDialogTexts.deleteOne : reportDialogTexts.deleteMany(count)}
      isOpen={isOpen}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

export interface UnsavedChangesDialogProps {
  isOpen: boolean;
  /** Save changes, then leave. */
  onLeaveAndSave: () => void;
  /** Discard changes and leave. */
  onLeave: () => void;
  /** Cancel or close: stay. */
  onStay: () => void;
}

/** 'Unsaved changes' when leaving inline editing with modified rows (spec 02 §4 "Modes"). */
export function UnsavedChangesDialog({ isOpen, onLeaveAndSave, onLeave, onStay }: UnsavedChangesDialogProps) {
  return (
    <Modal
      title={reportDialogTexts.unsavedTitle}
      role="alertdialog"
      size="small"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onStay();
      }}
      buttons={[
        { kind: 'cancel', onPress: onStay },
        { kind: 'custom', label: reportDialogTexts.discardChanges, onPress: onLeave, variant: 'secondary' },
        { kind: 'custom', label: reportDialogTexts.saveChanges, onPress: onLeaveAndSave, variant: 'primary' },
      ]}
    >
      {reportDialogTexts.unsavedMessage}
    </Modal>
  );
}

export interface ConfirmResetDialogProps {
  isOpen: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Confirm Reset' before the view goes back to the report's defaults (spec 02 §4 "Reset to default"). */
export function ConfirmResetDialog({ isOpen, onConfirm, onCancel }: ConfirmResetDialogProps) {
  return (
    <ConfirmDialog
      title={reportDialogTexts.resetTitle}
      message={reportDialogTexts.resetMessage}
      isOpen={isOpen}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
