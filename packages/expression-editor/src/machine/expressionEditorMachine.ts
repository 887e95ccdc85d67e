import { assign, cancel, enqueueActions, fromPromise, raise, setup } from 'xstate';
import type { EditorParameter } from '../api/calcEditorApi';
import type { CompileAnswer } from '../api/calcEditorContracts';
import { emptyExpression, unexpectedError } from '../api/editorMessages';
import { changeDebounceMs, compileDebounceMs, readyDebounceMs } from './editorTimings';
import type {
  CompileExpressionInput,
  CompileParametersInput,
  EditorSettings,
  ExpressionEditorContext,
  ExpressionEditorEvent,
  ExpressionEditorInput,
} from './expressionEditorTypes';

const notProvided = <TOutput, TInput>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The expression editor machine's '${name}' actor is not provided.`);
  });

const defaults: EditorSettings = { expression: '', params: [], isDisabled: false };

const requestOf = (settings: EditorSettings, params: readonly EditorParameter[]) => ({
  expr: settings.expression,
  host: settings.host,
  context: settings.context,
  params,
  expectedResultType: settings.expectedResultType,
  calcFieldId: settings.calcFieldId,
});

/** The help text and status of a compile answer (spec 03 §5). */
function outcomeOf(answer: CompileAnswer) {
  const error = answer.messages.find((m) => m.msgType === 'Error');
  if (error || answer.error !== null)
    return { status: 'error' as const, helpText: error?.message || answer.error || unexpectedError };
  const note = answer.messages[0];
  return { status: 'ok' as const, helpText: note?.message ?? '' };
}

/**
 * The expression editor machine of spec 03 §4: waiting → ready → compiling (compilingParameters,
 * then compilingExpression) → ready. Every change cancels the compile in flight and schedules a new
 * one after 500 ms; the host provides the compile actors and `reportChange` with `.provide()`.
 *
 * @example
 * const machine = expressionEditorMachine.provide({
 *   actors: { compileExpression: fromPromise(({ input }) => api.compile(input.request, input.signal)) },
 *   actions: { reportChange: ({ context }) => onValueChange(context.settings.expression) },
 * });
 */
export const expressionEditorMachine = setup({
  types: {
    context: {} as ExpressionEditorContext,
    events: {} as ExpressionEditorEvent,
    input: {} as ExpressionEditorInput,
  },
  actors: {
    compileParameters: notProvided<EditorParameter[], CompileParametersInput>('compileParameters'),
    compileExpression: notProvided<CompileAnswer, CompileExpressionInput>('compileExpression'),
  },
  delays: {
    readyDebounce: readyDebounceMs,
    compileDebounce: compileDebounceMs,
    changeDebounce: changeDebounceMs,
  },
  guards: {
    isDisabled: ({ context }) => context.settings.isDisabled,
    isBlank: ({ context }) => context.settings.expression.trim() === '',
    hasParameterExpressions: ({ context }) => context.settings.params.some((p) => Boolean(p.expr?.trim())),
    isFirstLoadDone: ({ context }) => context.isFirstLoadDone,
  },
  actions: {
    /** The host hears of typing once it pauses (spec 03 §9's editor change debounce). */
    reportChange: () => {},
    assignChange: assign({
      settings: ({ context, event }) =>
        event.type === 'CHANGE'
          ? { ...context.settings, ...event.settings }
          : event.type === 'EDIT'
            ? { ...context.settings, expression: event.expression }
            : context.settings,
    }),
    holdCompile: assign({ isCompilePending: true }),
    scheduleCompile: raise({ type: 'COMPILE' }, { delay: 'compileDebounce', id: 'compileDebounce' }),
    unscheduleCompile: cancel('compileDebounce'),
    /** With evaluate-on-load, or a change made while waiting, a compile is sent 500 ms after ready. */
    scheduleCompileOnReady: enqueueActions(({ context, enqueue }) => {
      if (context.evaluateOnLoad || context.isCompilePending)
        enqueue.raise({ type: 'COMPILE' }, { delay: compileDebounceMs, id: 'compileDebounce' });
    }),
    scheduleReportChange: raise({ type: 'REPORT_CHANGE' }, { delay: 'changeDebounce', id: 'changeDebounce' }),
    unscheduleReportChange: cancel('changeDebounce'),
    /** A fresh cancel token for this compile; the one in flight is cancelled. */
    createCancelToken: assign({
      abort: ({ context }) => {
        context.abort?.abort();
        return new AbortController();
      },
    }),
    cancelCompile: assign({
      abort: ({ context }) => {
        context.abort?.abort();
        return null;
      },
    }),
    clearErrors: assign({ messages: [], helpText: '', status: 'unknown', isCompilePending: false }),
    markEmpty: assign({
      status: 'error',
      helpText: emptyExpression,
      messages: [],
      answer: null,
      isFirstLoadDone: true,
    }),
    markFailed: assign({
      status: 'error',
      helpText: unexpectedError,
      messages: [],
      answer: null,
      isFirstLoadDone: true,
    }),
  },
}).createMachine({
  id: 'expressionEditor',
  context: ({ input }) => ({
    settings: { ...defaults, ...input.settings },
    evaluateOnLoad: input.evaluateOnLoad ?? false,
    isCompilePending: false,
    isFirstLoadDone: false,
    abort: null,
    compiledParams: [],
    answer: null,
    messages: [],
    status: 'unknown',
    helpText: '',
  }),
  initial: 'waiting',
  on: {
    // Typing is reported to the host 300 ms after the last keystroke, in every state.
    REPORT_CHANGE: { actions: 'reportChange' },
  },
  states: {
    waiting: {
      after: { readyDebounce: 'ready' },
      on: {
        LOADED: 'ready',
        AUTOCOMPLETE: 'ready',
        CHANGE: { actions: ['assignChange', 'holdCompile'] },
        EDIT: { actions: ['assignChange', 'holdCompile', 'unscheduleReportChange', 'scheduleReportChange'] },
      },
    },
    ready: {
      id: 'ready',
      entry: 'scheduleCompileOnReady',
      on: {
        COMPILE: [{ guard: 'isDisabled' }, { target: 'compiling' }],
        CHANGE: { actions: ['assignChange', 'unscheduleCompile', 'scheduleCompile'] },
        EDIT: {
          actions: [
            'assignChange',
            'unscheduleCompile',
            'scheduleCompile',
            'unscheduleReportChange',
            'scheduleReportChange',
          ],
        },
        // Asking for hints returns the editor to ready (spec 03 §4).
        AUTOCOMPLETE: {},
      },
    },
    compiling: {
      entry: ['createCancelToken', 'clearErrors'],
      initial: 'choosing',
      on: {
        CHANGE: {
          target: 'ready',
          actions: ['cancelCompile', 'assignChange', 'unscheduleCompile', 'scheduleCompile'],
        },
        EDIT: {
          target: 'ready',
          actions: [
            'cancelCompile',
            'assignChange',
            'unscheduleCompile',
            'scheduleCompile',
            'unscheduleReportChange',
            'scheduleReportChange',
          ],
        },
        CANCEL: { guard: 'isFirstLoadDone', target: 'ready', actions: 'cancelCompile' },
      },
      states: {
        choosing: {
          always: [
            { guard: 'isBlank', target: '#ready', actions: 'markEmpty' },
            { guard: 'hasParameterExpressions', target: 'compilingParameters' },
            { target: 'compilingExpression' },
          ],
        },
        // Parameters that carry an expression are compiled first, for their types.
        compilingParameters: {
          invoke: {
            src: 'compileParameters',
            input: ({ context }) => ({
              request: requestOf(context.settings, context.settings.params),
              signal: context.abort!.signal,
            }),
            onDone: {
              target: 'compilingExpression',
              actions: assign({ compiledParams: ({ event }) => event.output }),
            },
            onError: { target: '#ready', actions: 'markFailed' },
          },
        },
        compilingExpression: {
          invoke: {
            src: 'compileExpression',
            input: ({ context }) => ({
              request: requestOf(
                context.settings,
                context.settings.params.some((p) => p.expr?.trim())
                  ? context.compiledParams
                  : context.settings.params,
              ),
              signal: context.abort!.signal,
            }),
            onDone: {
              target: '#ready',
              actions: assign(({ event }) => ({
                answer: event.output,
                messages: event.output.messages,
                ...outcomeOf(event.output),
                isFirstLoadDone: true,
              })),
            },
            onError: { target: '#ready', actions: 'markFailed' },
          },
        },
      },
    },
  },
});
