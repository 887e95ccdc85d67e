import { notProvided } from '../notProvided.js';
import type { ReportActorInputs as In, ReportActorOutputs as Out } from '../reportMachineTypes.js';

/** The calls of selection: the quick menu for the selected rows, and the row a double-click opens. */
export const selectionActors = {
  fetchQuickMenuActions: notProvided<Out['fetchQuickMenuActions'], In['fetchQuickMenuActions']>(
    'fetchQuickMenuActions',
  ),
  fetchRowEntity: notProvided<Out['fetchRowEntity'], In['fetchRowEntity']>('fetchRowEntity'),
};
