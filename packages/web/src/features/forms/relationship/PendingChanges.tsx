import { Button } from '@plinth/ui';
import { dropNewRecord, flaggedIds, type RelationshipChanges, undoRecordChange } from './relationshipChanges';

export interface PendingChangesProps {
  value: RelationshipChanges;
  isReadOnly: boolean;
  onValueChange: (value: RelationshipChanges) => void;
}

const label = (name: string | null | undefined) => (name?.trim() ? name : 'Unnamed resource');

/**
 * The table's changes not saved yet, each with Undo: the new records (saved with the record), the
 * records added and those removed. Nothing shows when there are none.
 */
export function PendingChanges({ value, isReadOnly, onValueChange }: PendingChangesProps) {
  const removed = flaggedIds(value, false);
  const added = flaggedIds(value, true);
  if (removed.length + added.length + value.created.length === 0) return null;
  const item = (key: string, text: string, undo: () => void) => (
    <li key={key}>
      <span>{text}</span>
      {!isReadOnly && (
        <Button variant="subtle" size="small" aria-label={`Undo: ${text}`} onPress={undo}>
          Undo
        </Button>
      )}
    </li>
  );
  return (
    <div className="pl-rel-table__pending">
      <p className="pl-rel-table__pending-title">Not saved yet</p>
      <ul>
        {value.created.map((r) =>
          item(`new-${r.key}`, `New: ${label(r.name)}`, () => onValueChange(dropNewRecord(value, r.key))),
        )}
        {added.map((id) =>
          item(`add-${id}`, `Added: ${label(value.names[id])}`, () =>
            onValueChange(undoRecordChange(value, id)),
          ),
        )}
        {removed.map((id) =>
          item(`remove-${id}`, `Removed: ${label(value.names[id])}`, () =>
            onValueChange(undoRecordChange(value, id)),
          ),
        )}
      </ul>
    </div>
  );
}
