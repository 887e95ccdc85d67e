import { assign, fromPromise, setup } from 'xstate';
import {
  type PickerConfig,
  type PickerOption,
  type PickerPage,
  type PickerPageRequest,
  type PickerReportMeta,
  type PickerRow,
  pickerMessages,
  pickerPageSize,
  pickerSearchDebounceMs,
} from './pickerTypes';

export interface RecordPickerContext {
  config: PickerConfig;
  values: number[];
  search: string;
  page: number;
  options: PickerOption[];
  hasMore: boolean;
  /** 'Picker report must include Name field' when the report lacks it. */
  error: string | null;
  /** The fetch in flight follows a filter change: unmatched values are removed after it. */
  isFilterRefetch: boolean;
  /** The report's metadata from the last answer that carried it. */
  report: PickerReportMeta | null;
}

export type RecordPickerEvent =
  | { type: 'CONFIGURE'; config: PickerConfig }
  | { type: 'SEARCH'; search: string }
  | { type: 'FETCH_NEXT_PAGE' }
  | { type: 'CLEAR' }
  | { type: 'CHANGE'; values: number[] }
  | { type: 'SET_VALUES'; values: number[] };

export interface RecordPickerInput {
  config: PickerConfig;
  values?: number[];
}

function sameIds(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

function sameFilters(a: PickerConfig['filters'], b: PickerConfig['filters']): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}

const pageSizeOf = (config: PickerConfig) => config.pageSize ?? pickerPageSize;

/** The relationship end whose picker report lists the records, as one comparable text. */
const endKey = ({ relationshipEnd: end }: PickerConfig) =>
  end ? `${end.relationshipId}:${end.direction}` : '';

/**
 * The record picker (spec 02 §4 "Record picker machine"). Behaviour by name; the data comes from
 * the `fetchPage` and `fetchByIds` actors, swapped with `.provide()` (tests, the entity-service
 * adapter, later the report call).
 */
export const recordPickerMachine = setup({
  types: {
    context: {} as RecordPickerContext,
    events: {} as RecordPickerEvent,
    input: {} as RecordPickerInput,
  },
  actors: {
    fetchPage: fromPromise<PickerPage, PickerPageRequest>(async () => {
      throw new Error('fetchPage is not provided');
    }),
    fetchByIds: fromPromise<PickerRow[], { ids: number[] }>(async () => {
      throw new Error('fetchByIds is not provided');
    }),
  },
  guards: {
    isTypeOrReportChanged: ({ context }, params: { config: PickerConfig }) =>
      String(params.config.typeId) !== String(context.config.typeId) ||
      String(params.config.reportId ?? '') !== String(context.config.reportId ?? '') ||
      endKey(params.config) !== endKey(context.config),
    isFiltersChangedWithEmptyBinding: ({ context }, params: { config: PickerConfig }) =>
      !sameFilters(params.config.filters, context.config.filters) && context.values.length === 0,
    isFiltersChanged: ({ context }, params: { config: PickerConfig }) =>
      !sameFilters(params.config.filters, context.config.filters),
    hasMore: ({ context }) => context.hasMore && !context.config.isEnumeration,
    refetchesOnClear: ({ context }) => !!context.config.isDropdown || !!context.config.isEnumeration,
    valuesDiffer: ({ context }, params: { values: number[] }) => !sameIds(context.values, params.values),
    hasMissingValues: ({ context }) => context.values.some((id) => !context.options.some((o) => o.id === id)),
    lacksNameColumn: ({ context }) => context.error !== null,
  },
  actions: {
    assignConfig: assign({ config: (_, params: { config: PickerConfig }) => params.config }),
    resetResults: assign({ options: [], hasMore: false, page: 0, error: null, report: null }),
    assignSearch: assign({ search: (_, params: { search: string }) => params.search, page: 0 }),
    nextPage: assign({ page: ({ context }) => context.page + 1 }),
    clearValuesAndSearch: assign({ values: [], search: '', page: 0 }),
    assignValues: assign({ values: (_, params: { values: number[] }) => params.values }),
    markFilterRefetch: assign({ isFilterRefetch: true, page: 0 }),
    assignPage: assign(({ context }, params: { page: PickerPage }) => {
      const report = params.page.report ?? context.report;
      if (!params.page.hasNameColumn) {
        return {
          options: [],
          hasMore: false,
          error: pickerMessages.missingNameColumn,
          isFilterRefetch: false,
          report,
        };
      }
      const size = pageSizeOf(context.config);
      const isPaged = !context.config.isEnumeration;
      const rows = isPaged ? params.page.rows.slice(0, size) : params.page.rows;
      const fresh: PickerOption[] = rows.map((row) => ({ ...row, isDisabled: false }));
      const kept = context.page > 0 ? context.options.filter((o) => !o.isDisabled) : [];
      const options = [...kept, ...fresh.filter((o) => !kept.some((k) => k.id === o.id))];
      let values = context.values;
      if (context.isFilterRefetch) {
        const matched = values.filter((id) => options.some((o) => o.id === id));
        values =
          context.config.bindingState === 'update' ? matched : matched.length === values.length ? values : [];
      }
      return {
        options,
        values,
        error: null,
        hasMore: isPaged && params.page.rows.length > size,
        isFilterRefetch: false,
        report,
      };
    }),
    addMissingOptions: assign({
      options: ({ context }, params: { rows: PickerRow[] }) => [
        ...context.options,
        ...params.rows
          .filter((row) => !context.options.some((o) => o.id === row.id))
          .map((row) => ({ ...row, isDisabled: true })),
      ],
    }),
  },
  delays: {
    searchDebounce: pickerSearchDebounceMs,
  },
}).createMachine({
  id: 'recordPicker',
  context: ({ input }) => ({
    config: input.config,
    values: input.values ?? [],
    search: '',
    page: 0,
    options: [],
    hasMore: false,
    error: null,
    isFilterRefetch: false,
    report: null,
  }),
  initial: 'fetching',
  states: {
    ready: {
      on: {
        CONFIGURE: [
          {
            guard: { type: 'isTypeOrReportChanged', params: ({ event }) => ({ config: event.config }) },
            target: 'configuring',
            actions: [
              { type: 'assignConfig', params: ({ event }) => ({ config: event.config }) },
              'resetResults',
            ],
          },
          {
            guard: {
              type: 'isFiltersChangedWithEmptyBinding',
              params: ({ event }) => ({ config: event.config }),
            },
            actions: [
              { type: 'assignConfig', params: ({ event }) => ({ config: event.config }) },
              'resetResults',
            ],
          },
          {
            guard: { type: 'isFiltersChanged', params: ({ event }) => ({ config: event.config }) },
            target: 'fetching',
            actions: [
              { type: 'assignConfig', params: ({ event }) => ({ config: event.config }) },
              'markFilterRefetch',
            ],
          },
          { actions: { type: 'assignConfig', params: ({ event }) => ({ config: event.config }) } },
        ],
        SEARCH: {
          target: 'debouncingSearch',
          actions: { type: 'assignSearch', params: ({ event }) => ({ search: event.search }) },
        },
        FETCH_NEXT_PAGE: { guard: 'hasMore', target: 'fetching', actions: 'nextPage' },
        CLEAR: [
          { guard: 'refetchesOnClear', target: 'fetching', actions: 'clearValuesAndSearch' },
          { actions: 'clearValuesAndSearch' },
        ],
        CHANGE: { actions: { type: 'assignValues', params: ({ event }) => ({ values: event.values }) } },
        SET_VALUES: {
          guard: { type: 'valuesDiffer', params: ({ event }) => ({ values: event.values }) },
          actions: { type: 'assignValues', params: ({ event }) => ({ values: event.values }) },
        },
      },
    },
    configuring: {
      // The report's columns are checked by the first page (hasNameColumn); the type changed, so
      // the old results and search go.
      always: { target: 'fetching', actions: assign({ search: '', page: 0 }) },
    },
    debouncingSearch: {
      after: { searchDebounce: 'fetching' },
      on: {
        SEARCH: {
          target: 'debouncingSearch',
          reenter: true,
          actions: { type: 'assignSearch', params: ({ event }) => ({ search: event.search }) },
        },
        CHANGE: { actions: { type: 'assignValues', params: ({ event }) => ({ values: event.values }) } },
      },
    },
    fetching: {
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => {
          const size = pageSizeOf(context.config);
          return {
            config: context.config,
            search: context.search,
            startIndex: context.config.isEnumeration ? 0 : context.page * size,
            pageSize: context.config.isEnumeration ? 0 : size + 1,
            // The modal shows the report's columns from a quick first answer, then reads the rest
            // (spec 02 §7: "metadata colbasic, then full").
            metadata: context.config.isModal && context.report !== null ? 'full' : 'colbasic',
          };
        },
        onDone: {
          target: 'checkingMissing',
          actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: { target: 'ready', actions: assign({ isFilterRefetch: false }) },
      },
      on: {
        SEARCH: {
          target: 'debouncingSearch',
          actions: { type: 'assignSearch', params: ({ event }) => ({ search: event.search }) },
        },
        CHANGE: { actions: { type: 'assignValues', params: ({ event }) => ({ values: event.values }) } },
      },
    },
    checkingMissing: {
      always: [
        { guard: 'lacksNameColumn', target: 'ready' },
        { guard: 'hasMissingValues', target: 'fetchingMissing' },
        { target: 'ready' },
      ],
    },
    fetchingMissing: {
      invoke: {
        src: 'fetchByIds',
        input: ({ context }) => ({
          ids: context.values.filter((id) => !context.options.some((o) => o.id === id)),
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'addMissingOptions', params: ({ event }) => ({ rows: event.output }) },
        },
        onError: 'ready',
      },
    },
  },
});
