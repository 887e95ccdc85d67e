import { notProvided } from '../notProvided.js';
import type { ReportActorInputs as In, ReportActorOutputs as Out } from '../reportMachineTypes.js';

/** The calls of delete: what deleting the records takes, then the delete of exactly what was shown. */
export const deleteActors = {
  fetchDeleteDetails: notProvided<Out['fetchDeleteDetails'], In['fetchDeleteDetails']>('fetchDeleteDetails'),
  deleteEntities: notProvided<Out['deleteEntities'], In['deleteEntities']>('deleteEntities'),
};
