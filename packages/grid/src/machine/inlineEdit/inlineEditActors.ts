import { fromPromise } from 'xstate';
import { notProvided } from '../notProvided.js';
import type { ReportActorInputs as In, ReportActorOutputs as Out } from '../reportMachineTypes.js';

/** The calls of inline editing: the form its columns are edited by, the row's record, and the save. */
export const inlineEditActors = {
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
};
