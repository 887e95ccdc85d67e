import './recordForm.css';
import type { CellTextSettings } from '@plinth/grid';
import { Button, ErrorDisplay, LoadingGrid } from '@plinth/ui';
import { useEffect, useMemo, useRef } from 'react';
import { useSession } from '../../auth/public';
import { pickerSource } from '../../pickerData/public';
import { FormDocumentsControl, isDocumentsEnd } from '../documents/FormDocumentsControl';
import { FieldControl } from '../render/FieldControl';
import { FormTreeView } from '../render/FormTreeView';
import type { FormFieldNode, FormNode, FormRelationshipNode } from '../render/formTree';
import { mobileFormTree } from '../render/mobileForm';
import { RelationshipControl } from '../render/RelationshipControl';
import { useIsNarrow } from '../render/useIsNarrow';
import type { RecordFormMode } from './recordFormApi';
import { isEditableControl, isRelationshipRequired } from './recordValues';
import type { RecordFormState } from './useRecordForm';

export interface RecordFormBodyProps {
  state: RecordFormState;
  settings: CellTextSettings;
}

/** Controls a new record does not show: the record's dates and makers, which it has not yet. */
function withoutRecordColumns(
  nodes: readonly FormNode[],
  mode: RecordFormMode,
  readOnly: ReadonlySet<string>,
): FormNode[] {
  if (mode !== 'new') return [...nodes];
  return nodes.flatMap((n): FormNode[] => {
    if (n.kind === 'container') return [{ ...n, children: withoutRecordColumns(n.children, mode, readOnly) }];
    if (n.kind === 'field' && n.field.column !== undefined && (n.field.isReadOnly || readOnly.has(n.id)))
      return [];
    if (n.kind === 'relationship' && n.end.column !== undefined) return [];
    return [n];
  });
}

/**
 * A record form's contents: the message about the whole form (a stale save offers Reload and Keep
 * my changes), then the tree of controls — simplified on a narrow screen (spec 03 §2) — each with
 * its value and the message under it.
 */
export function RecordFormBody({ state, settings }: RecordFormBodyProps) {
  const { client } = useSession();
  const dataSource = useMemo(() => pickerSource(client), [client]);
  const isNarrow = useIsNarrow();
  const alertRef = useRef<HTMLDivElement>(null);
  // The message about the whole form sits above it: brought into view (and focus) when it comes,
  // since the Save button that caused it may be far below.
  useEffect(() => {
    if (!state.formError || !alertRef.current) return;
    alertRef.current.scrollIntoView?.({ block: 'nearest' });
    alertRef.current.focus({ preventScroll: true });
  }, [state.formError]);
  const { load, mode, values, errors, setValue } = state;
  const loaded = load.status === 'ready' ? load.loaded : null;
  // Each read of the record counts: uncontrolled editors (rich text) start again from it.
  const loads = useRef(0);
  const loadIndex = useMemo(() => (loaded ? ++loads.current : loads.current), [loaded]);
  const tree = useMemo(() => {
    if (!loaded) return [];
    const shown = withoutRecordColumns(loaded.tree, mode, loaded.readOnlyControls);
    return isNarrow ? mobileFormTree(shown) : shown;
  }, [loaded, mode, isNarrow]);
  if (load.status === 'failed') return <ErrorDisplay message={load.message} />;
  if (!loaded) return <LoadingGrid columns={2} rows={6} />;

  const renderControl = (node: FormFieldNode | FormRelationshipNode) => {
    const isReadOnly = mode === 'view' || !isEditableControl(node, loaded.readOnlyControls);
    const isMandatory =
      node.kind === 'field' ? node.field.isRequired || node.control.mandatory : isRelationshipRequired(node);
    if (node.kind === 'field')
      return (
        <FieldControl
          node={node}
          value={values[node.id]}
          errorText={errors[node.id]}
          isReadOnly={isReadOnly}
          isMandatory={isMandatory && !isReadOnly}
          settings={settings}
          resetKey={loadIndex}
          onValueChange={(v) => setValue(node.id, v)}
          onInvalid={(message) => state.setError(node.id, message)}
        />
      );
    if (isDocumentsEnd(node))
      return (
        <FormDocumentsControl
          node={node}
          mode={mode}
          recordId={loaded.record.id}
          recordTypeName={loaded.type.type.name}
          readOnlyControls={loaded.readOnlyControls}
          refreshToken={loadIndex}
          isMandatory={isMandatory}
          errorText={errors[node.id]}
        />
      );
    return (
      <RelationshipControl
        node={node}
        value={values[node.id]}
        errorText={errors[node.id]}
        isReadOnly={isReadOnly}
        isMandatory={isMandatory && !isReadOnly}
        pickerDataSource={dataSource}
        onValueChange={(v) => setValue(node.id, v)}
        form={{
          mode,
          recordId: loaded.record.id,
          recordName: loaded.record.name,
          typeName: loaded.type.type.name,
          loadIndex,
        }}
      />
    );
  };

  return (
    <div className={`pl-record-form${isNarrow ? ' pl-record-form--narrow' : ''}`} data-mode={mode}>
      {state.formError && (
        <div
          ref={alertRef}
          tabIndex={-1}
          className={`pl-record-form__alert${state.isStale ? ' is-stale' : ''}`}
          role="alert"
        >
          <p>{state.formError}</p>
          {state.isStale && (
            <div className="pl-record-form__alert-actions">
              <Button variant="primary" size="small" onPress={state.reload}>
                Reload
              </Button>
              <Button variant="outline" size="small" onPress={state.keepEdits}>
                Keep my changes
              </Button>
            </div>
          )}
        </div>
      )}
      <FormTreeView nodes={tree} renderControl={renderControl} />
    </div>
  );
}
