/**
 * The record delete flow of spec 01 §4 for the runner's pages (the machine is `@plinth/grid`'s
 * `deleteFlowMachine`, shared with the report grid):
 *
 * ```tsx
 * const recordDelete = useRecordDelete({ onFinished: (o) => o.outcome === 'deleted' && goBack() });
 * <Button onPress={() => recordDelete.start({ id, name, typeName })}>Delete</Button>
 * <RecordDeleteDialog recordDelete={recordDelete} />
 * ```
 */
export { RecordDeleteDialog, type RecordDeleteDialogProps } from './RecordDeleteDialog';
export { type RecordDelete, type UseRecordDeleteOptions, useRecordDelete } from './useRecordDelete';
