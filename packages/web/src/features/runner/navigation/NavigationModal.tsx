import type { NavigationIntent } from '@plinth/grid';
import { type PageVersionContent, type RunnerAppResponse, unsavedChangesQuestion } from '@plinth/schema';
import { ErrorDisplay, LoadingGrid, Modal, toast } from '@plinth/ui';
import { lazy, Suspense, useCallback, useState } from 'react';
import { intentAction } from '../../pages/public';
import { RunnerPageView } from '../page/RunnerPageView';
import { LazyRecordView } from '../record/LazyRecordView';
import { parseRunnerQuery } from '../runnerQuery';
import { TaskView } from '../tasks/TaskView';
import { modalSizeOf } from './modalSize';
import { resolveNavigation } from './resolveNavigation';
import type { RunnerHost } from './runnerTarget';
import type { ModalTarget } from './useRunnerNavigation';

const ReportView = lazy(() => import('../../report/public').then((m) => ({ default: m.ReportView })));

/** Spec 01 §8. */
export const failedToGetPageForModal = 'Failed to get page for modal.';

/** A report's grid in its modal: tall enough to read, short enough to leave the frame on screen. */
const reportGridHeight = 'min(60vh, 36rem)';

export interface NavigationModalProps {
  app: RunnerAppResponse;
  modal: ModalTarget;
  host: RunnerHost;
  onClose: () => void;
  /** Leaves the modal for the page it shows, or for `url` (a modal opened inside this one). */
  onOpenAsPage: (url?: string) => void;
  /** A record shown in the modal was deleted: the host closes it and reads its page again. */
  onRecordDeleted?: () => void;
  /** The task shown in the modal was completed: the host closes it and reads its page again. */
  onTaskCompleted?: () => void;
}

/**
 * A page opened over the current one (a navigation action's openAs modal): a record from a report
 * row, a page, or a report (decision 0109). The modal is the frame — its title, its close button,
 * Escape, the focus kept inside — so what it shows brings no heading or document title of its own.
 * A report's rows open their records in a modal over it, so closing one comes back to the report.
 */
export function NavigationModal({
  app,
  modal,
  host,
  onClose,
  onOpenAsPage,
  onRecordDeleted,
  onTaskCompleted,
}: NavigationModalProps) {
  const { target } = modal;
  const query = parseRunnerQuery(modal.url.split('?')[1] ?? '');
  const page = target.kind === 'page' ? app.pages.find((p) => p.slug === target.pageSlug) : undefined;
  const [title, setTitle] = useState(page?.name ?? (target.kind === 'report' ? 'Report' : ''));
  const [pageSize, setPageSize] = useState<'small' | 'medium'>('medium');
  const onContent = useCallback((content: PageVersionContent) => setPageSize(modalSizeOf(content)), []);
  // A record form with unsaved changes, or a report with unsaved inline edits, asks before the
  // modal goes (spec 01 §4).
  const [isDirty, setDirty] = useState(false);
  const leaving = (leave: () => void) => () => {
    if (!isDirty || window.confirm(unsavedChangesQuestion)) leave();
  };
  // A record opened from the report in this modal, over it; the report reads again after a delete.
  const [inner, setInner] = useState<ModalTarget | null>(null);
  const [refreshToken, setRefreshToken] = useState(0);
  const openFromReport = (intent: NavigationIntent) => {
    const action = intentAction(intent);
    if (!action) return;
    const resolution = resolveNavigation(action, {
      app: { slug: app.slug, pages: app.pages },
      page: null,
      recordId: null,
      host,
    });
    if (!resolution.ok) {
      console.warn(resolution.warning);
      toast.warning(resolution.warning);
      return;
    }
    setInner({ target: resolution.target, url: resolution.url });
  };
  return (
    <Modal
      title={title}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) leaving(onClose)();
      }}
      size={
        target.kind === 'page'
          ? pageSize
          : target.kind === 'record' || target.kind === 'task'
            ? 'medium'
            : 'extraLarge'
      }
      buttons={[
        {
          kind: 'custom',
          label: 'Open as page',
          variant: 'secondary',
          onPress: leaving(() => onOpenAsPage()),
        },
        { kind: 'close', variant: 'primary', onPress: leaving(onClose) },
      ]}
    >
      {target.kind === 'record' ? (
        <LazyRecordView
          mode={target.mode}
          query={query}
          isEmbedded
          onTitle={setTitle}
          onDirtyChange={setDirty}
          {...(onRecordDeleted ? { onDeleted: onRecordDeleted } : {})}
        />
      ) : target.kind === 'task' ? (
        <TaskView
          taskId={target.taskId}
          mode={target.mode}
          query={query}
          isEmbedded
          onTitle={setTitle}
          onDirtyChange={setDirty}
          onCompleted={onTaskCompleted ?? onClose}
        />
      ) : target.kind === 'report' ? (
        <Suspense fallback={<LoadingGrid columns={4} rows={8} />}>
          <ReportView
            reportId={target.reportId}
            showHeader={false}
            onTitle={setTitle}
            onNavigate={openFromReport}
            onUnsavedChangesChange={setDirty}
            refreshToken={refreshToken}
            height={reportGridHeight}
            {...(target.conditions ? { masterConditions: target.conditions } : {})}
            isReadOnly={target.isReadOnly === true}
          />
        </Suspense>
      ) : page ? (
        <RunnerPageView app={app} page={page} query={query} host={host} isEmbedded onContent={onContent} />
      ) : (
        <ErrorDisplay message={failedToGetPageForModal} />
      )}
      {inner && (
        <NavigationModal
          app={app}
          modal={inner}
          host={host}
          onClose={() => setInner(null)}
          onOpenAsPage={() => onOpenAsPage(inner.url)}
          onRecordDeleted={() => {
            setInner(null);
            setRefreshToken((n) => n + 1);
          }}
        />
      )}
    </Modal>
  );
}
