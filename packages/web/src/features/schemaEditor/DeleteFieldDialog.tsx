import { ConfirmedDeleteDialog } from './ConfirmedDeleteDialog';
import type { SchemaApi } from './schemaApi';

export interface DeleteFieldDialogProps {
  api: SchemaApi;
  field: { id: number; name: string };
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Deleting a field (decision 0107): refused with the forms, pages, reports and calculations using
 * it, or confirmed with how many records lose their value of it.
 */
export function DeleteFieldDialog({ api, field, onClose, onDeleted }: DeleteFieldDialogProps) {
  const values = (count: number) => (count === 1 ? 'one record' : `${count} records`);
  return (
    <ConfirmedDeleteDialog
      name={field.name}
      readUsage={(signal) => api.fieldUsage(field.id, signal)}
      uses={(u) => [
        ['Forms', u.forms],
        ['Pages', u.pages],
        ['Reports', u.reports],
        ['Calculations', u.calculations],
      ]}
      countOf={(u) => u.valueCount}
      question={(count) =>
        `Are you sure that you want to delete the field '${field.name}'?${
          count > 0
            ? ` Its values in ${values(count)} go with it, and cannot be brought back.`
            : ' No record has a value for it.'
        }`
      }
      deleteLabel={(count) => (count > 0 ? `Delete the field and its values in ${values(count)}` : 'Delete')}
      remove={(count) => api.deleteField(field.id, count)}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
