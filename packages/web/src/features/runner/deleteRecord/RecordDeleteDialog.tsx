import { DeleteConfirmDialog } from '@plinth/grid';
import type { RecordDelete } from './useRecordDelete';

export interface RecordDeleteDialogProps {
  /** The running delete, from `useRecordDelete()`. */
  recordDelete: RecordDelete;
}

/**
 * 'Confirm delete' for a record page (spec 01 §2, §8): the grid's confirmation — the record named,
 * its dependents in a list at most 24rem high — driven by the shared delete flow.
 */
export function RecordDeleteDialog({ recordDelete }: RecordDeleteDialogProps) {
  const { view, confirm, cancel } = recordDelete;
  return (
    <DeleteConfirmDialog
      confirmation={view}
      isBusy={view?.isDeleting ?? false}
      onConfirm={confirm}
      onCancel={cancel}
    />
  );
}
