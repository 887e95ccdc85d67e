import { describe, expect, it } from 'vitest';
import { matchRoute } from './routes';

describe('matchRoute', () => {
  it('matches the builder routes', () => {
    expect(matchRoute('/admin/apps')).toEqual({ kind: 'adminApps' });
    expect(matchRoute('/admin/document-templates')).toEqual({ kind: 'adminDocumentTemplates' });
    expect(matchRoute('/admin/document-templates/1')).toEqual({ kind: 'notFound' });
    expect(matchRoute('/admin/apps/')).toEqual({ kind: 'adminApps' });
    expect(matchRoute('/admin/apps/crm')).toEqual({ kind: 'builderApp', appSlug: 'crm' });
    expect(matchRoute('/admin/apps/crm/home')).toEqual({
      kind: 'builderPage',
      appSlug: 'crm',
      pageSlug: 'home',
    });
  });

  it('matches the workflow routes', () => {
    expect(matchRoute('/admin/workflows')).toEqual({ kind: 'adminWorkflows', workflowId: null });
    expect(matchRoute('/admin/workflows/new')).toEqual({ kind: 'adminWorkflows', workflowId: 'new' });
    expect(matchRoute('/admin/workflows/42')).toEqual({ kind: 'adminWorkflows', workflowId: 42 });
    expect(matchRoute('/admin/workflows/x')).toEqual({ kind: 'notFound' });
  });

  it('matches the runner routes', () => {
    expect(matchRoute('/apps')).toEqual({ kind: 'appList' });
    expect(matchRoute('/apps/crm')).toEqual({ kind: 'runnerApp', appSlug: 'crm' });
    expect(matchRoute('/apps/crm/accounts')).toEqual({
      kind: 'runnerPage',
      appSlug: 'crm',
      pageSlug: 'accounts',
    });
    expect(matchRoute('/apps/crm/_createRecord')).toEqual({ kind: 'runnerCreateRecord', appSlug: 'crm' });
    expect(matchRoute('/apps/crm/_editRecord')).toEqual({ kind: 'runnerEditRecord', appSlug: 'crm' });
    expect(matchRoute('/apps/crm/_viewRecord')).toEqual({ kind: 'runnerViewRecord', appSlug: 'crm' });
    expect(matchRoute('/apps/crm/_sitemap')).toEqual({ kind: 'runnerSitemap', appSlug: 'crm' });
    expect(matchRoute('/apps/crm/_tasks')).toEqual({ kind: 'runnerTasks', appSlug: 'crm', taskId: null });
    expect(matchRoute('/apps/crm/_tasks/42')).toEqual({ kind: 'runnerTasks', appSlug: 'crm', taskId: 42 });
    expect(matchRoute('/apps/crm/_tasks/abc')).toEqual({ kind: 'notFound' });
    expect(matchRoute('/apps/crm/_report/42')).toEqual({
      kind: 'runnerReport',
      appSlug: 'crm',
      reportId: '42',
    });
    expect(matchRoute('/apps/crm/home/_report/42')).toEqual({
      kind: 'runnerReport',
      appSlug: 'crm',
      reportId: '42',
    });
  });

  it('matches a public report by tenant and numeric id only', () => {
    expect(matchRoute('/public/demo/report/42')).toEqual({
      kind: 'publicReport',
      tenant: 'demo',
      reportId: '42',
    });
    expect(matchRoute('/public/demo/report/crm:deals')).toEqual({ kind: 'notFound' });
    expect(matchRoute('/public/demo/report')).toEqual({ kind: 'notFound' });
  });

  it('matches the hash host route with app, page and preview', () => {
    expect(matchRoute('/', '#/demo/0/apprunner?app=crm&page=home&preview=1')).toEqual({
      kind: 'hostRunner',
      tenant: 'demo',
      app: 'crm',
      page: 'home',
      preview: true,
    });
  });

  it('matches sign-in, gallery, home and nothing else', () => {
    expect(matchRoute('/')).toEqual({ kind: 'home' });
    expect(matchRoute('/signin')).toEqual({ kind: 'signIn' });
    expect(matchRoute('/_gallery')).toEqual({ kind: 'gallery' });
    expect(matchRoute('/nowhere')).toEqual({ kind: 'notFound' });
    expect(matchRoute('/apps/crm/a/b/c/d')).toEqual({ kind: 'notFound' });
    expect(matchRoute('/apps/%E0%A4%A')).toEqual({ kind: 'notFound' });
  });
});
