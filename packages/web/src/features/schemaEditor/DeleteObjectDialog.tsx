import { LoadingGrid, Modal } from '@plinth/ui';
import { useEffect, useState } from 'react';
import type { SchemaApi, SchemaTypeSummary, TypeUsage } from './schemaApi';
import { failureMessage } from './serverErrors';

export interface DeleteObjectDialogProps {
  api: SchemaApi;
  type: SchemaTypeSummary;
  onClose: () => void;
  onDeleted: () => void;
}

const useLists = [
  ['Forms', 'forms'],
  ['Pages', 'pages'],
  ['Reports', 'reports'],
  ['Relationships', 'relationships'],
  ['Derived Objects', 'derivedTypes'],
] as const;

/**
 * Deleting an Object (decision 0095): the server says what uses it — then deleting is refused with
 * the list — or how many records go with it, which the administrator confirms.
 */
export function DeleteObjectDialog({ api, type, onClose, onDeleted }: DeleteObjectDialogProps) {
  const [usage, setUsage] = useState<TypeUsage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api.usage(type.id, controller.signal).then(setUsage, (failure) => {
      if (!controller.signal.aborted) setError(failureMessage(failure));
    });
    return () => controller.abort();
  }, [api, type.id]);

  const isUsed = usage !== null && useLists.some(([, key]) => usage[key].length > 0);
  const remove = async () => {
    if (!usage || isBusy) return;
    setBusy(true);
    try {
      await api.deleteType(type.id, usage.recordCount);
      onDeleted();
    } catch (failure) {
      setError(failureMessage(failure));
      // The answer names what changed: read again so the dialog shows it.
      api.usage(type.id).then(setUsage, () => undefined);
    } finally {
      setBusy(false);
    }
  };
  const count = usage?.recordCount ?? 0;
  return (
    <Modal
      title={isUsed ? `'${type.name}' cannot be deleted` : 'Confirm delete'}
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
                label:
                  count > 0
                    ? `Delete the Object and ${count === 1 ? 'its record' : `${count} records`}`
                    : 'Delete',
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
          <p>These use the Object. Change or delete them first:</p>
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
          Are you sure that you want to delete Object '{type.name}'?
          {count > 0
            ? ` Its ${count === 1 ? 'record goes' : `${count} records go`} with it, and cannot be brought back.`
            : ' It has no records.'}
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
