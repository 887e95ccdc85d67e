import { ConfirmDialog, Modal } from '@plinth/ui';
import { type ReactNode, useState } from 'react';

/** Asked when the full view is closed while inline edits are unsaved (spec 02 §4 "Modes"). */
export const closeFullViewMessage = 'There are unsaved changes, are you sure you wish to close the modal?';

export interface ReportFullViewProps {
  title: string;
  /** The report inside has unsaved inline edits. */
  hasUnsavedChanges: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** The report in an extra-large modal (spec 02 §2 "full-view modal"). */
export function ReportFullView({ title, hasUnsavedChanges, onClose, children }: ReportFullViewProps) {
  const [isConfirming, setConfirming] = useState(false);
  const requestClose = () => (hasUnsavedChanges ? setConfirming(true) : onClose());
  return (
    <>
      <Modal
        title={title}
        size="extraLarge"
        isOpen
        onOpenChange={(open) => {
          if (!open) requestClose();
        }}
      >
        {children}
      </Modal>
      <ConfirmDialog
        title="Unsaved changes"
        message={closeFullViewMessage}
        isOpen={isConfirming}
        onConfirm={() => {
          setConfirming(false);
          onClose();
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
