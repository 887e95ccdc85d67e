import type { CalcEditorApi, EditorParameter } from './api/calcEditorApi';
import type { CompileAnswer } from './api/calcEditorContracts';
import type { EditorVariable } from './editor/calcCompletion';
import type { EditorStatus } from './machine/expressionEditorTypes';

/** Editor heights (spec 03 §9): small for a rule, large for a calculated field. */
export type ExpressionEditorSize = 'small' | 'large';
/** Resize modes (spec 03 §9): none, or the user drags the bottom edge. */
export type ExpressionEditorResize = 'none' | 'vertical';

export interface ExpressionEditorProps {
  api: CalcEditorApi;
  /** Accessible name of the text box, e.g. 'Calculation'. */
  label: string;
  defaultValue?: string | undefined;
  /** Typing reported 300 ms after the last keystroke (spec 03 §9). */
  onValueChange?: ((expression: string) => void) | undefined;
  /** Every edit at once, undebounced (a modal's primary button reads the latest text). */
  onInput?: ((expression: string) => void) | undefined;
  /** The type of the current record: its fields and relationships are hinted and resolve. */
  contextType?: number | string | undefined;
  host?: 'Any' | 'Evaluate' | 'Report' | undefined;
  /** Declared parameters; those with an expression are compiled first for their types. */
  params?: readonly EditorParameter[] | undefined;
  /** The usable variables (Variables popup, hints); defaults to the typed parameters. */
  variables?: readonly EditorVariable[] | undefined;
  expectedResultType?: string | undefined;
  calcFieldId?: number | undefined;
  isReadOnly?: boolean | undefined;
  /** Disabled: no compiles are sent (spec 03 §4). */
  isDisabled?: boolean | undefined;
  evaluateOnLoad?: boolean | undefined;
  size?: ExpressionEditorSize | undefined;
  resize?: ExpressionEditorResize | undefined;
  /** Shows the value for a record the builder picks (default true). */
  showLiveResult?: boolean | undefined;
  /** Overrides the AI Generate feature flag read from the server. */
  isAiGenerateEnabled?: boolean | undefined;
  appName?: string | undefined;
  pageName?: string | undefined;
  placeholder?: string | undefined;
  /** Each compile's outcome, for hosts that block saving while the expression has an error. */
  onStatusChange?: ((status: EditorStatus, answer: CompileAnswer | null) => void) | undefined;
}
