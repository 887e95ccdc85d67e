import { LoadingGrid, Modal } from '@plinth/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { useSavedToastClosed } from './savedToast';
import { failureMessage } from './serverErrors';

interface Use {
  id: number;
  name: string;
}

export interface ConfirmedDeleteDialogProps<U> {
  /** The thing deleted as the titles name it: 'Amount'. */
  name: string;
  /** What the server says uses it, and how much data goes with it. */
  readUsage: (signal?: AbortSignal) => Promise<U>;
  /** The lists of uses shown when deleting is refused, by label. */
  uses: (usage: U) => Array<[label: string, uses: Use[]]>;
  /** How much data goes with it (records, links, values): what the deletion confirms. */
  countOf: (usage: U) => number;
  /** The question, with what goes. */
  question: (count: number) => ReactNode;
  /** The delete button's label. */
  deleteLabel: (count: number) => string;
  remove: (count: number) => Promise<unknown>;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Deleting a part of the schema (decisions 0095, 0100, 0107): the server says what uses it — then
 * deleting is refused with the list — or how much data goes with it, which the administrator
 * confirms; the delete names that count, so a count that changed meanwhile is refused and read again.
 */
export function ConfirmedDeleteDialog<U>({
  name,
  readUsage,
  uses,
  countOf,
  question,
  deleteLabel,
  remove,
  onClose,
  onDeleted,
}: ConfirmedDeleteDialogProps<U>) {
  useSavedToastClosed();
  const [usage, setUsage] = useState<U | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per dialog; readUsage is a new function each render
  useEffect(() => {
    const controller = new AbortController();
    readUsage(controller.signal).then(setUsage, (failure) => {
      if (!controller.signal.aborted) setError(failureMessage(failure));
    });
    return () => controller.abort();
  }, []);

  const used = usage === null ? [] : uses(usage).filter(([, list]) => list.length > 0);
  const isUsed = used.length > 0;
  const count = usage === null ? 0 : countOf(usage);
  const confirm = async () => {
    if (usage === null || isBusy) return;
    setBusy(true);
    try {
      await remove(count);
      onDeleted();
    } catch (failure) {
      setError(failureMessage(failure));
      // The answer names what changed: read again so the dialog shows it.
      readUsage().then(setUsage, () => undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={isUsed ? `'${name}' cannot be deleted` : 'Confirm delete'}
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
                label: deleteLabel(count),
                variant: 'primary',
                onPress: () => void confirm(),
                isDisabled: isBusy,
              },
            ]
      }
    >
      {usage === null && !error && <LoadingGrid columns={1} rows={3} />}
      {isUsed && (
        <>
          <p>These use '{name}'. Change or delete them first:</p>
          <dl className="pl-schema__uses">
            {used.map(([label, list]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>
                  <ul>
                    {list.map((u) => (
                      <li key={u.id}>{u.name}</li>
                    ))}
                  </ul>
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {usage !== null && !isUsed && <p>{question(count)}</p>}
      {error && (
        <p role="alert" className="pl-field__error">
          {error}
        </p>
      )}
    </Modal>
  );
}
