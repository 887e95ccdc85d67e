import {
  type BrowserWindow,
  DocumentDropArea,
  downloadDocument,
  previewDocument,
  ReplaceDocumentDialog,
} from '@plinth/fields';
import type { DocumentInfo } from '@plinth/schema';
import { ConfirmDialog, HelpText } from '@plinth/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { documentServicesFor } from '../../../api/fileApi';
import { useSession } from '../../auth/public';
import { saveParentFirstMessage } from '../formMessages';
import { DocumentCard } from './DocumentCard';
import { type DocumentsLink, unlinkDocument } from './documentsApi';
import { useRelatedDocuments } from './useRelatedDocuments';
import './documentsControl.css';

/** The documents' part of a relationship component's style (spec 03 §3). */
export interface DocumentsControlStyle {
  /** No upload area (the 'File upload area' action). */
  hideFileUploadArea?: boolean | undefined;
  /** No 'Preview file' in a document's actions. */
  hidePreviewFileAction?: boolean | undefined;
  /** 'Preview file' as a button on each document as well. */
  showPreviewFileButton?: boolean | undefined;
}

export interface DocumentsControlProps {
  /** The control's title (spec 03 §3: its label, else the relationship end's name). */
  title: string;
  helpText?: string | undefined;
  /** The record the documents belong to; none (or 0) for a new record not yet saved. */
  recordId: number | undefined;
  /** The record's type name, as 'You must save the {parent type} …' names it. */
  recordTypeName: string;
  /** The documents' type name, as '… before creating a {child type}' names it. */
  documentTypeName?: string | undefined;
  /** The relationship from the record to its documents, and the record's side of it. */
  relationshipId: number;
  direction: 'fwd' | 'rev';
  /** View mode or a read-only control: the documents can be previewed and downloaded only. */
  isReadOnly: boolean;
  /** Shows the mandatory asterisk (spec 03 §5: a mandatory relationship needs a document). */
  isMandatory?: boolean | undefined;
  /** The message under the control (a validation's). */
  errorText?: string | undefined;
  style?: DocumentsControlStyle | undefined;
  /** A new value reads the list again (the form read its record again). */
  refreshToken?: number | undefined;
  /** Told the documents each time they are read: a page publishes them as its variables. */
  onDocumentsChange?: ((documents: readonly DocumentInfo[]) => void) | undefined;
  /** Where downloads and previews open; tests pass their own. */
  browser?: BrowserWindow | undefined;
}

/**
 * The documents of a record's relationship end (issue 17 item 3; spec 02 §2, §7; spec 03 §3): each
 * with a thumbnail, name, extension and size, to preview, download, replace (a new version, the
 * replace machine) or remove from the record; an upload area with progress (the upload machine)
 * that stores a file and links it to the record at once. Read-only: preview and download only. A
 * new record says it must be saved first (decision 0084).
 */
export function DocumentsControl({
  title,
  helpText,
  recordId,
  recordTypeName,
  documentTypeName = 'Document',
  relationshipId,
  direction,
  isReadOnly,
  isMandatory = false,
  errorText,
  style = {},
  refreshToken = 0,
  onDocumentsChange,
  browser,
}: DocumentsControlProps) {
  const { client } = useSession();
  const link = useMemo<DocumentsLink | null>(
    () => (recordId !== undefined && recordId > 0 ? { recordId, relationshipId, direction } : null),
    [recordId, relationshipId, direction],
  );
  const { state, refresh } = useRelatedDocuments(link, refreshToken);
  const services = useMemo(
    () =>
      documentServicesFor(
        client,
        link ? { link: { eid: link.recordId, relid: link.relationshipId, direction: link.direction } } : {},
      ),
    [client, link],
  );
  const [replacing, setReplacing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<DocumentInfo | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const changed = useRef(onDocumentsChange);
  changed.current = onDocumentsChange;
  const documents = state.status === 'ready' ? state.documents : null;
  useEffect(() => {
    if (documents) changed.current?.(documents);
  }, [documents]);

  const remove = async (document: DocumentInfo) => {
    setRemoving(null);
    if (!link) return;
    try {
      await unlinkDocument(client, document.id, link);
      setRemoveError(null);
    } catch (error) {
      setRemoveError(error instanceof Error ? error.message : String(error));
    }
    refresh();
  };

  const canUpload = !isReadOnly && !style.hideFileUploadArea;
  return (
    <fieldset className={`pl-field pl-documents-control${errorText ? ' pl-field--error' : ''}`}>
      <legend className="pl-field__label">
        {title}
        {isMandatory && !isReadOnly && (
          <span className="pl-field__asterisk" aria-hidden="true">
            {' *'}
          </span>
        )}
      </legend>
      {helpText && <HelpText label={title} text={helpText} />}
      {!link ? (
        canUpload ? (
          <p className="pl-documents-control__note">
            {saveParentFirstMessage(recordTypeName, documentTypeName)}
          </p>
        ) : (
          <p className="pl-documents-control__note">No documents.</p>
        )
      ) : state.status === 'failed' ? (
        <p role="alert" className="pl-documents-control__error">
          {state.message}
        </p>
      ) : state.status !== 'ready' ? (
        <p className="pl-documents-control__note">Please wait...</p>
      ) : (
        <>
          {state.documents.length === 0 ? (
            <p className="pl-documents-control__note">No documents.</p>
          ) : (
            <ul className="pl-documents-control__list" aria-label={title}>
              {state.documents.map((document) => (
                <DocumentCard
                  key={document.id}
                  document={document}
                  onPreview={
                    style.hidePreviewFileAction && !style.showPreviewFileButton
                      ? undefined
                      : () =>
                          void previewDocument(document.id, document.name, browser ? { win: browser } : {})
                  }
                  showPreviewButton={style.showPreviewFileButton ?? false}
                  hidePreviewInMenu={style.hidePreviewFileAction ?? false}
                  onDownload={() => downloadDocument(document.id, '', browser)}
                  onReplace={!isReadOnly && document.canModify ? () => setReplacing(document.id) : undefined}
                  onRemove={isReadOnly ? undefined : () => setRemoving(document)}
                />
              ))}
            </ul>
          )}
          {state.total > state.documents.length && (
            <p className="pl-documents-control__note">
              Showing the first {state.documents.length} of {state.total} documents.
            </p>
          )}
          {removeError && (
            <p role="alert" className="pl-documents-control__error">
              {removeError}
            </p>
          )}
          {canUpload && state.canUpload && (
            <DocumentDropArea uploadDocument={services.uploadDocument} onUploaded={refresh} />
          )}
        </>
      )}
      {errorText && (
        <span className="pl-field__error" role="alert">
          {errorText}
        </span>
      )}
      {replacing !== null && (
        <ReplaceDocumentDialog
          documentId={replacing}
          services={services}
          onClose={() => setReplacing(null)}
          onReplaced={refresh}
        />
      )}
      <ConfirmDialog
        title="Remove document"
        isOpen={removing !== null}
        message={
          removing
            ? `Remove '${removing.name}' from this ${recordTypeName || 'record'}? The document itself is kept.`
            : ''
        }
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </fieldset>
  );
}
