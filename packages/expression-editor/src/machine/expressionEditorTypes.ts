import type { CompileRequest, EditorParameter } from '../api/calcEditorApi';
import type { CompileAnswer, CompileMessage } from '../api/calcEditorContracts';

/** What a compile depends on; a change of any of them schedules a new compile (spec 03 §4). */
export interface EditorSettings {
  readonly expression: string;
  readonly host?: string | undefined;
  readonly context?: number | string | undefined;
  readonly params: readonly EditorParameter[];
  readonly expectedResultType?: string | undefined;
  readonly calcFieldId?: number | undefined;
  readonly isDisabled: boolean;
}

/** ok: compiled with no Error; error: an Error message, 'empty expression' or a failed call. */
export type EditorStatus = 'unknown' | 'ok' | 'error';

export interface ExpressionEditorContext {
  readonly settings: EditorSettings;
  readonly evaluateOnLoad: boolean;
  /** A change came before the editor was ready: compile once it is. */
  readonly isCompilePending: boolean;
  /** Cancel is honoured once the first load's compile is done (spec 03 §4). */
  readonly isFirstLoadDone: boolean;
  readonly abort: AbortController | null;
  /** The parameters as compiled: those with an expression carry its type. */
  readonly compiledParams: readonly EditorParameter[];
  readonly answer: CompileAnswer | null;
  readonly messages: readonly CompileMessage[];
  readonly status: EditorStatus;
  /** The error's message, or a warning or suggestion; '' when there is nothing to say. */
  readonly helpText: string;
}

export type ExpressionEditorEvent =
  | { type: 'LOADED' }
  | { type: 'CHANGE'; settings: Partial<EditorSettings> }
  | { type: 'EDIT'; expression: string }
  | { type: 'COMPILE' }
  | { type: 'AUTOCOMPLETE' }
  | { type: 'CANCEL' }
  | { type: 'REPORT_CHANGE' };

export interface ExpressionEditorInput {
  readonly settings: Partial<EditorSettings>;
  readonly evaluateOnLoad?: boolean;
}

export interface CompileParametersInput {
  readonly request: CompileRequest;
  readonly signal: AbortSignal;
}
export interface CompileExpressionInput {
  readonly request: CompileRequest;
  readonly signal: AbortSignal;
}
