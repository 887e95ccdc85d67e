import type { AuditChange, AuditEvent } from '@plinth/schema';
import { Button, Modal } from '@plinth/ui';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/apiClient';
import './recordHistory.css';
import {
  fetchRecordHistory,
  type HistoryFormat,
  historyActionLabels,
  historyTime,
  historyValueText,
} from './recordHistory';

export interface RecordHistoryDialogProps {
  client: ApiClient;
  /** The record whose history shows; null: the dialog is closed. */
  recordId: number | null;
  onClose: () => void;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; events: AuditEvent[]; nextCursor: string | null; isLoadingMore: boolean };

/** The texts of the History dialog. */
export const historyTexts = {
  title: 'History',
  loading: 'Loading history…',
  empty: 'No changes have been recorded for this record.',
  more: 'Show older changes',
  unknownUser: 'Unknown user',
} as const;

/**
 * A record's History (decision 0048): its changes newest first, each with who made it and when,
 * and every field's old → new value or the records linked and unlinked. The server shows only
 * what the caller may read.
 */
export function RecordHistoryDialog({ client, recordId, onClose }: RecordHistoryDialogProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [format, setFormat] = useState<HistoryFormat>({
    locale: 'en-AU',
    timeZone: 'UTC',
    currencySymbol: '$',
  });

  useEffect(() => {
    if (recordId === null) return;
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    client
      .tenantSettings()
      .then((s) => setFormat({ locale: s.locale, timeZone: s.timeZone, currencySymbol: s.currencySymbol }))
      .catch(() => {});
    fetchRecordHistory(client, recordId, null, controller.signal)
      .then((page) => setLoaded({ status: 'ready', ...page, isLoadingMore: false }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ status: 'error', message: messageOf(error) });
      });
    return () => controller.abort();
  }, [client, recordId]);

  const loadMore = () => {
    if (loaded.status !== 'ready' || !loaded.nextCursor || recordId === null) return;
    setLoaded({ ...loaded, isLoadingMore: true });
    fetchRecordHistory(client, recordId, loaded.nextCursor)
      .then((page) =>
        setLoaded({
          status: 'ready',
          events: [...loaded.events, ...page.events],
          nextCursor: page.nextCursor,
          isLoadingMore: false,
        }),
      )
      .catch((error: unknown) => setLoaded({ status: 'error', message: messageOf(error) }));
  };

  const name = loaded.status === 'ready' ? loaded.events[0]?.entityName : undefined;
  return (
    <Modal
      title={name ? `${historyTexts.title}: ${name}` : historyTexts.title}
      size="large"
      isOpen={recordId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      buttons={[{ kind: 'close', onPress: onClose }]}
    >
      {loaded.status === 'loading' && (
        <p className="pl-history__status" role="status">
          {historyTexts.loading}
        </p>
      )}
      {loaded.status === 'error' && (
        <p className="pl-history__status" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.status === 'ready' && loaded.events.length === 0 && (
        <p className="pl-history__status">{historyTexts.empty}</p>
      )}
      {loaded.status === 'ready' && loaded.events.length > 0 && (
        <>
          <ol className="pl-history" aria-label="Changes, newest first">
            {loaded.events.map((event) => (
              <li key={event.id} className="pl-history__event">
                <p className="pl-history__who">
                  <span className="pl-history__action">{historyActionLabels[event.action]}</span>
                  {' by '}
                  <span className="pl-history__user">{event.userName ?? historyTexts.unknownUser}</span>
                  {' · '}
                  <time dateTime={event.at}>{historyTime(event.at, format.locale, format.timeZone)}</time>
                </p>
                {event.changes.length > 0 && (
                  <ul className="pl-history__changes">
                    {event.changes.map((change) => (
                      <ChangeLine key={`${change.kind}:${change.memberId}`} change={change} format={format} />
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
          {loaded.nextCursor && (
            <Button variant="secondary" isDisabled={loaded.isLoadingMore} onPress={loadMore}>
              {historyTexts.more}
            </Button>
          )}
        </>
      )}
    </Modal>
  );
}

/** One field's old → new value, or one relationship's linked and unlinked records. */
function ChangeLine({ change, format }: { change: AuditChange; format: HistoryFormat }) {
  if (change.kind === 'field') {
    return (
      <li className="pl-history__change">
        <span className="pl-history__field">{change.name}</span>
        <span className="pl-history__old">{historyValueText(change.oldValue, change.fieldType, format)}</span>
        <span className="pl-history__arrow" aria-hidden="true">
          →
        </span>
        <span className="pl-history__sr">changed to</span>
        <span className="pl-history__new">{historyValueText(change.newValue, change.fieldType, format)}</span>
      </li>
    );
  }
  const names = (records: typeof change.added) => records.map((r) => r.name ?? `#${r.id}`).join(', ');
  return (
    <li className="pl-history__change">
      <span className="pl-history__field">{change.name}</span>
      <span className="pl-history__old">{change.removed.length > 0 ? names(change.removed) : '—'}</span>
      <span className="pl-history__arrow" aria-hidden="true">
        →
      </span>
      <span className="pl-history__sr">changed to</span>
      <span className="pl-history__new">{change.added.length > 0 ? names(change.added) : '—'}</span>
    </li>
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
