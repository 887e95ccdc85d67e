/**
 * @plinth/expression-editor — the calculation expression editor (spec 03 §2, §4): CodeMirror 6 with
 * the calculation language's highlighting, hints and compile diagnostics, the toolbar and its
 * popups (Functions, Snippets, Variables, AI Explain, AI Generate, Help), the popup and modal
 * presentations and a live result. Everything here is light: the editor itself (CodeMirror) loads
 * on demand through `LazyExpressionEditor`, which the presentations use.
 *
 * @example
 * const api = createCalcEditorApi((method, path, body, signal) => client.call(method, path, z.unknown(), body, signal));
 * <LazyExpressionEditor api={api} label="Calculation" contextType="crm:opportunity" defaultValue="[Amount] * 2" />
 */
export type {
  AiVariable,
  CalcEditorApi,
  CalcEditorTransport,
  CompileRequest,
  DescribeResult,
  EditorParameter,
  EvalRequest,
  GenerateResult,
} from './api/calcEditorApi';
export { createCalcEditorApi } from './api/calcEditorApi';
export type { CompileAnswer, CompileMessage, EvalAnswer } from './api/calcEditorContracts';
export {
  aiExplainUnavailable,
  aiFooter,
  aiGenerateUnavailable,
  emptyExpression,
  helpPath,
  unexpectedError,
} from './api/editorMessages';
export type {
  ExpressionEditorProps,
  ExpressionEditorResize,
  ExpressionEditorSize,
} from './ExpressionEditorProps';
export type { EditorVariable } from './editor/calcCompletion';
export { LazyExpressionEditor, preloadExpressionEditor } from './LazyExpressionEditor';
export { changeDebounceMs, compileDebounceMs, readyDebounceMs } from './machine/editorTimings';
export type { EditorStatus } from './machine/expressionEditorTypes';
export {
  ModalExpressionEditor,
  type ModalExpressionEditorProps,
} from './presentations/ModalExpressionEditor';
export {
  PopupExpressionEditor,
  type PopupExpressionEditorProps,
} from './presentations/PopupExpressionEditor';
