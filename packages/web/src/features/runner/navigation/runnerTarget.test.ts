import { describe, expect, it } from 'vitest';
import { previewUrl, targetUrl } from './runnerTarget';

describe('targetUrl', () => {
  it('builds /apps URLs for pages, record routes and reports', () => {
    expect(targetUrl('crm', { kind: 'page', pageSlug: 'home', cid: null, formMode: 'default' })).toBe(
      '/apps/crm/home',
    );
    expect(targetUrl('my app', { kind: 'record', mode: 'create', cid: 30, pageId: 4 })).toBe(
      '/apps/my%20app/_createRecord?cid=30&pageId=4',
    );
    expect(targetUrl('crm', { kind: 'report', reportId: 9, fromPageSlug: null })).toBe('/apps/crm/_report/9');
  });

  it('has no address for a page without a slug, or a hosted app without one', () => {
    expect(targetUrl('crm', { kind: 'page', pageSlug: '', cid: null, formMode: 'default' })).toBe('');
    const hosted = { kind: 'hash', tenant: 'demo', preview: false } as const;
    expect(targetUrl('', { kind: 'page', pageSlug: 'home', cid: null, formMode: 'default' }, hosted)).toBe(
      '',
    );
  });
});

describe('previewUrl', () => {
  it('opens the draft in the hash host route, in view mode when the title bar shows', () => {
    expect(previewUrl('demo', 'crm', 'home', false)).toBe('#/demo/0/apprunner?app=crm&page=home&preview=1');
    expect(previewUrl('demo', 'crm', 'account', true)).toBe(
      '#/demo/0/apprunner?app=crm&page=account&preview=1&formMode=view',
    );
  });
});
