import { startCompletion } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FunctionInfo, SnippetsAnswer } from './api/calcEditorContracts';
import type { ExpressionEditorProps } from './ExpressionEditorProps';
import { CalcCodeEditor } from './editor/CalcCodeEditor';
import type { CompletionData, EditorVariable } from './editor/calcCompletion';
import { showDiagnostics } from './editor/calcDiagnostics';
import { useExpressionEditorMachine } from './machine/useExpressionEditorMachine';
import { LiveResult } from './result/LiveResult';
import { ExpressionToolbar } from './toolbar/ExpressionToolbar';
import './styles.css';

const noParams: never[] = [];

/**
 * The expression editor (spec 03 §2): toolbar, the CodeMirror text box with highlighting, hints
 * and diagnostics, the help text under it and the live result. Load it through
 * `LazyExpressionEditor` so CodeMirror stays out of the first load.
 */
export function ExpressionEditor(props: ExpressionEditorProps) {
  const { api, contextType, host, isReadOnly = false, size = 'small', resize = 'none' } = props;
  const params = props.params ?? noParams;
  const { actor, snapshot } = useExpressionEditorMachine(
    api,
    {
      expression: props.defaultValue ?? '',
      host,
      context: contextType,
      params,
      expectedResultType: props.expectedResultType,
      calcFieldId: props.calcFieldId,
      isDisabled: props.isDisabled ?? false,
    },
    props.evaluateOnLoad ?? false,
    props.onValueChange,
  );
  const { settings, messages, status, helpText, answer } = snapshot.context;
  const [view, setView] = useState<EditorView | null>(null);
  const [functions, setFunctions] = useState<readonly FunctionInfo[]>([]);
  const [snippets, setSnippets] = useState<SnippetsAnswer | null>(null);
  const [flag, setFlag] = useState(false);
  const helpId = useId();

  useEffect(() => {
    api.functions().then(
      (f) => setFunctions(f.functions),
      () => {},
    );
    api.snippets().then(setSnippets, () => {});
    if (props.isAiGenerateEnabled === undefined) api.isAiGenerateEnabled().then(setFlag);
  }, [api, props.isAiGenerateEnabled]);

  const variables: readonly EditorVariable[] = useMemo(
    () =>
      props.variables ??
      params.map((p) => ({ name: p.name, type: p.type, isList: p.isList, entityTypeId: p.entityTypeId })),
    [props.variables, params],
  );

  const completion = useRef<CompletionData>({
    functions,
    snippets: [],
    variables,
    membersOf: async () => ({ fields: [], relationships: [] }),
  });
  completion.current = {
    functions,
    snippets: snippets?.snippets ?? [],
    variables,
    contextType,
    membersOf: (typeId) => api.functions(typeId),
  };

  // The compile's messages are marked once they belong to the text shown.
  useEffect(() => {
    if (view) showDiagnostics(view, settings.expression, messages);
  }, [view, messages, settings.expression]);

  const onStatusChange = useRef(props.onStatusChange);
  onStatusChange.current = props.onStatusChange;
  useEffect(() => {
    if (status !== 'unknown') onStatusChange.current?.(status, answer);
  }, [status, answer]);

  useEffect(() => {
    if (view) actor.send({ type: 'LOADED' });
  }, [view, actor]);

  const insert = (text: string, cursorBack = 0) => {
    if (!view) return;
    const { from, to } = view.state.selection.main;
    view.dispatch({
      changes: { from, to, insert: text },
      selection: { anchor: from + text.length - cursorBack },
    });
    focusAfterPopup(view);
  };
  const replaceAll = (text: string) => {
    if (!view) return;
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: text },
      selection: { anchor: text.length },
    });
    focusAfterPopup(view);
  };
  const showHints = () => {
    if (!view) return;
    view.focus();
    startCompletion(view);
  };

  const isCompiling = snapshot.matches('compiling');
  return (
    <div
      className={`pl-expr-editor pl-expr-editor--${size} pl-expr-editor--resize-${resize}`}
      data-status={status}
      data-compiling={isCompiling || undefined}
    >
      <ExpressionToolbar
        api={api}
        expression={settings.expression}
        functions={functions}
        snippets={snippets}
        variables={variables}
        isAiGenerateEnabled={props.isAiGenerateEnabled ?? flag}
        isReadOnly={isReadOnly}
        returnType={props.expectedResultType}
        contextType={props.contextType}
        appName={props.appName}
        pageName={props.pageName}
        onShowHints={showHints}
        onInsert={insert}
        onReplace={replaceAll}
      />
      <div className="pl-expr-editor__box" aria-describedby={helpId}>
        <CalcCodeEditor
          defaultValue={props.defaultValue ?? ''}
          label={props.label}
          placeholder={props.placeholder}
          isReadOnly={isReadOnly}
          completion={() => completion.current}
          onView={setView}
          onCompletionAsked={() => actor.send({ type: 'AUTOCOMPLETE' })}
          onEdit={(expression) => {
            actor.send({ type: 'EDIT', expression });
            props.onInput?.(expression);
          }}
        />
      </div>
      <div className="pl-expr-editor__footer">
        <p
          id={helpId}
          className={`pl-expr-help pl-expr-help--${status === 'error' ? 'error' : messages.length > 0 ? 'warning' : 'info'}`}
          aria-live="polite"
        >
          {isCompiling ? 'Checking…' : helpText || (status === 'ok' ? okText(answer) : '')}
        </p>
        {(props.showLiveResult ?? true) && (
          <LiveResult
            api={api}
            expression={status === 'ok' ? settings.expression : null}
            contextType={contextType}
            host={host}
            params={params}
          />
        )}
      </div>
    </div>
  );
}

/** Back to the text once the popup that inserted has closed (it gives focus back to its button). */
function focusAfterPopup(view: EditorView) {
  view.focus();
  setTimeout(() => {
    if (view.dom.isConnected) view.focus();
  }, 0);
}

function okText(answer: { resultType: string; isList: boolean } | null): string {
  return answer ? `No errors. Gives ${answer.isList ? 'a list of ' : ''}${answer.resultType}.` : '';
}
