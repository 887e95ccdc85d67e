import { type PageVersionContent, type RunnerAppResponse, unsavedChangesQuestion } from '@plinth/schema';
import { ErrorDisplay, LoadingGrid, Modal } from '@plinth/ui';
import { lazy, Suspense, useCallback, useState } from 'react';
import { RunnerPageView } from '../page/RunnerPageView';
import { RecordView } from '../record/RecordView';
import { parseRunnerQuery } from '../runnerQuery';
import { modalSizeOf } from './modalSize';
import type { RunnerHost } from './runnerTarget';
import type { ModalTarget } from './useRunnerNavigation';

const ReportView = lazy(() => import('../../report/public').then((m) => ({ default: m.ReportView })));

/** Spec 01 §8. */
export const failedToGetPageForModal = 'Failed to get page for modal.';

export interface NavigationModalProps {
  app: RunnerAppResponse;
  modal: ModalTarget;
  host: RunnerHost;
  onClose: () => void;
  /** Leaves the modal for the page it shows (the current page joins the breadcrumbs). */
  onOpenAsPage: () => void;
  /** A record shown in the modal was deleted: the host closes it and reads its page again. */
  onRecordDeleted?: () => void;
}

/** A page opened over the current one (a navigation action's openAs modal), e.g. a record from a report row. */
export function NavigationModal({
  app,
  modal,
  host,
  onClose,
  onOpenAsPage,
  onRecordDeleted,
}: NavigationModalProps) {
  const { target } = modal;
  const query = parseRunnerQuery(modal.url.split('?')[1] ?? '');
  const page = target.kind === 'page' ? app.pages.find((p) => p.slug === target.pageSlug) : undefined;
  const [title, setTitle] = useState(page?.name ?? (target.kind === 'report' ? 'Report' : ''));
  const [pageSize, setPageSize] = useState<'small' | 'medium'>('medium');
  const onContent = useCallback((content: PageVersionContent) => setPageSize(modalSizeOf(content)), []);
  // A record form with unsaved changes asks before the modal goes (spec 01 §4).
  const [isRecordDirty, setRecordDirty] = useState(false);
  const leaving = (leave: () => void) => () => {
    if (!isRecordDirty || window.confirm(unsavedChangesQuestion)) leave();
  };
  return (
    <Modal
      title={title}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) leaving(onClose)();
      }}
      size={target.kind === 'page' ? pageSize : target.kind === 'record' ? 'medium' : 'large'}
      buttons={[
        { kind: 'custom', label: 'Open as page', variant: 'secondary', onPress: leaving(onOpenAsPage) },
        { kind: 'close', variant: 'primary', onPress: leaving(onClose) },
      ]}
    >
      {target.kind === 'record' ? (
        <RecordView
          mode={target.mode}
          query={query}
          isEmbedded
          onTitle={setTitle}
          onDirtyChange={setRecordDirty}
          {...(onRecordDeleted ? { onDeleted: onRecordDeleted } : {})}
        />
      ) : target.kind === 'report' ? (
        <Suspense fallback={<LoadingGrid columns={4} rows={8} />}>
          <ReportView reportId={target.reportId} onNavigate={() => undefined} height="60vh" />
        </Suspense>
      ) : page ? (
        <RunnerPageView app={app} page={page} query={query} host={host} isEmbedded onContent={onContent} />
      ) : (
        <ErrorDisplay message={failedToGetPageForModal} />
      )}
    </Modal>
  );
}
