import { isExportFormat } from '@plinth/schema';
import { enqueueActions } from 'xstate';
import type { ReportActorOutputs as Out } from '../reportMachineTypes.js';
import { reportMessages } from '../reportMessages.js';
import { reportSetup } from '../reportSetup.js';

/** The export feature's actions: the file downloaded under the report's title, or the failure toast. */
export const exportActions = {
  exportDone: reportSetup.createAction(
    enqueueActions(({ context, event, enqueue }) => {
      const result = 'output' in event ? (event.output as Out['exportReportData'] | undefined) : undefined;
      if (typeof result?.fileHash !== 'string' || !isExportFormat(result.format)) {
        enqueue.assign({ exportResult: undefined });
        enqueue({ type: 'notify', params: { kind: 'error', title: reportMessages.exportFailed } });
        return;
      }
      enqueue.assign({ exportResult: result });
      enqueue({ type: 'downloadFile', params: { ...result, title: context.meta?.title ?? 'Report' } });
    }),
  ),
  exportFailed: reportSetup.createAction(
    enqueueActions(({ enqueue }) => {
      enqueue.assign({ exportResult: undefined });
      enqueue({ type: 'notify', params: { kind: 'error', title: reportMessages.exportFailed } });
    }),
  ),
};
