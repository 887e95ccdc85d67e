import type { DocumentInfo } from '@plinth/schema';
import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../../auth/public';
import { type DocumentsLink, listRelatedDocuments } from './documentsApi';

export type RelatedDocumentsState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; documents: DocumentInfo[]; total: number; canUpload: boolean };

/**
 * A record's related documents, read when the link (or `refreshToken`) changes and again on
 * `refresh()`. A new unsaved record (no link) has none. A list already shown stays on screen while
 * it is read again.
 */
export function useRelatedDocuments(link: DocumentsLink | null, refreshToken = 0) {
  const { client } = useSession();
  const [state, setState] = useState<RelatedDocumentsState>({ status: link ? 'loading' : 'none' });
  const [reads, setReads] = useState(0);
  const recordId = link?.recordId;
  const relationshipId = link?.relationshipId;
  const direction = link?.direction;

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshToken and reads ask for the list again
  useEffect(() => {
    if (recordId === undefined || relationshipId === undefined || direction === undefined) {
      setState({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    listRelatedDocuments(client, { recordId, relationshipId, direction }, controller.signal).then(
      (answer) => !controller.signal.aborted && setState({ status: 'ready', ...answer }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => controller.abort();
  }, [client, recordId, relationshipId, direction, refreshToken, reads]);

  const refresh = useCallback(() => setReads((n) => n + 1), []);
  return { state, refresh };
}
