import type { PageSummary } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { type NavigationContext, resolveNavigation } from './resolveNavigation';

const page = (id: number, name: string, slug: string, extra: Partial<PageSummary> = {}): PageSummary => ({
  id,
  name,
  slug,
  description: null,
  type: 'default',
  hidden: false,
  showMenu: true,
  showInSitemap: true,
  icon: null,
  contextEntityTypeId: null,
  isDefaultEditRecordPage: false,
  ...extra,
});

const pages = [
  page(1, 'Home', 'home'),
  page(2, 'Accounts', 'accounts'),
  page(3, 'Opportunity', 'opportunity', { type: 'singleRecordEdit', contextEntityTypeId: 30 }),
  page(4, 'Nameless', ''),
];
const context = (extra: Partial<NavigationContext> = {}): NavigationContext => ({
  app: { slug: 'crm', pages },
  page: { id: 1, name: 'Home', slug: 'home' },
  recordId: null,
  host: { kind: 'path' },
  ...extra,
});

const urlOf = (resolution: ReturnType<typeof resolveNavigation>) =>
  resolution.ok ? resolution.url : resolution.warning;

describe('resolveNavigation', () => {
  it('goes to a page of the app by id or slug, with its record', () => {
    expect(urlOf(resolveNavigation({ type: 'NAVIGATE_TO_PAGE', pageId: 2 }, context()))).toBe(
      '/apps/crm/accounts',
    );
    expect(
      urlOf(resolveNavigation({ type: 'NAVIGATE_TO_PAGE', pageSlug: 'Accounts', recordId: 5 }, context())),
    ).toBe('/apps/crm/accounts?cid=5');
  });

  it('warns, verbatim, about another app, a missing page and the current page', () => {
    expect(urlOf(resolveNavigation({ type: 'NAVIGATE_TO_PAGE', pageId: 2, appSlug: 'hr' }, context()))).toBe(
      'Navigation to pages in different Apps is not implemented in the AppRunner yet',
    );
    expect(urlOf(resolveNavigation({ type: 'NAVIGATE_TO_PAGE', pageId: 99 }, context()))).toBe(
      'Can not navigate to page 99. Page not found',
    );
    expect(urlOf(resolveNavigation({ type: 'NAVIGATE_TO_PAGE', pageId: 1 }, context()))).toBe(
      'Not navigating to page Home. Destination page matches current page',
    );
    // The same page with another record is a move.
    expect(urlOf(resolveNavigation({ type: 'NAVIGATE_TO_PAGE', pageId: 1, recordId: 8 }, context()))).toBe(
      '/apps/crm/home?cid=8',
    );
  });

  it('warns when the URL or the host query is empty', () => {
    expect(urlOf(resolveNavigation({ type: 'NAVIGATE_TO_PAGE', pageId: 4 }, context()))).toBe(
      'Not navigating to page Nameless. Url is empty.',
    );
    const hosted = context({ host: { kind: 'hash', tenant: 'demo', preview: false } });
    expect(urlOf(resolveNavigation({ type: 'NAVIGATE_TO_PAGE', pageId: 4 }, hosted))).toBe(
      'Not navigating to page Nameless. Host query is empty.',
    );
  });

  it('opens a form page for a record, or the record routes without a page', () => {
    const formPage = resolveNavigation(
      { type: 'NAVIGATE_TO_FORM_PAGE', pageId: 3, recordId: 77, formMode: 'edit', openAs: 'modal' },
      context(),
    );
    expect(formPage).toEqual({
      ok: true,
      target: { kind: 'page', pageSlug: 'opportunity', cid: 77, formMode: 'edit' },
      url: '/apps/crm/opportunity?cid=77&formMode=edit',
      openAs: 'modal',
      breadcrumbAction: 'append',
    });
    expect(
      urlOf(resolveNavigation({ type: 'NAVIGATE_TO_FORM_PAGE', recordId: 77, formMode: 'view' }, context())),
    ).toBe('/apps/crm/_viewRecord?cid=77&formMode=view&fromPageSlug=home');
    expect(
      urlOf(resolveNavigation({ type: 'NAVIGATE_TO_FORM_PAGE', typeId: 30, formMode: 'new' }, context())),
    ).toBe('/apps/crm/_createRecord?cid=30&fromPageSlug=home');
  });

  it('names the page a record route was opened from; without a page, none', () => {
    expect(
      urlOf(
        resolveNavigation(
          { type: 'NAVIGATE_TO_FORM_PAGE', recordId: 6, formMode: 'view' },
          context({ page: null }),
        ),
      ),
    ).toBe('/apps/crm/_viewRecord?cid=6&formMode=view');
  });

  it('takes the id of the record a component saved', () => {
    const saved = context({ savedEntities: new Map([['form1', 91]]) });
    expect(
      urlOf(
        resolveNavigation(
          { type: 'NAVIGATE_TO_FORM_PAGE', savedByComponentId: 'form1', formMode: 'edit' },
          saved,
        ),
      ),
    ).toBe('/apps/crm/_editRecord?cid=91&formMode=edit&fromPageSlug=home');
    expect(
      urlOf(
        resolveNavigation(
          { type: 'NAVIGATE_TO_FORM_PAGE', savedByComponentId: 'form2', formMode: 'edit' },
          saved,
        ),
      ),
    ).toBe('Not navigating to page Home. Url is empty.');
  });

  it('opens forms, tasks (always in view mode), new-record pages and reports', () => {
    expect(
      urlOf(
        resolveNavigation({ type: 'NAVIGATE_TO_FORM', recordId: 5, formId: 12, formMode: 'edit' }, context()),
      ),
    ).toBe('/apps/crm/_editRecord?cid=5&formMode=edit&pageId=12&fromPageSlug=home');
    // A task opens its record's form with the task above it (decision 0131): in view mode, or in a
    // popup as the task says.
    const task = resolveNavigation({ type: 'NAVIGATE_TO_TASK', taskId: 6 }, context());
    expect(urlOf(task)).toBe('/apps/crm/_tasks/6?formMode=view');
    expect(task.ok && task.target).toEqual({ kind: 'task', taskId: 6, mode: 'view' });
    const popup = resolveNavigation({ type: 'NAVIGATE_TO_TASK', taskId: 6, openAs: 'modal' }, context());
    expect(popup.ok && popup.openAs).toBe('modal');
    expect(popup.ok && popup.target).toEqual({ kind: 'task', taskId: 6, mode: 'task' });
    expect(urlOf(popup)).toBe('/apps/crm/_tasks/6');
    expect(
      urlOf(
        resolveNavigation(
          { type: 'NAVIGATE_TO_TASK', taskId: 6 },
          context({ host: { kind: 'hash', tenant: 'demo', preview: false } }),
        ),
      ),
    ).toBe('#/demo/0/apprunner?app=crm&page=_tasks%2F6&formMode=view');
    expect(urlOf(resolveNavigation({ type: 'NAVIGATE_TO_NEW_RESOURCE_PAGE', typeId: 30 }, context()))).toBe(
      '/apps/crm/_createRecord?cid=30&fromPageSlug=home',
    );
    expect(
      urlOf(resolveNavigation({ type: 'NAVIGATE_TO_NEW_RESOURCE_PAGE', typeId: 30, pageId: 3 }, context())),
    ).toBe('/apps/crm/opportunity?cid=30');
    expect(urlOf(resolveNavigation({ type: 'NAVIGATE_TO_REPORT', reportId: 42 }, context()))).toBe(
      '/apps/crm/home/_report/42',
    );
  });

  it('gives a report its opener’s conditions and read-only state in a modal, not in its URL', () => {
    const conditions = [{ expid: 'stage', oper: 'AnyOf', valueList: [11] }] as never;
    const resolution = resolveNavigation(
      { type: 'NAVIGATE_TO_REPORT', reportId: 42, openAs: 'modal', conditions, isReadOnly: true },
      context(),
    );
    expect(resolution).toMatchObject({
      ok: true,
      url: '/apps/crm/home/_report/42',
      openAs: 'modal',
      target: { kind: 'report', reportId: 42, fromPageSlug: 'home', conditions, isReadOnly: true },
    });
  });

  it('keeps the hash host route, and its preview, when the runner is hosted', () => {
    const hosted = context({ host: { kind: 'hash', tenant: 'demo', preview: true } });
    expect(
      urlOf(resolveNavigation({ type: 'NAVIGATE_TO_PAGE', pageId: 2, breadcrumbAction: 'none' }, hosted)),
    ).toBe('#/demo/0/apprunner?app=crm&page=accounts&preview=1');
    expect(urlOf(resolveNavigation({ type: 'NAVIGATE_TO_TASK', taskId: 6 }, hosted))).toBe(
      '#/demo/0/apprunner?app=crm&page=_tasks%2F6&formMode=view&preview=1',
    );
  });
});
