import { ConfirmedDeleteDialog } from '../ConfirmedDeleteDialog';
import type { SchemaApi } from '../schemaApi';

export interface DeleteRelationshipDialogProps {
  api: SchemaApi;
  relationship: { id: number; name: string };
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Deleting a relationship (decision 0100): refused with the forms, pages and reports using it, or
 * confirmed with how many links go with it.
 */
export function DeleteRelationshipDialog({
  api,
  relationship,
  onClose,
  onDeleted,
}: DeleteRelationshipDialogProps) {
  const links = (count: number) =>
    count === 1 ? 'one link between records' : `${count} links between records`;
  return (
    <ConfirmedDeleteDialog
      name={relationship.name}
      readUsage={(signal) => api.relationshipUsage(relationship.id, signal)}
      uses={(u) => [
        ['Forms', u.forms],
        ['Pages', u.pages],
        ['Reports', u.reports],
      ]}
      countOf={(u) => u.linkCount}
      question={(count) =>
        `Are you sure that you want to delete the relationship '${relationship.name}'?${
          count > 0
            ? ` Its ${links(count)} ${count === 1 ? 'goes' : 'go'} with it, and cannot be brought back. The records stay.`
            : ' No records are linked by it.'
        }`
      }
      deleteLabel={(count) => (count > 0 ? `Delete the relationship and ${links(count)}` : 'Delete')}
      remove={(count) => api.deleteRelationship(relationship.id, count)}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
