import { type DeleteConfirmation, type DeleteItem, deleteMessages } from '@plinth/grid';
import { ConfirmDialog, Modal } from '@plinth/ui';

/** The texts of the report's dialogs (spec 01 §2, spec 02 §2, §4); the delete texts are the grid's. */
export const reportDialogTexts = {
  deleteTitle: 'Confirm delete',
  unsavedTitle: 'Unsaved changes',
  unsavedMessage: 'You have unsaved changes. Do you want to save them before leaving?',
  saveChanges: 'Save changes',
  discardChanges: 'Discard changes',
  resetTitle: 'Confirm Reset',
  resetMessage:
    'Reset the table to its default view? Filters, sorts, column widths and the search are cleared.',
} as const;

export interface DeleteConfirmDialogProps {
  /** The open confirmation; undefined when closed. */
  confirmation: DeleteConfirmation | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A record's name, or 'Unnamed resource' (spec 02 §5). */
const nameOf = (item: DeleteItem) => item.name?.trim() || 'Unnamed resource';

/**
 * 'Confirm delete' (spec 01 §2, §8): names what is deleted and lists the records that go with it,
 * in a list at most 24rem high that scrolls (spec 01 §9). Yes waits for the list: nothing is
 * deleted that was not shown.
 */
export function DeleteConfirmDialog({ confirmation, onConfirm, onCancel }: DeleteConfirmDialogProps) {
  const isLoading = confirmation?.isLoading ?? true;
  return (
    <Modal
      title={reportDialogTexts.deleteTitle}
      role="alertdialog"
      size="small"
      isOpen={confirmation !== undefined}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      buttons={[
        { kind: 'no', onPress: onCancel },
        { kind: 'yes', onPress: onConfirm, isDisabled: isLoading },
      ]}
    >
      {confirmation && (
        <div className="pl-delete-confirm">
          <p className="pl-delete-confirm__message">{confirmation.message}</p>
          {isLoading && (
            <p className="pl-delete-confirm__loading" role="status">
              {deleteMessages.loadingDetails}
            </p>
          )}
          {confirmation.dependentsHeading && <DependentsList confirmation={confirmation} />}
        </div>
      )}
    </Modal>
  );
}

/** The dependents, each with the records that lead to it when that is not plain (several chosen, or deeper). */
function DependentsList({ confirmation }: { confirmation: DeleteConfirmation }) {
  const headingId = 'pl-delete-confirm-dependents';
  const isPlain = (path: readonly DeleteItem[]) => confirmation.items.length === 1 && path.length <= 1;
  return (
    <>
      <p id={headingId} className="pl-delete-confirm__heading">
        {confirmation.dependentsHeading}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the keyboard must reach a list that scrolls */}
      <ul className="pl-delete-confirm__dependents" aria-labelledby={headingId} tabIndex={0}>
        {confirmation.dependents.map((d) => (
          <li key={d.id}>
            <span className="pl-delete-confirm__type">{d.typeName}</span> {nameOf(d)}
            {!isPlain(d.path) && (
              <span className="pl-delete-confirm__path">
                {' '}
                (of {d.path.map((p) => `${p.typeName} '${nameOf(p)}'`).join(' › ')})
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
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
