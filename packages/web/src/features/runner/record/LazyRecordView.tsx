import { LoadingGrid } from '@plinth/ui';
import { Suspense } from 'react';
import { preloadable } from '../../../app/preloadable';
import type { RecordViewProps } from './RecordView';

const recordModule = preloadable(() => import('./RecordView'));
const LoadedRecordView = recordModule.page((m) => m.RecordView);

/**
 * The record view with its code — the record form's, its field editors' and pickers' — loaded on
 * first use, so an app's list pages never load it (decision 0133). A record route's address
 * preloads it with the page (server/src/web/routePreloads.ts).
 */
export function RecordView(props: RecordViewProps) {
  return (
    <Suspense fallback={<LoadingGrid columns={2} rows={6} />}>
      <LoadedRecordView {...props} />
    </Suspense>
  );
}
