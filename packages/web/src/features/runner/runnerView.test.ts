import { describe, expect, it } from 'vitest';
import { viewOfPageParam } from './runnerView';

describe('viewOfPageParam', () => {
  it('reads the runner’s own segments and page slugs from the hash host route’s page', () => {
    expect(viewOfPageParam(null)).toEqual({ kind: 'defaultPage' });
    expect(viewOfPageParam('_sitemap')).toEqual({ kind: 'sitemap' });
    expect(viewOfPageParam('_viewRecord')).toEqual({ kind: 'record', mode: 'view' });
    expect(viewOfPageParam('accounts')).toEqual({ kind: 'page', pageSlug: 'accounts' });
    expect(viewOfPageParam('_tasks')).toEqual({ kind: 'tasks' });
    expect(viewOfPageParam('_tasks/31')).toEqual({ kind: 'task', taskId: 31 });
    expect(viewOfPageParam('_tasks/x')).toEqual({ kind: 'page', pageSlug: '_tasks/x' });
  });

  it('reads a report with the page it was opened from (fromPageSlug), or without one', () => {
    expect(viewOfPageParam('home/_report/42')).toEqual({
      kind: 'report',
      reportId: '42',
      fromPageSlug: 'home',
    });
    expect(viewOfPageParam('_report/42')).toEqual({ kind: 'report', reportId: '42' });
  });
});
