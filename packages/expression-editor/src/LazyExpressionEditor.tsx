import { LoadingGrid } from '@plinth/ui';
import { lazy, Suspense } from 'react';
import type { ExpressionEditorProps } from './ExpressionEditorProps';

const ExpressionEditor = lazy(() =>
  import('./ExpressionEditor').then((m) => ({ default: m.ExpressionEditor })),
);

/** Starts loading the editor's code (e.g. when a builder opens a property panel). */
export const preloadExpressionEditor = () => import('./ExpressionEditor');

/** The expression editor, loaded on demand: CodeMirror is a separate chunk, never in the first load. */
export function LazyExpressionEditor(props: ExpressionEditorProps) {
  return (
    <Suspense fallback={<LoadingGrid columns={1} rows={3} />}>
      <ExpressionEditor {...props} />
    </Suspense>
  );
}
