import type { RecordFormMode } from '../record/recordFormApi';
import type { FormRelationshipNode } from '../render/formTree';
import { DocumentsControl } from './DocumentsControl';

export interface FormDocumentsControlProps {
  node: FormRelationshipNode;
  mode: RecordFormMode;
  /** The form's record: a new one (id 0) has no documents yet. */
  recordId: number;
  recordTypeName: string;
  /** The controls the server made read-only for this record (form/data). */
  readOnlyControls: ReadonlySet<string>;
  /** Each read of the record reads the documents again. */
  refreshToken: number;
  /** The relationship or the control is mandatory (spec 03 §5). */
  isMandatory?: boolean | undefined;
  /** The form's message for the control. */
  errorText?: string | undefined;
}

/** Whether an end of a record form reaches documents: shown by the documents control. */
export const isDocumentsEnd = (node: FormRelationshipNode) => node.end.endIsDocument === true;

/**
 * A record form's control for an end that reaches documents: the documents control, read-only in
 * view mode or when the control or the server says so. Its changes are made at once, not on Save
 * (decision 0084), so it leaves the form's values alone.
 */
export function FormDocumentsControl({
  node,
  mode,
  recordId,
  recordTypeName,
  readOnlyControls,
  refreshToken,
  isMandatory,
  errorText,
}: FormDocumentsControlProps) {
  return (
    <DocumentsControl
      title={node.title}
      helpText={node.helpText}
      recordId={mode === 'new' || recordId <= 0 ? undefined : recordId}
      recordTypeName={recordTypeName}
      relationshipId={node.end.id}
      direction={node.end.direction}
      isReadOnly={mode === 'view' || node.control.readOnlyControl || readOnlyControls.has(node.id)}
      refreshToken={refreshToken}
      isMandatory={isMandatory}
      errorText={errorText}
    />
  );
}
