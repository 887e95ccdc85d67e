/** What the runner shows inside an app (spec 01 §2 routes under /apps/{appSlug}/). */
export type RunnerView =
  | { kind: 'defaultPage' }
  | { kind: 'page'; pageSlug: string }
  | { kind: 'sitemap' }
  | { kind: 'record'; mode: 'create' | 'edit' | 'view' }
  /** `fromPageSlug`: the page the report was opened from, when its address names one. */
  | { kind: 'report'; reportId: string; fromPageSlug?: string }
  /** "My tasks" (`_tasks`), and one task opened on its record's form (`_tasks/{id}`, decision 0131). */
  | { kind: 'tasks' }
  | { kind: 'task'; taskId: number };

/**
 * The view the hash host route's `page` parameter names: a page slug, or one of the runner's own
 * segments (`_sitemap`, `_createRecord`, `_editRecord`, `_viewRecord`, `[slug/]_report/{id}`,
 * `_tasks`, `_tasks/{id}`).
 */
export function viewOfPageParam(page: string | null): RunnerView {
  if (!page) return { kind: 'defaultPage' };
  if (page === '_sitemap') return { kind: 'sitemap' };
  if (page === '_createRecord') return { kind: 'record', mode: 'create' };
  if (page === '_editRecord') return { kind: 'record', mode: 'edit' };
  if (page === '_viewRecord') return { kind: 'record', mode: 'view' };
  if (page === '_tasks') return { kind: 'tasks' };
  const task = /^_tasks\/(\d{1,15})$/.exec(page);
  if (task) return { kind: 'task', taskId: Number(task[1]) };
  const report = /^(?:([^/]+)\/)?_report\/([^/]+)$/.exec(page);
  if (report)
    return { kind: 'report', reportId: report[2]!, ...(report[1] ? { fromPageSlug: report[1] } : {}) };
  return { kind: 'page', pageSlug: page };
}
