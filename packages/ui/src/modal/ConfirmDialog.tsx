import type { ReactNode } from 'react';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  title: ReactNode;
  message: ReactNode;
  isOpen: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Yes/No by default; OK/Cancel for acknowledgements of an action. */
  buttonSet?: 'yesNo' | 'okCancel';
}

/** A confirmation (before delete, leaving unsaved changes, resetting a view): answer or Escape (No). */
export function ConfirmDialog({
  title,
  message,
  isOpen,
  onConfirm,
  onCancel,
  buttonSet = 'yesNo',
}: ConfirmDialogProps) {
  const buttons =
    buttonSet === 'yesNo'
      ? [
          { kind: 'no' as const, onPress: onCancel },
          { kind: 'yes' as const, onPress: onConfirm },
        ]
      : [
          { kind: 'cancel' as const, onPress: onCancel },
          { kind: 'ok' as const, onPress: onConfirm },
        ];
  return (
    <Modal
      title={title}
      role="alertdialog"
      size="small"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      buttons={buttons}
    >
      {message}
    </Modal>
  );
}
