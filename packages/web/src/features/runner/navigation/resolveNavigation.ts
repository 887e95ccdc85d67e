import {
  type BreadcrumbAction,
  type NavigationAction,
  navigationWarnings,
  type OpenAs,
  type PageSummary,
} from '@plinth/schema';
import { type RunnerHost, type RunnerTarget, targetUrl } from './runnerTarget';

/** Where a navigation starts: the app and page shown, the record on it, the frame. */
export interface NavigationContext {
  app: { slug: string; pages: readonly PageSummary[] };
  page: { id: number; name: string; slug: string } | null;
  recordId: number | null;
  host: RunnerHost;
  /** Records saved by the page's components, by component id (a form-page navigation may take one). */
  savedEntities?: ReadonlyMap<string, number>;
}

export type NavigationResolution =
  | { ok: true; target: RunnerTarget; url: string; openAs: OpenAs; breadcrumbAction: BreadcrumbAction }
  | { ok: false; warning: string };

const formModeOf = (mode: 'view' | 'edit' | 'new'): 'view' | 'edit' | 'default' =>
  mode === 'new' ? 'default' : mode;

/**
 * Resolves a navigation action (spec 01 §2) to where it leads, or to the warning of spec 01 §8
 * that says why it does not go anywhere.
 */
export function resolveNavigation(
  action: NavigationAction,
  context: NavigationContext,
): NavigationResolution {
  const found = targetOf(action, context);
  if ('warning' in found) return { ok: false, warning: found.warning };
  const { name } = found;
  // A record route remembers the page it was opened from (its menu item stays current).
  const from = context.page?.slug;
  const target: RunnerTarget =
    found.target.kind === 'record' && from ? { ...found.target, fromPageSlug: from } : found.target;
  const url = targetUrl(context.app.slug, target, context.host);
  if (!url)
    return {
      ok: false,
      warning:
        context.host.kind === 'hash'
          ? navigationWarnings.emptyHostQuery(name)
          : navigationWarnings.emptyUrl(name),
    };
  return {
    ok: true,
    target,
    url,
    openAs: action.openAs ?? 'default',
    breadcrumbAction: action.breadcrumbAction ?? 'append',
  };
}

type Found = { target: RunnerTarget; name: string } | { warning: string };

function pageTarget(
  context: NavigationContext,
  pageId: number,
  cid: number | null,
  formMode: 'view' | 'edit' | 'default',
): Found {
  const page = context.app.pages.find((p) => p.id === pageId);
  if (!page) return { warning: navigationWarnings.pageNotFound(pageId) };
  return { target: { kind: 'page', pageSlug: page.slug, cid, formMode }, name: page.name };
}

function targetOf(action: NavigationAction, context: NavigationContext): Found {
  switch (action.type) {
    case 'NAVIGATE_TO_PAGE': {
      if (action.appSlug && action.appSlug !== context.app.slug)
        return { warning: navigationWarnings.otherApp };
      const page =
        action.pageId !== undefined
          ? context.app.pages.find((p) => p.id === action.pageId)
          : context.app.pages.find((p) => p.slug.toLowerCase() === action.pageSlug?.toLowerCase());
      if (!page) return { warning: navigationWarnings.pageNotFound(action.pageId ?? action.pageSlug ?? '') };
      const cid = action.recordId ?? null;
      if (context.page?.id === page.id && (cid === null || cid === context.recordId))
        return { warning: navigationWarnings.samePage(page.name) };
      return { target: { kind: 'page', pageSlug: page.slug, cid, formMode: 'default' }, name: page.name };
    }
    case 'NAVIGATE_TO_FORM_PAGE': {
      const saved = action.savedByComponentId
        ? context.savedEntities?.get(action.savedByComponentId)
        : undefined;
      if (action.formMode === 'new') {
        if (action.typeId === undefined) return { warning: navigationWarnings.emptyUrl('New record') };
        if (action.pageId) return pageTarget(context, action.pageId, action.typeId, 'default');
        return {
          target: { kind: 'record', mode: 'create', cid: action.typeId, pageId: 0 },
          name: 'New record',
        };
      }
      const recordId = action.recordId ?? saved;
      const name = context.page?.name ?? 'Record';
      if (recordId === undefined) return { warning: navigationWarnings.emptyUrl(name) };
      if (action.pageId) return pageTarget(context, action.pageId, recordId, formModeOf(action.formMode));
      return { target: { kind: 'record', mode: action.formMode, cid: recordId, pageId: 0 }, name };
    }
    case 'NAVIGATE_TO_FORM': {
      const pageId = action.formId ?? 0;
      if (action.formMode === 'new') {
        if (action.typeId === undefined) return { warning: navigationWarnings.emptyUrl('New record') };
        return { target: { kind: 'record', mode: 'create', cid: action.typeId, pageId }, name: 'New record' };
      }
      if (action.recordId === undefined) return { warning: navigationWarnings.emptyUrl('Record') };
      return {
        target: { kind: 'record', mode: action.formMode, cid: action.recordId, pageId },
        name: 'Record',
      };
    }
    case 'NAVIGATE_TO_TASK':
      // Always view mode (spec 01 §2) on a page; a task prompted in a popup opens as it says
      // (decision 0131).
      return {
        target: { kind: 'task', taskId: action.taskId, mode: action.openAs === 'modal' ? 'task' : 'view' },
        name: 'Task',
      };
    case 'NAVIGATE_TO_NEW_RESOURCE_PAGE':
      if (action.pageId) return pageTarget(context, action.pageId, action.typeId, 'default');
      return {
        target: { kind: 'record', mode: 'create', cid: action.typeId, pageId: 0 },
        name: 'New record',
      };
    case 'NAVIGATE_TO_REPORT':
      return {
        target: {
          kind: 'report',
          reportId: action.reportId,
          fromPageSlug: context.page?.slug ?? null,
          ...(action.conditions?.length ? { conditions: action.conditions } : {}),
          ...(action.isReadOnly ? { isReadOnly: true } : {}),
        },
        name: 'Report',
      };
  }
}
