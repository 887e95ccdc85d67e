import { LoadingGrid, Modal } from '@plinth/ui';
import { useEffect, useState } from 'react';
import type { RelationshipUsage, SchemaApi } from '../schemaApi';
import { failureMessage } from '../serverErrors';

export interface DeleteRelationshipDialogProps {
  api: SchemaApi;
  relationship: { id: number; name: string };
  onClose: () => void;
  onDeleted: () => void;
}

const useLists = [
  ['Forms', 'forms'],
  ['Pages', 'pages'],
  ['Reports', 'reports'],
] as const;

/**
 * Deleting a relationship (decision 0100): the server says what uses it — then deleting is refused
 * with the list — or how many links go with it, which the administrator confirms.
 */
export function DeleteRelationshipDialog({
  api,
  relationship,
  onClose,
  onDeleted,
}: DeleteRelationshipDialogProps) {
  const [usage, setUsage] = useState<RelationshipUsage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api.relationshipUsage(relationship.id, controller.signal).then(setUsage, (failure) => {
      if (!controller.signal.aborted) setError(failureMessage(failure));
    });
    return () => controller.abort();
  }, [api, relationship.id]);

  const isUsed = usage !== null && useLists.some(([, key]) => usage[key].length > 0);
  const remove = async () => {
    if (!usage || isBusy) return;
    setBusy(true);
    try {
      await api.deleteRelationship(relationship.id, usage.linkCount);
      onDeleted();
    } catch (failure) {
      setError(failureMessage(failure));
      // The answer names what changed: read again so the dialog shows it.
      api.relationshipUsage(relationship.id).then(setUsage, () => undefined);
    } finally {
      setBusy(false);
    }
  };
  const count = usage?.linkCount ?? 0;
  const links = count === 1 ? 'one link between records' : `${count} links between records`;
  return (
    <Modal
      title={isUsed ? `'${relationship.name}' cannot be deleted` : 'Confirm delete'}
      isOpen
      role="alertdialog"
      onOpenChange={(open) => !open && onClose()}
      buttons={
        isUsed || usage === null
          ? [{ kind: 'close', onPress: onClose }]
          : [
              { kind: 'cancel', onPress: onClose },
              {
                kind: 'custom',
                label: count > 0 ? `Delete the relationship and ${links}` : 'Delete',
                variant: 'primary',
                onPress: () => void remove(),
                isDisabled: isBusy,
              },
            ]
      }
    >
      {usage === null && !error && <LoadingGrid columns={1} rows={3} />}
      {usage && isUsed && (
        <>
          <p>These use the relationship. Change or delete them first:</p>
          <dl className="pl-schema__uses">
            {useLists
              .filter(([, key]) => usage[key].length > 0)
              .map(([label, key]) => (
                <div key={key}>
                  <dt>{label}</dt>
                  <dd>
                    <ul>
                      {usage[key].map((u) => (
                        <li key={u.id}>{u.name}</li>
                      ))}
                    </ul>
                  </dd>
                </div>
              ))}
          </dl>
        </>
      )}
      {usage && !isUsed && (
        <p>
          Are you sure that you want to delete the relationship '{relationship.name}'?
          {count > 0
            ? ` Its ${links} ${count === 1 ? 'goes' : 'go'} with it, and cannot be brought back. The records stay.`
            : ' No records are linked by it.'}
        </p>
      )}
      {error && (
        <p role="alert" className="pl-field__error">
          {error}
        </p>
      )}
    </Modal>
  );
}
