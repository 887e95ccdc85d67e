import type { PageSummary, PageVersionContent, RunnerAppResponse, RunnerPageResponse } from '@plinth/schema';
import { ErrorDisplay, LoadingGrid } from '@plinth/ui';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { useNotificationRefreshOn } from '../../notifications/public';
import { createPageBus, PageRenderer } from '../../pages/public';
import { BreadcrumbBar, useRecordVisit } from '../breadcrumbs/public';
import type { RunnerHost } from '../navigation/runnerTarget';
import { type ModalTarget, useRunnerNavigation } from '../navigation/useRunnerNavigation';
import { preloadRecordViewWhenIdle } from '../record/LazyRecordView';
import type { RunnerQuery } from '../runnerQuery';
import { readRuntimeOptions, withOptionValues } from '../runtimeOptions';
import { PageTitleBar } from './PageTitleBar';
import { registerPageComponentRenderers } from './pageComponentRenderers';
import { failedToLoadPage, usePageResponse } from './usePageResponse';
import { useRecordSummary } from './useRecordSummary';
import { useUnsavedPageGuard } from './useUnsavedPageGuard';

registerPageComponentRenderers();

/** Whether a page shows a level-1 heading of its own (a heading component). */
const hasTopHeading = (content: PageVersionContent) =>
  content.components.some(
    (c) => c.typeAlias === 'core:headingComponent' && (c.properties as { level?: unknown }).level === 1,
  );

export interface RunnerPageViewProps {
  app: RunnerAppResponse;
  /** The page to show, as the app lists it (its slug and id). */
  page: PageSummary;
  /** The page's published version as the app call brought it along: shown without asking again. */
  included?: RunnerPageResponse | undefined;
  query: RunnerQuery;
  host: RunnerHost;
  /** In a modal: no breadcrumbs, no document title; the host frames it. */
  isEmbedded?: boolean;
  /** Hears the page's content once loaded (a modal sizes itself by it). */
  onContent?: (content: PageVersionContent) => void;
  /** Shows a page a navigation action opens as a modal; without it such a page opens in place. */
  renderModal?: (
    modal: ModalTarget,
    close: () => void,
    /** Leaves the modal for its page, or for the page of a modal opened inside it (`url`). */
    openAsPage: (url?: string) => void,
    /** Reads the page's data again (a record in the modal was deleted). */
    refreshPage: () => void,
  ) => ReactNode;
}

/**
 * One page of an app (spec 01 §2 `/apps/{app}/{pageSlug}`): its published version — its draft in a
 * preview — rendered by the page renderer, with the title bar, the breadcrumbs, the page's
 * navigation actions and the unsaved-changes guard. The query's runtime options (`rtOptions`,
 * decision 0108) may hide the breadcrumbs, show or hide the title bar, and give the page's
 * variables their values.
 */
export function RunnerPageView({
  app,
  page,
  included,
  query,
  host,
  isEmbedded = false,
  onContent,
  renderModal,
}: RunnerPageViewProps) {
  const preview = query.preview || (host.kind === 'hash' && host.preview);
  const state = usePageResponse(
    `${page.id}|${preview}`,
    (api, signal) => api.pageById(page.id, preview, signal),
    preview ? undefined : included,
  );
  const response = state.status === 'ready' ? state.response : null;
  const options = useMemo(() => readRuntimeOptions(query.rtOptions), [query.rtOptions]);
  // The page as these options show it: its variables' values and its title bar.
  const content = useMemo(() => {
    if (!response) return null;
    const { content } = response;
    const variables = withOptionValues(content.variables, options.variables);
    const titleBar =
      options.showTitleBar === undefined
        ? content.titleBar
        : { ...content.titleBar, pageShowTitleBar: options.showTitleBar };
    return { ...content, variables, titleBar };
  }, [response, options]);
  // A preview of a record page without a record shows it with the page's test record.
  const recordId = query.cid ?? (preview ? (response?.content.testResourceId ?? null) : null);
  const record = useRecordSummary(page.contextEntityTypeId !== null ? recordId : null);
  const recordName = record.status === 'ready' ? record.record.name : null;
  useEffect(() => {
    if (response) onContent?.(response.content);
  }, [response, onContent]);
  // A record opened from the page, in a modal or on its own, finds its code loaded (decision 0133).
  useEffect(() => (response ? preloadRecordViewWhenIdle(5000) : undefined), [response]);
  const name = response
    ? response.content.titleBar.format === 'recordName' && recordName
      ? recordName
      : page.name
    : page.name;
  useDocumentTitle(isEmbedded ? undefined : name);
  const showsBreadcrumbs = !isEmbedded && options.showBreadcrumbs !== false;
  // Without its bar the page is still a step of the trail the next page shows.
  useRecordVisit({ name: !isEmbedded && !showsBreadcrumbs && response ? name : undefined });
  const bus = useMemo(() => createPageBus(), []);
  useNotificationRefreshOn(bus);
  const [isDirty, setDirty] = useState(false);
  useUnsavedPageGuard(isDirty);
  const context = useMemo(
    () => ({
      app: { slug: app.slug, pages: app.pages },
      page: { id: page.id, name: page.name, slug: page.slug },
      recordId,
      host,
    }),
    [app, page, recordId, host],
  );
  const navigation = useRunnerNavigation(context, name, renderModal !== undefined);

  if (state.status === 'failed')
    return (
      <ErrorDisplay
        message={`${failedToLoadPage(page.slug || page.id)}. ${state.message}`}
        homeHref="/apps"
      />
    );
  return (
    <div className="pl-runner-page" data-page={page.slug}>
      {showsBreadcrumbs && <BreadcrumbBar currentName={response ? name : undefined} />}
      {response && content ? (
        <>
          <PageTitleBar
            bar={content.titleBar}
            recordName={recordName}
            pageName={page.name}
            hasOwnHeading={hasTopHeading(content)}
          />
          {preview && (
            <p className="pl-runner-page__preview">
              {response.versionKind === 'draft'
                ? 'Preview of the draft'
                : 'Preview: the page has no draft, its published version is shown'}
            </p>
          )}
          {page.contextEntityTypeId !== null && recordId === null && (
            <p className="pl-runner-page__no-record" role="note">
              This page shows a record: open it from a list or a link to a record.
            </p>
          )}
          <PageRenderer
            content={content}
            context={{
              app: { id: app.id, slug: app.slug, name: app.name },
              page,
              record: record.status === 'ready' ? record.record : null,
              formMode: query.formMode,
            }}
            onNavigate={navigation.onNavigate}
            onDirtyChange={setDirty}
            bus={bus}
          />
        </>
      ) : (
        <LoadingGrid columns={3} rows={6} />
      )}
      {navigation.modal &&
        renderModal?.(navigation.modal, navigation.closeModal, navigation.openModalAsPage, () =>
          bus.send({ type: 'REFRESH' }),
        )}
    </div>
  );
}
