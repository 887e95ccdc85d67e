import { assign, fromPromise, setup } from 'xstate';

export interface PickerModalContext {
  selectedIds: number[];
  templateReportIds: number[];
}

export type PickerModalEvent = { type: 'SELECTION_CHANGED'; selectedIds: number[] };

/**
 * The record-picker modal (spec 02 §4): initialising fetches the template report ids, then ready;
 * selection changes update selectedIds. The ids come from the `fetchTemplateReportIds` actor
 * (`pickerModalMachineFor`); a failure leaves none.
 */
export const pickerModalMachine = setup({
  types: {
    context: {} as PickerModalContext,
    events: {} as PickerModalEvent,
    input: {} as { selectedIds?: number[] },
  },
  actors: {
    fetchTemplateReportIds: fromPromise<number[]>(async () => {
      throw new Error('fetchTemplateReportIds is not provided');
    }),
  },
}).createMachine({
  id: 'pickerModal',
  context: ({ input }) => ({ selectedIds: input.selectedIds ?? [], templateReportIds: [] }),
  initial: 'initialising',
  states: {
    initialising: {
      invoke: {
        src: 'fetchTemplateReportIds',
        onDone: { target: 'ready', actions: assign({ templateReportIds: ({ event }) => event.output }) },
        onError: 'ready',
      },
    },
    ready: {
      on: {
        SELECTION_CHANGED: { actions: assign({ selectedIds: ({ event }) => event.selectedIds }) },
      },
    },
  },
});
