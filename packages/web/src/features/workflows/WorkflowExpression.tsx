import { type CalcEditorApi, type EditorParameter, LazyExpressionEditor } from '@plinth/expression-editor';

export interface WorkflowExpressionProps {
  api: CalcEditorApi;
  /** The label a person reads above the editor ("Record"). */
  label: string;
  /** The editor's accessible name, unique on the page ("Step 2: Record"). */
  accessibleName: string;
  value: string;
  onChange: (expression: string) => void;
  params: readonly EditorParameter[];
  /** The type the server compiles it to (Bool, String, a field's type, Entity). */
  expectedResultType?: string | undefined;
  /** The record type it compiled to, when it gives one record (null when not). */
  onRecordType?: ((typeId: number | null) => void) | undefined;
  hint?: string | undefined;
  placeholder?: string | undefined;
  /** The check's message about this value, shown under it. */
  error?: string | undefined;
}

/**
 * A step's expression in the expression editor, compiled as the server compiles it when the
 * workflow is saved (decision 0130): no context record, host Evaluate, the workflow's arguments and
 * earlier steps' saved records as declared parameters, so the marks match the save's refusal.
 */
export function WorkflowExpression({
  api,
  label,
  accessibleName,
  value,
  onChange,
  params,
  expectedResultType,
  onRecordType,
  hint,
  placeholder,
  error,
}: WorkflowExpressionProps) {
  return (
    <div className="pl-text-field pl-workflow__expression">
      {/* The editor's text box is named by accessibleName; this is the label a person reads. */}
      <span className="pl-field__label" aria-hidden="true">
        {label}
      </span>
      {hint && <p className="pl-field__hint pl-workflow__expression-hint">{hint}</p>}
      <LazyExpressionEditor
        api={api}
        label={accessibleName}
        host="Evaluate"
        params={params}
        variables={params}
        {...(expectedResultType ? { expectedResultType } : {})}
        defaultValue={value}
        evaluateOnLoad={value.trim() !== ''}
        onInput={onChange}
        size="small"
        resize="vertical"
        // A workflow's expressions have no record to try them on here.
        showLiveResult={false}
        {...(placeholder ? { placeholder } : {})}
        {...(onRecordType
          ? {
              onStatusChange: (status, answer) => {
                if (status !== 'ok' || !answer) return onRecordType(null);
                onRecordType(
                  answer.resultType === 'Entity' && !answer.isList && answer.entityTypeId !== null
                    ? answer.entityTypeId
                    : null,
                );
              },
            }
          : {})}
      />
      {error && (
        <p className="pl-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
