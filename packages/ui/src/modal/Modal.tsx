import type { ReactNode } from 'react';
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { Button, type ButtonVariant } from '../button/Button';
import { IconButton } from '../button/IconButton';

/** The standard buttons of the generic modal (spec 02 §2), in their verbatim labels. */
export const standardModalButtons = {
  apply: 'Apply',
  close: 'Close',
  cancel: 'Cancel',
  ok: 'OK',
  discard: 'Discard',
  yes: 'Yes',
  no: 'No',
} as const;
export type StandardModalButton = keyof typeof standardModalButtons;

/** A button of the modal's footer: a standard one by kind, or a custom one with its own label. */
export type ModalButton =
  | { kind: StandardModalButton; onPress: () => void; variant?: ButtonVariant; isDisabled?: boolean }
  | { kind: 'custom'; label: string; onPress: () => void; variant?: ButtonVariant; isDisabled?: boolean };

export type ModalSize = 'small' | 'medium' | 'large' | 'extraLarge';

export interface ModalProps {
  title: ReactNode;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  buttons?: ModalButton[];
  /** Hides the × button; Escape and clicking outside then no longer close the modal. */
  hideCloseButton?: boolean;
  size?: ModalSize;
  children?: ReactNode;
  /** Accessible role: `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
}

function labelOf(button: ModalButton): string {
  return button.kind === 'custom' ? button.label : standardModalButtons[button.kind];
}

/**
 * The generic modal. Escape closes it unless `hideCloseButton` is set (then the user must answer
 * with one of the footer buttons).
 */
export function Modal({
  title,
  isOpen,
  onOpenChange,
  buttons = [],
  hideCloseButton = false,
  size = 'medium',
  role = 'dialog',
  children,
}: ModalProps) {
  return (
    <ModalOverlay
      className="pl-modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!hideCloseButton}
      isKeyboardDismissDisabled={hideCloseButton}
    >
      <AriaModal className={`pl-modal pl-modal--${size}`}>
        <Dialog className="pl-modal__dialog" role={role}>
          <header className="pl-modal__header">
            <Heading slot="title" className="pl-modal__title">
              {title}
            </Heading>
            {!hideCloseButton && (
              <IconButton size="small" label={standardModalButtons.close} onPress={() => onOpenChange(false)}>
                ×
              </IconButton>
            )}
          </header>
          <div className="pl-modal__body">{children}</div>
          {buttons.length > 0 && (
            <footer className="pl-modal__footer">
              {buttons.map((button) => (
                <Button
                  key={labelOf(button)}
                  variant={button.variant ?? (isPrimaryKind(button) ? 'primary' : 'secondary')}
                  isDisabled={button.isDisabled ?? false}
                  onPress={button.onPress}
                >
                  {labelOf(button)}
                </Button>
              ))}
            </footer>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

function isPrimaryKind(button: ModalButton): boolean {
  return button.kind === 'apply' || button.kind === 'ok' || button.kind === 'yes';
}
