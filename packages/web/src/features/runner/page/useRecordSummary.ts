import { useEffect, useState } from 'react';
import { useSession } from '../../auth/public';

export interface RecordSummary {
  id: number;
  typeId: number;
  name: string | null;
}

export type RecordSummaryState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; record: RecordSummary }
  | { status: 'failed'; message: string };

/** Spec 01 §8: 'Failed to get record.' */
export const failedToGetRecord = 'Failed to get record.';

/** The record a page runs on (its id, type and name), read with the entity get; none without an id. */
export function useRecordSummary(recordId: number | null): RecordSummaryState {
  const { client } = useSession();
  const [state, setState] = useState<{ id: number | null; state: RecordSummaryState }>({
    id: recordId,
    state: recordId === null ? { status: 'none' } : { status: 'loading' },
  });
  useEffect(() => {
    if (recordId === null) {
      setState({ id: null, state: { status: 'none' } });
      return;
    }
    const controller = new AbortController();
    client
      .getEntities({ ids: [recordId], query: 'name' }, controller.signal)
      .then(({ entities }) => {
        const found = entities[0];
        setState({
          id: recordId,
          state: found
            ? { status: 'ready', record: { id: found.id, typeId: found.typeId, name: found.name } }
            : { status: 'failed', message: failedToGetRecord },
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setState({ id: recordId, state: { status: 'failed', message: `${failedToGetRecord} ${message}` } });
      });
    return () => controller.abort();
  }, [client, recordId]);
  if (state.id !== recordId) return recordId === null ? { status: 'none' } : { status: 'loading' };
  return state.state;
}
