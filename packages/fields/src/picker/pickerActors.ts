import { fromPromise } from 'xstate';
import type { PickerDataSource, PickerPage, PickerPageRequest, PickerRow } from './pickerTypes';
import { recordPickerMachine } from './recordPickerMachine';

/** The record picker machine reading from a data source. */
export function recordPickerMachineFor(source: PickerDataSource) {
  return recordPickerMachine.provide({
    actors: {
      fetchPage: fromPromise<PickerPage, PickerPageRequest>(({ input, signal }) =>
        source.fetchPage(input, signal),
      ),
      fetchByIds: fromPromise<PickerRow[], { ids: number[] }>(({ input, signal }) =>
        source.fetchByIds(input.ids, signal),
      ),
    },
  });
}
