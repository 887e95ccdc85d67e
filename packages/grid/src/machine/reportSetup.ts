import { setup } from 'xstate';
import { deleteActors } from './delete/deleteActors.js';
import { exportActors } from './export/exportActors.js';
import { fetchingActors } from './fetching/fetchingActors.js';
import { inlineEditActors } from './inlineEdit/inlineEditActors.js';
import type {
  ReportContext,
  ReportEvent,
  ReportHostActions,
  ReportMachineInput,
} from './reportMachineTypes.js';
import { selectionActors } from './selection/selectionActors.js';

/**
 * The report machine's types, its actors (every call, provided by the host; each feature declares
 * its own) and the host's actions (toasts, navigation, file download, host-run actions). The
 * features' actions, guards and delays extend it in reportMachine.ts.
 */
export const reportSetup = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    input: {} as ReportMachineInput,
  },
  actors: {
    ...fetchingActors,
    ...selectionActors,
    ...exportActors,
    ...inlineEditActors,
    ...deleteActors,
  },
  actions: {
    notify: (_, _toast: ReportHostActions['notify']) => {},
    navigate: (_, _intent: ReportHostActions['navigate']) => {},
    downloadFile: (_, _file: ReportHostActions['downloadFile']) => {},
    runHostAction: (_, _request: ReportHostActions['runHostAction']) => {},
    resetColumnState: () => {},
    reportSelection: (_, _ids: ReportHostActions['reportSelection']) => {},
    leave: () => {},
  },
});

/** The guards a feature adds to the report machine, typed by its context and events. */
export type ReportGuards = Parameters<typeof reportSetup.extend>[0]['guards'];
