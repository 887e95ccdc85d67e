import { notProvided } from '../notProvided.js';
import type { ReportActorInputs as In, ReportActorOutputs as Out } from '../reportMachineTypes.js';

/** The call of export: the report's data as a file. */
export const exportActors = {
  exportReportData: notProvided<Out['exportReportData'], In['exportReportData']>('exportReportData'),
};
