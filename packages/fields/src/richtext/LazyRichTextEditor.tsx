import { LoadingGrid } from '@plinth/ui';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

const RichTextEditor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));

/** The rich-text editor, loaded on demand (its code is a separate chunk). */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<LoadingGrid columns={1} rows={3} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
