import { LoadingGrid } from '@plinth/ui';
import { Suspense } from 'react';
import { preloadable } from '../../../app/preloadable';
import type { RecordViewProps } from './RecordView';

const recordModule = preloadable(() => import('./RecordView'));
const LoadedRecordView = recordModule.page((m) => m.RecordView);

/**
 * Asks for the record view's code when the browser is next idle, at most `timeoutMs` from now: a
 * list page calls it once shown, so a record opened from it finds its code in. Browsers without
 * `requestIdleCallback` load it when a record is first opened. Answers the cancel.
 */
export function preloadRecordViewWhenIdle(timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback !== 'function') return () => {};
  const handle = window.requestIdleCallback(() => void recordModule.preload(), { timeout: timeoutMs });
  return () => window.cancelIdleCallback(handle);
}

/**
 * The record view with its code — the record form's, its field editors' and pickers' — loaded on
 * first use, so an app's list pages never load it (decision 0133). A record route's address
 * preloads it with the page (server/src/web/routePreloads.ts).
 */
export function LazyRecordView(props: RecordViewProps) {
  return (
    <Suspense fallback={<LoadingGrid columns={2} rows={6} />}>
      <LoadedRecordView {...props} />
    </Suspense>
  );
}
