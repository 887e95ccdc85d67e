import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CompileRequest, EditorParameter } from '../api/calcEditorApi';
import type { CompileAnswer } from '../api/calcEditorContracts';
import { expressionEditorMachine } from './expressionEditorMachine';
import type { ExpressionEditorInput } from './expressionEditorTypes';

const answer = (over: Partial<CompileAnswer> = {}): CompileAnswer => ({
  resultType: 'Int32',
  entityTypeId: null,
  isList: false,
  error: null,
  warning: null,
  messages: [],
  ...over,
});

interface Call {
  request: CompileRequest;
  signal: AbortSignal;
  resolve: (a: CompileAnswer) => void;
  reject: (e: unknown) => void;
}

function start(input: ExpressionEditorInput, paramTypes?: (r: CompileRequest) => Promise<EditorParameter[]>) {
  const calls: Call[] = [];
  const paramCalls: CompileRequest[] = [];
  const reportChange = vi.fn();
  const machine = expressionEditorMachine.provide({
    actors: {
      compileExpression: fromPromise(
        ({ input: i }) =>
          new Promise<CompileAnswer>((resolve, reject) =>
            calls.push({ request: i.request, signal: i.signal, resolve, reject }),
          ),
      ),
      compileParameters: fromPromise(async ({ input: i }) => {
        paramCalls.push(i.request);
        return paramTypes ? paramTypes(i.request) : [];
      }),
    },
    actions: { reportChange: ({ context }) => reportChange(context.settings.expression) },
  });
  const actor = createActor(machine, { input }).start();
  const state = () => actor.getSnapshot();
  return { actor, calls, paramCalls, reportChange, state };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the expression editor machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits, then turns ready after 1000 ms', () => {
    const { state } = start({ settings: { expression: '1' } });
    expect(state().value).toBe('waiting');
    vi.advanceTimersByTime(999);
    expect(state().value).toBe('waiting');
    vi.advanceTimersByTime(1);
    expect(state().value).toBe('ready');
  });

  it('turns ready at once when the editor has loaded', () => {
    const { actor, state } = start({ settings: { expression: '1' } });
    actor.send({ type: 'LOADED' });
    expect(state().value).toBe('ready');
  });

  it('turns ready when hints are asked for while waiting', () => {
    const { actor, state } = start({ settings: { expression: '1' } });
    actor.send({ type: 'AUTOCOMPLETE' });
    expect(state().value).toBe('ready');
  });

  it('with evaluate-on-load, compiles 500 ms after ready', async () => {
    const { actor, calls, state } = start({ settings: { expression: '1 + 2' }, evaluateOnLoad: true });
    actor.send({ type: 'LOADED' });
    vi.advanceTimersByTime(499);
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(state().matches({ compiling: 'compilingExpression' })).toBe(true);
    expect(calls[0]!.request.expr).toBe('1 + 2');
    calls[0]!.resolve(answer());
    await flush();
    expect(state().value).toBe('ready');
    expect(state().context.status).toBe('ok');
  });

  it('without evaluate-on-load, does not compile on ready', () => {
    const { actor, calls } = start({ settings: { expression: '1' } });
    actor.send({ type: 'LOADED' });
    vi.advanceTimersByTime(5000);
    expect(calls).toHaveLength(0);
  });

  it('compiles a change made while waiting once ready', () => {
    const { actor, calls } = start({ settings: { expression: '1' } });
    actor.send({ type: 'EDIT', expression: '2' });
    vi.advanceTimersByTime(1000 + 500);
    expect(calls.map((c) => c.request.expr)).toEqual(['2']);
  });

  it('debounces typing: compile 500 ms and report 300 ms after the last keystroke', () => {
    const { actor, calls, reportChange } = start({ settings: { expression: '' } });
    actor.send({ type: 'LOADED' });
    actor.send({ type: 'EDIT', expression: '1' });
    vi.advanceTimersByTime(200);
    actor.send({ type: 'EDIT', expression: '1 +' });
    vi.advanceTimersByTime(299);
    expect(reportChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reportChange).toHaveBeenCalledExactlyOnceWith('1 +');
    vi.advanceTimersByTime(199);
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(calls.map((c) => c.request.expr)).toEqual(['1 +']);
  });

  it('schedules a compile on any change of host, context, parameters, expected type or disabled', () => {
    const { actor, calls } = start({ settings: { expression: '[Name]' } });
    actor.send({ type: 'LOADED' });
    actor.send({ type: 'CHANGE', settings: { context: 'crm:contact', host: 'Report' } });
    vi.advanceTimersByTime(500);
    expect(calls[0]!.request).toMatchObject({ expr: '[Name]', context: 'crm:contact', host: 'Report' });
  });

  it('stays ready when a compile is asked while disabled', () => {
    const { actor, calls, state } = start({ settings: { expression: '1', isDisabled: true } });
    actor.send({ type: 'LOADED' });
    actor.send({ type: 'COMPILE' });
    expect(state().value).toBe('ready');
    expect(calls).toHaveLength(0);
  });

  it('cancels the compile in flight on a change and schedules a new one', async () => {
    const { actor, calls, state } = start({ settings: { expression: '1' } });
    actor.send({ type: 'LOADED' });
    actor.send({ type: 'COMPILE' });
    const first = calls[0]!;
    actor.send({ type: 'EDIT', expression: '12' });
    expect(first.signal.aborted).toBe(true);
    expect(state().value).toBe('ready');
    first.resolve(answer({ error: 'late', messages: [] }));
    await flush();
    expect(state().context.status).toBe('unknown');
    vi.advanceTimersByTime(500);
    expect(calls[1]!.request.expr).toBe('12');
    expect(calls[1]!.signal.aborted).toBe(false);
  });

  it('compiles parameters with expressions first, then the expression with their types', async () => {
    const typed: EditorParameter[] = [{ name: 'Total', type: 'Decimal', isList: false }];
    const { actor, calls, paramCalls, state } = start(
      { settings: { expression: '[Total] * 2', params: [{ name: 'Total', expr: '[Qty] * 1.5' }] } },
      async () => typed,
    );
    actor.send({ type: 'LOADED' });
    actor.send({ type: 'COMPILE' });
    expect(state().matches({ compiling: 'compilingParameters' })).toBe(true);
    await flush();
    expect(paramCalls).toHaveLength(1);
    expect(calls[0]!.request.params).toEqual(typed);
  });

  it("shows 'Unexpected error.' when a parameter's compile fails", async () => {
    const { actor, state, calls } = start(
      { settings: { expression: '[T]', params: [{ name: 'T', expr: '1' }] } },
      () => Promise.reject(new Error('503')),
    );
    actor.send({ type: 'LOADED' });
    actor.send({ type: 'COMPILE' });
    await flush();
    expect(state().value).toBe('ready');
    expect(state().context).toMatchObject({ status: 'error', helpText: 'Unexpected error.' });
    expect(calls).toHaveLength(0);
  });

  it("shows 'Unexpected error.' when the compile call fails, and returns to ready", async () => {
    const { actor, state, calls } = start({ settings: { expression: '1' } });
    actor.send({ type: 'LOADED' });
    actor.send({ type: 'COMPILE' });
    calls[0]!.reject(new Error('Service Unavailable'));
    await flush();
    expect(state().value).toBe('ready');
    expect(state().context).toMatchObject({ status: 'error', helpText: 'Unexpected error.' });
  });

  it("gives 'empty expression' for a blank expression without calling the server", () => {
    const { actor, state, calls } = start({ settings: { expression: '   ' } });
    actor.send({ type: 'LOADED' });
    actor.send({ type: 'COMPILE' });
    expect(calls).toHaveLength(0);
    expect(state().value).toBe('ready');
    expect(state().context).toMatchObject({ status: 'error', helpText: 'empty expression' });
  });

  it('puts an Error message in the help text and the error state; a warning is help text only', async () => {
    const { actor, state, calls } = start({ settings: { expression: '[Foo]' } });
    actor.send({ type: 'LOADED' });
    actor.send({ type: 'COMPILE' });
    const message = "'Foo' is not a recognised field, relationship or variable.";
    calls[0]!.resolve(
      answer({
        error: message,
        messages: [{ msgType: 'Error', message, location: { line: 1, col: 1, length: 5 } }],
      }),
    );
    await flush();
    expect(state().context).toMatchObject({ status: 'error', helpText: message });
    actor.send({ type: 'EDIT', expression: '1 / 0' });
    vi.advanceTimersByTime(500);
    calls[1]!.resolve(
      answer({
        warning: 'Division by zero',
        messages: [
          { msgType: 'Warning', message: 'Division by zero', location: { line: 1, col: 5, length: 1 } },
        ],
      }),
    );
    await flush();
    expect(state().context).toMatchObject({ status: 'ok', helpText: 'Division by zero' });
    expect(state().context.messages).toHaveLength(1);
  });

  it('honours cancel only once the first load compile is done', async () => {
    const { actor, state, calls } = start({ settings: { expression: '1' }, evaluateOnLoad: true });
    actor.send({ type: 'LOADED' });
    vi.advanceTimersByTime(500);
    actor.send({ type: 'CANCEL' });
    expect(state().matches('compiling')).toBe(true);
    calls[0]!.resolve(answer());
    await flush();
    actor.send({ type: 'COMPILE' });
    actor.send({ type: 'CANCEL' });
    expect(state().value).toBe('ready');
    expect(calls[1]!.signal.aborted).toBe(true);
  });
});
