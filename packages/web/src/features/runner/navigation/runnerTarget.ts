import type { QueryCondition, TaskState } from '@plinth/schema';

/**
 * Where the runner can go inside an app: a page (with its record), a record route (_createRecord,
 * _editRecord, _viewRecord), a report, or My tasks and a task — and the URL of each, on the /apps path or in the hash
 * host route `#/{tenant}/0/apprunner` (spec 01 §2).
 */
export type RunnerTarget =
  | { kind: 'page'; pageSlug: string; cid: number | null; formMode: 'view' | 'edit' | 'default' }
  | {
      kind: 'record';
      mode: 'create' | 'edit' | 'view';
      cid: number;
      pageId: number;
      /** The page it was opened from (`fromPageSlug`), which the menu keeps current. */
      fromPageSlug?: string;
    }
  | {
      kind: 'report';
      reportId: number;
      fromPageSlug: string | null;
      /** In a modal only: the conditions it opens with, and whether it is read-only (not in its URL). */
      conditions?: readonly QueryCondition[];
      isReadOnly?: boolean;
    }
  /** "My tasks", on one of its lists (decision 0131). */
  | { kind: 'tasks'; state: TaskState }
  /** A task on its record's form: in view mode (NAVIGATE_TO_TASK), or in the mode the task says. */
  | { kind: 'task'; taskId: number; mode: 'view' | 'task' };

/** The runner's frame: the /apps path, or the hash host route of a tenant. */
export type RunnerHost = { kind: 'path' } | { kind: 'hash'; tenant: string; preview: boolean };

export const recordSegments = { create: '_createRecord', edit: '_editRecord', view: '_viewRecord' } as const;

function targetQuery(target: RunnerTarget): URLSearchParams {
  const query = new URLSearchParams();
  if (target.kind === 'page') {
    if (target.cid !== null) query.set('cid', String(target.cid));
    if (target.formMode !== 'default') query.set('formMode', target.formMode);
  } else if (target.kind === 'record') {
    query.set('cid', String(target.cid));
    if (target.mode !== 'create') query.set('formMode', target.mode);
    if (target.pageId > 0) query.set('pageId', String(target.pageId));
    if (target.fromPageSlug) query.set('fromPageSlug', target.fromPageSlug);
  } else if (target.kind === 'tasks') {
    if (target.state !== 'open') query.set('state', target.state);
  } else if (target.kind === 'task' && target.mode === 'view') query.set('formMode', 'view');
  return query;
}

/** The page part of a target: its slug, a record route's segment or `_report/{id}`. */
function targetSegment(target: RunnerTarget): string {
  if (target.kind === 'page') return encodeURIComponent(target.pageSlug);
  if (target.kind === 'record') return recordSegments[target.mode];
  if (target.kind === 'tasks') return '_tasks';
  if (target.kind === 'task') return `_tasks/${target.taskId}`;
  const from = target.fromPageSlug ? `${encodeURIComponent(target.fromPageSlug)}/` : '';
  return `${from}_report/${target.reportId}`;
}

/** The URL of a target in an app; '' when the target has no address (a page without a slug). */
export function targetUrl(
  appSlug: string,
  target: RunnerTarget,
  host: RunnerHost = { kind: 'path' },
): string {
  if (target.kind === 'page' && !target.pageSlug) return '';
  const query = targetQuery(target);
  if (host.kind === 'path') {
    const search = query.toString();
    return `/apps/${encodeURIComponent(appSlug)}/${targetSegment(target)}${search ? `?${search}` : ''}`;
  }
  if (!appSlug) return '';
  const hostQuery = new URLSearchParams({ app: appSlug, page: decodeURIComponent(targetSegment(target)) });
  for (const [key, value] of query) hostQuery.set(key, value);
  if (host.preview) hostQuery.set('preview', '1');
  return `#/${encodeURIComponent(host.tenant)}/0/apprunner?${hostQuery}`;
}

/**
 * The builder's preview of a page (spec 01 §2): the hash host route with `preview=1`, which shows
 * the page's draft; with `formMode=view` when the page shows its title bar.
 *
 * @example previewUrl('demo', 'crm', 'home', false) // '#/demo/0/apprunner?app=crm&page=home&preview=1'
 */
export function previewUrl(
  tenant: string,
  appSlug: string,
  pageSlug: string,
  showsTitleBar: boolean,
): string {
  const query = new URLSearchParams({ app: appSlug, page: pageSlug, preview: '1' });
  if (showsTitleBar) query.set('formMode', 'view');
  return `#/${encodeURIComponent(tenant)}/0/apprunner?${query}`;
}
