import { deleteConfirmTitle } from '@plinth/grid';
import { ConfirmDialog, Modal } from '@plinth/ui';

/** The delete confirmation is the grid's, shared with the runner's record pages. */
export { DeleteConfirmDialog, type DeleteConfirmDialogProps } from '@plinth/grid';

/** The texts of the report's dialogs (spec 01 §2, spec 02 §2, §4); the delete texts are the grid's. */
export const reportDialogTexts = {
  deleteTitle: deleteConfirmTitle,
  unsavedTitle: 'Unsaved changes',
  unsavedMessage: 'You have unsaved changes. Do you want to save them before leaving?',
  saveChanges: 'Save changes',
  discardChanges: 'Discard changes',
  resetTitle: 'Confirm Reset',
  resetMessage:
    'Reset the table to its default view? Filters, sorts, column widths and the search are cleared.',
} as const;

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
