import { fromPromise, setup } from 'xstate';
import type {
  ReportActorInputs as In,
  ReportActorOutputs as Out,
  ReportContext,
  ReportEvent,
  ReportHostActions,
  ReportMachineInput,
} from './reportMachineTypes.js';

/** An actor the host has not provided: it fails, and the machine treats that as the call failing. */
function notProvided<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The report machine's '${name}' actor is not provided.`);
  });
}

/**
 * The report machine's types, its actors (every call, provided by the host) and the host's
 * actions (toasts, navigation, file download, host-run actions). The machine's own actions,
 * guards and delays extend it in reportMachine.ts.
 */
export const reportSetup = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    input: {} as ReportMachineInput,
  },
  actors: {
    fetchTenantSettings: notProvided<Out['fetchTenantSettings']>('fetchTenantSettings'),
    fetchReportResults: notProvided<Out['fetchReportResults'], In['fetchReportResults']>(
      'fetchReportResults',
    ),
    fetchQuickMenuActions: notProvided<Out['fetchQuickMenuActions'], In['fetchQuickMenuActions']>(
      'fetchQuickMenuActions',
    ),
    fetchReportEntity: notProvided<Out['fetchReportEntity'], In['fetchReportEntity']>('fetchReportEntity'),
    fetchIsOfTypeRelationshipId: notProvided<Out['fetchIsOfTypeRelationshipId']>(
      'fetchIsOfTypeRelationshipId',
    ),
    fetchPersonDerivedTypes: notProvided<Out['fetchPersonDerivedTypes']>('fetchPersonDerivedTypes'),
    exportReportData: notProvided<Out['exportReportData'], In['exportReportData']>('exportReportData'),
    fetchRowEntity: notProvided<Out['fetchRowEntity'], In['fetchRowEntity']>('fetchRowEntity'),
    fetchPageAndEntityType: notProvided<Out['fetchPageAndEntityType'], In['fetchPageAndEntityType']>(
      'fetchPageAndEntityType',
    ),
    fetchEntityForInlineEdit: notProvided<Out['fetchEntityForInlineEdit'], In['fetchEntityForInlineEdit']>(
      'fetchEntityForInlineEdit',
    ),
    // Nothing is pending unless the host says so.
    waitForPendingBehaviour: fromPromise<void>(async () => {}),
    saveModifiedEntities: notProvided<Out['saveModifiedEntities'], In['saveModifiedEntities']>(
      'saveModifiedEntities',
    ),
    fetchDeleteDetails: notProvided<Out['fetchDeleteDetails'], In['fetchDeleteDetails']>(
      'fetchDeleteDetails',
    ),
    deleteEntities: notProvided<Out['deleteEntities'], In['deleteEntities']>('deleteEntities'),
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
