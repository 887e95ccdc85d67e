import { Button, IconButton } from '@plinth/ui';
import { useState } from 'react';
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import type { ExpressionEditorProps } from '../ExpressionEditorProps';
import { LazyExpressionEditor } from '../LazyExpressionEditor';
import './presentations.css';

export interface ModalExpressionEditorProps
  extends Omit<ExpressionEditorProps, 'defaultValue' | 'onValueChange' | 'size'> {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  /** The small line above the title, e.g. the field or rule being edited. */
  overline?: string | undefined;
  value: string;
  /** The primary button: the expression as edited. Not offered in read-only mode. */
  onPrimary: (expression: string) => void;
  primaryLabel?: string | undefined;
  cancelLabel?: string | undefined;
}

/**
 * The modal presentation (spec 03 §2): title, overline, the editor at its large size, and the
 * primary and cancel buttons; read-only shows the expression with a Close button only.
 */
export function ModalExpressionEditor({
  isOpen,
  onOpenChange,
  title,
  overline,
  value,
  onPrimary,
  primaryLabel = 'OK',
  cancelLabel = 'Cancel',
  ...editor
}: ModalExpressionEditorProps) {
  return (
    <ModalOverlay className="pl-modal-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <AriaModal className="pl-modal pl-modal--large pl-expr-modal">
        <Dialog className="pl-modal__dialog">
          {({ close }) => (
            <ModalBody {...{ title, overline, value, onPrimary, primaryLabel, cancelLabel, editor, close }} />
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

interface ModalBodyProps {
  title: string;
  overline: string | undefined;
  value: string;
  onPrimary: (expression: string) => void;
  primaryLabel: string;
  cancelLabel: string;
  editor: Omit<ExpressionEditorProps, 'defaultValue' | 'onValueChange' | 'size'>;
  close: () => void;
}

function ModalBody({
  title,
  overline,
  value,
  onPrimary,
  primaryLabel,
  cancelLabel,
  editor,
  close,
}: ModalBodyProps) {
  // The latest text, read when the primary button is pressed.
  const [draft, setDraft] = useState(value);
  return (
    <>
      <header className="pl-modal__header">
        <div className="pl-expr-modal__titles">
          {overline && <p className="pl-expr-modal__overline">{overline}</p>}
          <Heading slot="title" className="pl-modal__title">
            {title}
          </Heading>
        </div>
        <IconButton size="small" label="Close" onPress={close}>
          ×
        </IconButton>
      </header>
      <div className="pl-modal__body">
        <LazyExpressionEditor {...editor} size="large" defaultValue={value} onInput={setDraft} />
      </div>
      <footer className="pl-modal__footer">
        {editor.isReadOnly ? (
          <Button onPress={close}>Close</Button>
        ) : (
          <>
            <Button onPress={close}>{cancelLabel}</Button>
            <Button
              variant="primary"
              onPress={() => {
                onPrimary(draft);
                close();
              }}
            >
              {primaryLabel}
            </Button>
          </>
        )}
      </footer>
    </>
  );
}
