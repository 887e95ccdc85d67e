import { ConfirmedDeleteDialog } from './ConfirmedDeleteDialog';
import type { SchemaApi, SchemaTypeSummary } from './schemaApi';

export interface DeleteObjectDialogProps {
  api: SchemaApi;
  type: SchemaTypeSummary;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Deleting an Object (decision 0095): refused with what uses it, or confirmed with how many
 * records go with it.
 */
export function DeleteObjectDialog({ api, type, onClose, onDeleted }: DeleteObjectDialogProps) {
  return (
    <ConfirmedDeleteDialog
      name={type.name}
      readUsage={(signal) => api.usage(type.id, signal)}
      uses={(u) => [
        ['Forms', u.forms],
        ['Pages', u.pages],
        ['Reports', u.reports],
        ['Relationships', u.relationships],
        ['Derived Objects', u.derivedTypes],
      ]}
      countOf={(u) => u.recordCount}
      question={(count) =>
        `Are you sure that you want to delete Object '${type.name}'?${
          count > 0
            ? ` Its ${count === 1 ? 'record goes' : `${count} records go`} with it, and cannot be brought back.`
            : ' It has no records.'
        }`
      }
      deleteLabel={(count) =>
        count > 0 ? `Delete the Object and ${count === 1 ? 'its record' : `${count} records`}` : 'Delete'
      }
      remove={(count) => api.deleteType(type.id, count)}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
