import { assign, cancel, fromPromise, raise, setup } from 'xstate';

/** The record a form page holds: a stored one (with the version read), or a new one (id 0). */
export interface BoundRecord {
  id: number;
  typeId: number;
  version: number;
  isNew: boolean;
  name: string | null;
}

/** Member values by member key (a field's or relationship end's script name). */
export type MemberValues = Readonly<Record<string, unknown>>;
/** Messages by component id. */
export type ComponentErrors = Readonly<Record<string, string>>;

export interface LoadedRecord {
  record: BoundRecord;
  values: MemberValues;
}

/** A save's answer: the record's id and version now, and the values it sent. */
export interface SavedRecord {
  id: number;
  version: number;
  values: MemberValues;
  /** False when the save found nothing to send (every change was to a member it cannot write). */
  written: boolean;
}

export interface BoundComponentContext {
  record: BoundRecord | null;
  /** The values as the user has them now. */
  values: MemberValues;
  /** The values as last read or saved: what a discard restores and a save compares with. */
  bookmark: MemberValues;
  /** The client rules' messages (spec 03 §5). */
  errors: ComponentErrors;
  /** The server's custom validation messages (spec 03 §5), by component id. */
  customErrors: ComponentErrors;
  isInitialised: boolean;
  /** The page variables the record's load depends on (lower case): others never reload it. */
  relevantVariables: readonly string[];
  /** The last load failed before any record was read. */
  loadFailed: boolean;
}

export type BoundComponentEvent =
  | { type: 'INITIALISE' }
  | { type: 'VARIABLES_CHANGED'; names: readonly string[] }
  | { type: 'REFRESH' }
  /** A member's new value; the messages of the components showing it go (`componentIds`). */
  | { type: 'CHANGE'; key: string; value: unknown; componentIds?: readonly string[] }
  | { type: 'VALIDATE' }
  | { type: 'SAVE' }
  | { type: 'DISCARD' }
  /** The user stopped changing values for 300 ms (spec 03 §4). */
  | { type: 'CHANGES_SETTLED' };

/** Member values equal as the save compares them: related records by their ids. */
export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined || v === '' ? null : v);
  const x = norm(a);
  const y = norm(b);
  if (Array.isArray(x) || Array.isArray(y)) {
    // A relationship table's pending changes (an object) differ from any list, an empty one too.
    const isList = (v: unknown) => v === null || Array.isArray(v);
    if (!isList(x) || !isList(y)) return false;
    const ids = (v: unknown) =>
      (Array.isArray(v) ? v : [])
        .map((r) => (typeof r === 'object' && r !== null ? (r as { id?: unknown }).id : r))
        .sort()
        .join(',');
    return ids(x) === ids(y);
  }
  return x === y;
}

/** The member keys whose value differs from the bookmark. */
export function changedKeys(bookmark: MemberValues, values: MemberValues): string[] {
  return Object.keys({ ...bookmark, ...values }).filter((k) => !sameValue(bookmark[k], values[k]));
}

const settleDelayMs = 300;

function without(errors: ComponentErrors, ids: readonly string[] | undefined): ComponentErrors {
  if (!ids?.some((id) => id in errors)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([id]) => !ids.includes(id)));
}

/**
 * The bound component machine of spec 03 §4: the record a form page's bound components show, read
 * once (INITIALISE) and again only on a refresh or a change of a variable it depends on; checked
 * (client rules, then the custom validators on the server); saved against its bookmark; discarded
 * back to it. The host provides the calls (`fetchRecord`, `runCustomValidation`, `saveRecord`),
 * the client rules (`checkClientRules`) and the reports to the page (`report*`).
 */
export const boundComponentMachine = setup({
  types: {
    context: {} as BoundComponentContext,
    events: {} as BoundComponentEvent,
    input: {} as { relevantVariables?: readonly string[] },
  },
  actors: {
    fetchRecord: fromPromise<LoadedRecord, { record: BoundRecord | null }>(async () => {
      throw new Error('fetchRecord is provided by the host');
    }),
    runCustomValidation: fromPromise<
      ComponentErrors,
      { record: BoundRecord; values: MemberValues; bookmark: MemberValues }
    >(async () => ({})),
    saveRecord: fromPromise<
      SavedRecord,
      { record: BoundRecord; values: MemberValues; bookmark: MemberValues }
    >(async () => {
      throw new Error('saveRecord is provided by the host');
    }),
  },
  guards: {
    isFirstInitialise: ({ context }) => !context.isInitialised,
    isRelevantChange: ({ context, event }) =>
      event.type === 'VARIABLES_CHANGED' &&
      event.names.some((n) => context.relevantVariables.includes(n.toLowerCase())),
    hasRecord: ({ context }) => context.record !== null,
    hasClientErrors: ({ context }) => Object.keys(context.errors).length > 0,
    hasCustomValidators: () => false,
    needsSave: ({ context }) =>
      context.record !== null &&
      (context.record.isNew || changedKeys(context.bookmark, context.values).length > 0),
  },
  actions: {
    /** Puts the client rules' messages in `errors` (provided by the host). */
    checkClientRules: () => {},
    reportValidation: (_, _params: { isValid: boolean }) => {},
    reportCustomValidationFailed: () => {},
    /** `written`: whether the save sent anything; false when nothing had changed. */
    reportSaveSucceeded: (_, _params: { written: boolean }) => {},
    reportSaveFailed: (_, _params: { error: unknown }) => {},
    reportChanged: () => {},
    reportLoaded: () => {},
    reportFetchFailed: (_, _params: { error: unknown }) => {},
    settleLater: raise({ type: 'CHANGES_SETTLED' }, { delay: settleDelayMs, id: 'settle' }),
    cancelSettle: cancel('settle'),
    assignChange: assign({
      values: ({ context, event }) =>
        event.type === 'CHANGE' ? { ...context.values, [event.key]: event.value } : context.values,
    }),
    restoreBookmark: assign({
      values: ({ context }) => context.bookmark,
      customErrors: {},
      errors: {},
    }),
  },
}).createMachine({
  id: 'boundComponent',
  context: ({ input }) => ({
    record: null,
    values: {},
    bookmark: {},
    errors: {},
    customErrors: {},
    isInitialised: false,
    relevantVariables: (input.relevantVariables ?? []).map((n) => n.toLowerCase()),
    loadFailed: false,
  }),
  // Typing goes on in every state: a value changed while saving stays changed after it.
  on: {
    CHANGE: {
      actions: [
        'assignChange',
        // A changed value's own message goes; the others wait for the next check.
        assign({
          errors: ({ context, event }) => without(context.errors, event.componentIds),
          customErrors: ({ context, event }) => without(context.customErrors, event.componentIds),
        }),
        'cancelSettle',
        'settleLater',
      ],
    },
    CHANGES_SETTLED: { actions: 'reportChanged' },
  },
  initial: 'ready',
  states: {
    ready: {
      on: {
        INITIALISE: { guard: 'isFirstInitialise', target: 'reloading' },
        VARIABLES_CHANGED: { guard: 'isRelevantChange', target: 'reloading' },
        REFRESH: { target: 'reloading' },
        VALIDATE: { guard: 'hasRecord', target: 'validating' },
        SAVE: [
          { guard: 'needsSave', target: 'saving' },
          // Nothing changed since the bookmark: the save succeeds at once, writing nothing.
          { actions: { type: 'reportSaveSucceeded', params: { written: false } } },
        ],
        DISCARD: { actions: ['cancelSettle', 'restoreBookmark', 'reportChanged'] },
      },
    },
    reloading: {
      entry: assign({ isInitialised: true }),
      invoke: {
        src: 'fetchRecord',
        input: ({ context }) => ({ record: context.record }),
        onDone: {
          target: 'ready',
          actions: [
            assign({
              record: ({ event }) => event.output.record,
              values: ({ event }) => event.output.values,
              bookmark: ({ event }) => event.output.values,
              errors: {},
              customErrors: {},
              loadFailed: false,
            }),
            'cancelSettle',
            'reportLoaded',
            'reportChanged',
          ],
        },
        // A failed read changes nothing (spec 03 §4).
        onError: {
          target: 'ready',
          actions: [
            assign({ loadFailed: ({ context }) => context.record === null }),
            { type: 'reportFetchFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    validating: {
      entry: 'checkClientRules',
      always: [
        {
          guard: 'hasClientErrors',
          target: 'ready',
          actions: { type: 'reportValidation', params: { isValid: false } },
        },
        { guard: 'hasCustomValidators', target: 'runningCustomValidation' },
        { target: 'ready', actions: { type: 'reportValidation', params: { isValid: true } } },
      ],
    },
    runningCustomValidation: {
      invoke: {
        src: 'runCustomValidation',
        input: ({ context }) => ({
          record: context.record!,
          values: context.values,
          bookmark: context.bookmark,
        }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ customErrors: ({ event }) => event.output }),
            {
              type: 'reportValidation',
              params: ({ event }) => ({ isValid: Object.keys(event.output).length === 0 }),
            },
          ],
        },
        onError: { target: 'ready', actions: 'reportCustomValidationFailed' },
      },
    },
    saving: {
      invoke: {
        src: 'saveRecord',
        input: ({ context }) => ({
          record: context.record!,
          values: context.values,
          bookmark: context.bookmark,
        }),
        onDone: {
          target: 'ready',
          actions: [
            // What was sent is what the record holds now: the bookmark moves to it.
            assign({
              record: ({ context, event }) => ({
                ...context.record!,
                id: event.output.id,
                version: event.output.version,
                isNew: false,
              }),
              bookmark: ({ event }) => event.output.values,
              errors: {},
              customErrors: {},
            }),
            {
              type: 'reportSaveSucceeded',
              params: ({ event }) => ({ written: event.output.written }),
            },
            'reportChanged',
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'reportSaveFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
