import type { DeleteAppDetails } from '@plinth/schema';
import { Button, LoadingGrid, Modal } from '@plinth/ui';
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../admin/public';
import type { BuilderApi } from './builderApi';
import { isConflict } from './settingErrors';

/** Up to this many pages are named in the confirmation; more are counted. */
export const namedPagesMax = 10;

export interface DeleteAppDialogProps {
  api: BuilderApi;
  appId: number;
  /** The app's name while what a delete takes loads. */
  appName: string;
  onClose: () => void;
  /** The server's message, for the toast. */
  onDeleted: (message: string) => void;
}

const pagesText = (n: number) => (n === 1 ? '1 page' : `${n} pages`);

/**
 * The confirmation of deleting an app (decision 0121): it names the app and the pages that go with
 * it (by name when they are few), and what elsewhere loses a link to them. The delete sends the
 * revision and pages shown, so the server refuses one that would take anything not shown; a
 * refusal keeps the dialog open with the message and a way to look again.
 */
export function DeleteAppDialog({ api, appId, appName, onClose, onDeleted }: DeleteAppDialogProps) {
  const [details, setDetails] = useState<DeleteAppDetails | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isStale, setStale] = useState(false);
  const [isBusy, setBusy] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setDetails(null);
      setError(null);
      setStale(false);
      try {
        setDetails(await api.appDeleteDetails(appId, signal));
      } catch (failure) {
        if (!signal?.aborted) setError(messageOf(failure));
      }
    },
    [api, appId],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const confirm = async () => {
    if (!details || isBusy || isStale) return;
    setBusy(true);
    try {
      const done = await api.deleteApp(
        appId,
        details.revision,
        details.pages.map((p) => p.id),
      );
      onDeleted(done.message);
    } catch (failure) {
      setError(messageOf(failure));
      setStale(isConflict(failure));
    } finally {
      setBusy(false);
    }
  };

  const name = details?.name ?? appName;
  const count = details?.pages.length ?? 0;
  return (
    <Modal
      title={`Delete the app '${name}'?`}
      isOpen
      role="alertdialog"
      onOpenChange={(open) => !open && onClose()}
      buttons={[
        { kind: 'cancel', onPress: onClose },
        {
          kind: 'custom',
          label: details ? `Delete the app and ${pagesText(count)}` : 'Delete',
          variant: 'primary',
          onPress: () => void confirm(),
          isDisabled: !details || isBusy || isStale,
        },
      ]}
    >
      {!details && !error && <LoadingGrid columns={1} rows={3} />}
      {details && (
        <div className="pl-builder__delete-app">
          <p>
            The app '{name}' and its {pagesText(count)}, with every version of them, will be deleted. This
            cannot be undone.
          </p>
          {count > 0 && count <= namedPagesMax && (
            <ul aria-label="Pages deleted with the app">
              {details.pages.map((p) => (
                <li key={p.id}>{p.name}</li>
              ))}
            </ul>
          )}
          {details.uses.length > 0 && (
            <>
              <p>Links to its pages elsewhere go with them:</p>
              <ul aria-label="Links that go">
                {details.uses.map((use) => (
                  <li key={use}>{use}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {error && (
        <div role="alert" className="pl-builder__alert">
          <p>{error}</p>
          {isStale && (
            <Button variant="outline" size="small" onPress={() => void load()}>
              Look at the app again
            </Button>
          )}
        </div>
      )}
    </Modal>
  );
}
