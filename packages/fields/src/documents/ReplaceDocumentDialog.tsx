import type { DocumentInfo } from '@plinth/schema';
import { Button, Modal, type ModalButton } from '@plinth/ui';
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FileTrigger, Label, ProgressBar } from 'react-aria-components';
import { fromPromise } from 'xstate';
import type { DocumentServices } from './documentServices';
import { formatFileSize } from './formatFileSize';
import { replaceDocumentMachine } from './replaceDocumentMachine';
import './documents.css';

export interface ReplaceDocumentDialogProps {
  documentId: number;
  services: Pick<DocumentServices, 'loadDocument' | 'listDocumentTypes' | 'replaceDocument'>;
  /** The dialog is done (replaced, cancelled or closed): unmount it. */
  onClose: () => void;
  /** The new version is stored: refresh the report. */
  onReplaced: (document: DocumentInfo) => void;
}

/**
 * The 'Replace document' dialog (spec 02 §2, §4): shows the document, lets the user pick the new
 * file, confirms, uploads it as a new version with progress, then toasts and refreshes the report.
 */
export function ReplaceDocumentDialog({
  documentId,
  services,
  onClose,
  onReplaced,
}: ReplaceDocumentDialogProps) {
  const callbacks = useRef({ onClose, onReplaced });
  callbacks.current = { onClose, onReplaced };
  const [state, send] = useMachine(
    replaceDocumentMachine.provide({
      actors: {
        loadDocument: fromPromise(({ input, signal }) => services.loadDocument(input.documentId, signal)),
        loadDocumentTypes: fromPromise(({ signal }) => services.listDocumentTypes(signal)),
        replaceDocument: fromPromise(({ input, signal }) =>
          services.replaceDocument(
            input.documentId,
            input.recordVersion,
            input.file,
            input.onProgress,
            signal,
          ),
        ),
      },
      actions: {
        refreshReport: ({ context }) => {
          if (context.document) callbacks.current.onReplaced(context.document);
        },
      },
    }),
    { input: { documentId } },
  );
  const done = state.status === 'done';
  useEffect(() => {
    if (done) callbacks.current.onClose();
  }, [done]);

  const { document, file, fileType, fileError, loadError, progress, error } = state.context;
  const canReplace = state.can({ type: 'REPLACE' });
  const isReplacing = state.matches('replacing');
  const isConfirming = state.matches('confirming');

  let buttons: ModalButton[] = [];
  if (isConfirming)
    buttons = [
      { kind: 'no', onPress: () => send({ type: 'CANCEL' }) },
      { kind: 'yes', onPress: () => send({ type: 'CONFIRM' }) },
    ];
  else if (!isReplacing)
    buttons = [
      { kind: 'cancel', onPress: () => send({ type: 'CLOSE' }) },
      {
        kind: 'custom',
        label: 'Replace',
        variant: 'primary',
        isDisabled: !canReplace,
        onPress: () => send({ type: 'REPLACE' }),
      },
    ];

  return (
    <Modal
      title="Replace document"
      isOpen={!done}
      onOpenChange={(open) => {
        if (!open) send({ type: isConfirming ? 'CANCEL' : 'CLOSE' });
      }}
      hideCloseButton={isReplacing}
      buttons={buttons}
    >
      {state.matches('loading') ? (
        <p className="pl-documents__wait">Please wait...</p>
      ) : isConfirming && document && file ? (
        <p>
          Replace '{document.name}' with '{file.name}'? The current file is kept as version {document.version}
          .
        </p>
      ) : isReplacing && file ? (
        <ProgressBar value={progress} className="pl-documents__progress">
          {({ percentage }) => (
            <>
              <Label>Uploading {file.name}</Label>
              <span className="pl-documents__percent">{Math.round(percentage ?? 0)}%</span>
              <div className="pl-documents__bar">
                <div className="pl-documents__fill" style={{ width: `${percentage ?? 0}%` }} />
              </div>
            </>
          )}
        </ProgressBar>
      ) : (
        <div className="pl-documents__replace">
          {loadError && (
            <p role="alert" className="pl-documents__error">
              {loadError}
            </p>
          )}
          {document && (
            <dl className="pl-documents__facts" aria-label="Current document">
              <dt>Name</dt>
              <dd>{document.name}</dd>
              <dt>Type</dt>
              <dd>{document.documentType?.name ?? document.fileExtension ?? ''}</dd>
              <dt>Size</dt>
              <dd>{formatFileSize(document.size)}</dd>
              <dt>Version</dt>
              <dd>{document.version}</dd>
            </dl>
          )}
          <FileTrigger onSelect={(files) => files?.[0] && send({ type: 'FILE_SELECTED', file: files[0] })}>
            <Button isDisabled={!document}>Choose file</Button>
          </FileTrigger>
          {file && (
            <p className="pl-documents__file">
              New file: {file.name} ({formatFileSize(file.size)}){fileType ? `, ${fileType.name}` : ''}
            </p>
          )}
          {fileError && (
            <p role="alert" className="pl-documents__error">
              {fileError}
            </p>
          )}
          {error && (
            <p role="alert" className="pl-documents__error">
              {error}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
