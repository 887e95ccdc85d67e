import { fromPromise } from 'xstate';
import { pickerModalMachine } from './pickerModalMachine';
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

/** The picker-modal machine reading the template report ids from a data source. */
export function pickerModalMachineFor(source: PickerDataSource) {
  return pickerModalMachine.provide({
    actors: {
      fetchTemplateReportIds: fromPromise<number[]>(({ signal }) => source.fetchTemplateReportIds(signal)),
    },
  });
}
