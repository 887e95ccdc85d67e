/**
 * The app's routes (spec 01 §2): the builder under /admin/apps, the runner under /apps, the hash
 * host route #/{tenant}/0/apprunner, the sign-in page and the building-block gallery.
 */
export type AppRoute =
  | { kind: 'home' }
  | { kind: 'signIn' }
  | { kind: 'appList' }
  | { kind: 'gallery' }
  /** The tenant's settings: time zone, locale, financial-year start (administrators). */
  | { kind: 'adminSettings' }
  /** The Word templates records generate documents from (decision 0129). */
  | { kind: 'adminDocumentTemplates' }
  /** The admin area: users, and roles with their access rules (decisions 0045, 0046). */
  | { kind: 'adminUsers' }
  | { kind: 'adminRoles' }
  /** The schema editor: the Objects (typeId null) or one Object's fields (issue 19). */
  | { kind: 'adminSchema'; typeId: number | null }
  /** The tenant's apps, each with its settings (issue 20). */
  | { kind: 'adminApps' }
  /** The workflows (workflowId null), a new one ('new') or one workflow's editor (issue 21). */
  | { kind: 'adminWorkflows'; workflowId: number | 'new' | null }
  /** The signed-in user's own account: password, sessions, API tokens. */
  | { kind: 'account' }
  | { kind: 'builderApp'; appSlug: string }
  | { kind: 'builderPage'; appSlug: string; pageSlug: string }
  | { kind: 'runnerApp'; appSlug: string }
  | { kind: 'runnerPage'; appSlug: string; pageSlug: string }
  | { kind: 'runnerCreateRecord'; appSlug: string }
  | { kind: 'runnerEditRecord'; appSlug: string }
  | { kind: 'runnerViewRecord'; appSlug: string }
  | { kind: 'runnerReport'; appSlug: string; reportId: string }
  /** A public report: anyone may open it, signed in or not (spec 02 §1 "public report"). */
  | { kind: 'publicReport'; tenant: string; reportId: string }
  | { kind: 'runnerSitemap'; appSlug: string }
  /** My tasks (taskId null) or one task on its record's form (decision 0131). */
  | { kind: 'runnerTasks'; appSlug: string; taskId: number | null }
  | { kind: 'hostRunner'; tenant: string; app: string | null; page: string | null; preview: boolean }
  | { kind: 'notFound' };

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** Matches a location to a route. */
export function matchRoute(pathname: string, hash = ''): AppRoute {
  const hashMatch = /^#\/([^/?]+)\/0\/apprunner(?:\?(.*))?$/.exec(hash);
  if (hashMatch) {
    const query = new URLSearchParams(hashMatch[2] ?? '');
    return {
      kind: 'hostRunner',
      tenant: decode(hashMatch[1]!) ?? '',
      app: query.get('app'),
      page: query.get('page'),
      preview: query.get('preview') === '1',
    };
  }
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean).map(decode);
  if (parts.some((p) => p === null)) return { kind: 'notFound' };
  const [a, b, c, d, e] = parts as string[];
  if (parts.length === 0) return { kind: 'home' };
  if (a === 'signin' && parts.length === 1) return { kind: 'signIn' };
  if (a === '_gallery' && parts.length === 1) return { kind: 'gallery' };
  if (a === 'admin' && b === 'settings' && parts.length === 2) return { kind: 'adminSettings' };
  if (a === 'admin' && b === 'document-templates' && parts.length === 2)
    return { kind: 'adminDocumentTemplates' };
  if (a === 'account' && parts.length === 1) return { kind: 'account' };
  if (a === 'admin' && (b === undefined || b === 'users') && parts.length <= 2) return { kind: 'adminUsers' };
  if (a === 'admin' && b === 'roles' && parts.length === 2) return { kind: 'adminRoles' };
  if (a === 'admin' && b === 'schema' && parts.length === 2) return { kind: 'adminSchema', typeId: null };
  if (a === 'admin' && b === 'schema' && parts.length === 3 && /^\d{1,15}$/.test(c!))
    return { kind: 'adminSchema', typeId: Number(c) };
  if (a === 'admin' && b === 'apps' && parts.length === 2) return { kind: 'adminApps' };
  if (a === 'admin' && b === 'workflows' && parts.length === 2)
    return { kind: 'adminWorkflows', workflowId: null };
  if (a === 'admin' && b === 'workflows' && parts.length === 3 && (c === 'new' || /^\d{1,15}$/.test(c!)))
    return { kind: 'adminWorkflows', workflowId: c === 'new' ? 'new' : Number(c) };
  if (a === 'admin' && b === 'apps' && c) {
    if (parts.length === 3) return { kind: 'builderApp', appSlug: c };
    if (parts.length === 4) return { kind: 'builderPage', appSlug: c, pageSlug: d! };
    return { kind: 'notFound' };
  }
  if (a === 'public' && c === 'report' && parts.length === 4) {
    return /^\d+$/.test(d!) ? { kind: 'publicReport', tenant: b!, reportId: d! } : { kind: 'notFound' };
  }
  if (a === 'apps') {
    if (parts.length === 1) return { kind: 'appList' };
    const appSlug = b!;
    if (parts.length === 2) return { kind: 'runnerApp', appSlug };
    if (parts.length === 3) {
      if (c === '_createRecord') return { kind: 'runnerCreateRecord', appSlug };
      if (c === '_editRecord') return { kind: 'runnerEditRecord', appSlug };
      if (c === '_viewRecord') return { kind: 'runnerViewRecord', appSlug };
      if (c === '_sitemap') return { kind: 'runnerSitemap', appSlug };
      if (c === '_tasks') return { kind: 'runnerTasks', appSlug, taskId: null };
      return { kind: 'runnerPage', appSlug, pageSlug: c! };
    }
    if (parts.length === 4 && c === '_report') return { kind: 'runnerReport', appSlug, reportId: d! };
    if (parts.length === 4 && c === '_tasks' && /^\d{1,15}$/.test(d!))
      return { kind: 'runnerTasks', appSlug, taskId: Number(d) };
    if (parts.length === 5 && d === '_report') return { kind: 'runnerReport', appSlug, reportId: e! };
  }
  return { kind: 'notFound' };
}
